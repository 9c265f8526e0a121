/**
 * The kitchen's driver seam. A driver moves orders through the kitchen (status, progress,
 * telemetry) on the instance that holds the kitchen lock. The demo world's autopilot
 * (`src/demo/autopilot.ts`) is one driver; main.ts plugs it in, and product code knows only this
 * interface.
 */
export interface KitchenDriver {
  /** Starts driving; a driver that needs the kitchen lock competes for it first. */
  start(): void
  /** Stops driving and releases what it holds. */
  stop(): Promise<void>
}

/** Each kitchen mode's estimate of an order's telemetry lives in estimate.ts. */
export type { EstimatedOrder, LastReading, ModeEstimate, TelemetryEstimate } from './estimate'

/** An order as the sensor watch needs it: a station's readings concern the orders cooking there. */
export interface WatchedOrder {
  id: number
  restaurantId: number
  status: string
  kitchenStartedAt: Date
}

/**
 * Which orders a sensor has reported on, and whether it still does (`live`: within the offline
 * window). While a sensor reports, drivers leave the order's telemetry to it; once it falls
 * silent, their estimate comes back marked as such, with the sensor shown offline.
 */
export type SensorWatch = (orders: WatchedOrder[], now: number) => Promise<Map<number, SensorState>>

/** What a sensor last said about an order: when, whether it still reports, and its temperature. */
export interface SensorState {
  lastReadingAt: number
  live: boolean
  lastTemperature?: number | null
}
