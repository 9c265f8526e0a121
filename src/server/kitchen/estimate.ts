/**
 * The kitchen's estimate of an order's telemetry, one per kitchen mode: what the driver that
 * moves an order would read for it. Whatever shows an order without a live sensor (the driver's
 * own pass, a new viewer's first message, the cooking curve, a sensor reading that measures no
 * time left) asks {@link estimateByKitchenMode}'s one function, so they all agree.
 */
import type { KitchenMode } from '../../shared/schemas/kitchen'
import type { Telemetry } from '../../shared/schemas/orders'
import type { EstimatedOrder } from '../orders/estimated-order'
import { STATUS_CEILING, STATUS_FLOOR } from './bump'

export type { EstimatedOrder } from '../orders/estimated-order'

/** A sensor's newest reading of an order: the estimate continues from it once the sensor is silent. */
export interface LastReading {
  temperature: number
  /** When it was measured, ms since epoch. */
  at: number
}

/** What a driver would read for an order at `now`, continuing from the sensor's `last` reading. */
export type TelemetryEstimate = (order: EstimatedOrder, now: number, last?: LastReading) => Telemetry

/** One kitchen mode's estimate: its telemetry, and the temperature it cooks at. */
export interface ModeEstimate {
  telemetry: TelemetryEstimate
  targetTemperature(order: Pick<EstimatedOrder, 'id'>): number | null
}

/** How quickly an estimate that starts from a sensor's last reading settles on its own curve. */
const SETTLE_MS = 30_000

/**
 * The estimate's temperature after a sensor fell silent: it starts from what the sensor last
 * measured and eases towards the estimate's own curve instead of jumping to it.
 */
export function continueFrom(temperature: number, now: number, last?: LastReading): number {
  if (!last) return temperature
  const weight = Math.exp(-Math.max(0, now - last.at) / SETTLE_MS)
  return temperature + (last.temperature - temperature) * weight
}

/** The oven temperature the staffed estimate assumes while an order cooks. */
export const STAFFED_COOKING_F = 375

/** Where a staffed order is by the estimate: progress within its status's band. */
export function estimatedProgress(
  status: string,
  current: number,
  statusAt: number,
  now: number,
  orderMs: number,
): number {
  const lo = STATUS_FLOOR[status]
  const hi = STATUS_CEILING[status]
  if (lo === undefined || hi === undefined || status === 'completed') return current
  const bandMs = (orderMs * (hi - lo)) / 100
  const into = bandMs > 0 ? Math.max(0, now - statusAt) / bandMs : 1
  const estimate = Math.min(hi - 1, lo + Math.floor(into * (hi - lo)))
  return Math.max(current, estimate)
}

/**
 * The staffed estimate's telemetry for an order at `progress` of a status reached at `statusAt`.
 * Time left follows the status's timing to the millisecond, so it falls one second a second.
 * After a sensor falls silent (`last`: its newest reading), the temperature starts from what it
 * last measured and eases towards the estimate's curve instead of jumping to it.
 */
export function estimatedTelemetry(
  status: string,
  progress: number,
  statusAt: number,
  now: number,
  orderMs: number,
  last?: LastReading,
): Telemetry {
  const lo = STATUS_FLOOR[status] ?? 0
  const hi = STATUS_CEILING[status] ?? 100
  const bandMs = (orderMs * (hi - lo)) / 100
  const into = bandMs > 0 ? Math.max(0, now - statusAt) / bandMs : 1
  const exact = status === 'completed' ? 100 : Math.max(progress, Math.min(hi, lo + into * (hi - lo)))
  const within = Math.min(1, Math.max(0, (exact - lo) / Math.max(1, hi - lo)))
  let temperature: number
  if (status === 'preparing') temperature = 72 + 16 * within
  else if (status === 'cooking') temperature = STAFFED_COOKING_F
  else if (status === 'plating') temperature = STAFFED_COOKING_F - 200 * within
  else temperature = 150
  const late = now - statusAt > bandMs
  return {
    temperature: Math.round(continueFrom(temperature, now, last)),
    cookingTime: Math.max(0, Math.round(((100 - exact) / 100) * (orderMs / 1000))),
    status: late ? 'Taking longer than estimated' : 'On schedule (estimate)',
    source: 'estimate',
  }
}

/** The staffed kitchen's estimate: by the time since the kitchen's last bump. */
export function staffedEstimate(orderMs: number): ModeEstimate {
  return {
    telemetry: (order, now, last) =>
      estimatedTelemetry(order.status, order.progress, order.statusAt.getTime(), now, orderMs, last),
    targetTemperature: () => STAFFED_COOKING_F,
  }
}

/** The estimate of every order, whatever its kitchen mode. */
export interface KitchenEstimate {
  telemetry: TelemetryEstimate
  targetTemperature(order: Pick<EstimatedOrder, 'id' | 'kitchenMode'>): number | null
}

/** One estimate for every order: the one of the kitchen mode that moves it. */
export function estimateByKitchenMode(modes: Record<KitchenMode, ModeEstimate>): KitchenEstimate {
  const of = (order: Pick<EstimatedOrder, 'kitchenMode'>) => modes[order.kitchenMode] ?? modes.staffed
  return {
    telemetry: (order, now, last) => of(order).telemetry(order, now, last),
    targetTemperature: (order) => of(order).targetTemperature(order),
  }
}
