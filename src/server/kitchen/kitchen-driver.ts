import type { Telemetry } from '../../shared/schemas/orders'

/**
 * The kitchen's driver seam. A driver moves orders through the kitchen (status, progress,
 * telemetry) on the instance that holds the kitchen lock. The demo world's autopilot
 * (`demo/autopilot.ts`) is one driver; main.ts plugs it in, and product code knows only this
 * interface.
 */
export interface KitchenDriver {
  /** Starts driving; a driver that needs the kitchen lock competes for it first. */
  start(): void
  /** Stops driving and releases what it holds. */
  stop(): Promise<void>
}

/** An order as a driver's telemetry estimate needs it. */
export interface EstimatedOrder {
  id: number
  kitchenStartedAt: Date
}

/**
 * What a driver would read for an order right now. The live channel shows it to a new viewer of
 * an order whose first reading is not stored yet.
 */
export type TelemetryEstimate = (order: EstimatedOrder, now: number) => Telemetry
