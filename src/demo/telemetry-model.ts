/**
 * The kitchen's pure model: where an order is, what its oven reads, and what the status line says,
 * as functions of time. Everything takes `now` so it can be tested with a controlled clock.
 */

import { hashInts } from '../server/infra/stable-hash'
import { type OrderStatus, PROGRESS } from '../shared/constants'
import type { Telemetry } from '../shared/schemas/orders'

export type KitchenStatus = Exclude<OrderStatus, 'cancelled'>

/** Whole percent 0..100 of an order that started at `startedAt` and takes `orderMs`. */
export function progressAt(startedAt: number, now: number, orderMs: number): number {
  if (orderMs <= 0) return 100
  const fraction = (now - startedAt) / orderMs
  if (!(fraction > 0)) return 0
  // The epsilon keeps 0.29 * orderMs at 29 despite binary floating point.
  return Math.min(100, Math.floor(fraction * 100 + 1e-9))
}

export function statusForProgress(progress: number): KitchenStatus {
  if (progress >= 100) return 'completed'
  if (progress >= PROGRESS.delivering) return 'delivering'
  if (progress >= PROGRESS.plating) return 'plating'
  if (progress >= PROGRESS.cooking) return 'cooking'
  return 'preparing'
}

/** Deterministic value in [-1, 1] for (seed, step). */
function jitter(seed: number, step: number): number {
  return (hashInts(seed, step) / 0xffffffff) * 2 - 1
}

/** Smooth noise in [-1, 1]: interpolates between one random value every `periodMs`. */
export function smoothNoise(seed: number, now: number, periodMs = 4000): number {
  const t = now / periodMs
  const step = Math.floor(t)
  const f = t - step
  const ease = f * f * (3 - 2 * f)
  return jitter(seed, step) * (1 - ease) + jitter(seed, step + 1) * ease
}

/** The oven temperature an order aims at while cooking: 360 to 400 °F, fixed per order. */
export function targetTemperature(orderId: number): number {
  return 360 + (hashInts(orderId, 7) % 41)
}

const AMBIENT_F = 72
const IDLE_END_F = 80
const DELIVERY_F = 150
/** Progress at which the oven starts preheating: half-way through preparation. */
const PREHEAT_FROM = PROGRESS.cooking / 2

/** 0 at 0, 1 at 1, flat at both ends. */
function smoothstep(u: number): number {
  const x = Math.max(0, Math.min(1, u))
  return x * x * (3 - 2 * x)
}

/**
 * Oven temperature in °F, continuous from one reading to the next: near ambient while the order
 * is prepared, preheating to the order's target over the second half of preparation, around the
 * target while cooking, falling to serving temperature while plating, and held warm on delivery.
 */
export function temperatureAt(orderId: number, progressExact: number, now: number): number {
  const p = Math.max(0, Math.min(100, progressExact))
  const noise = smoothNoise(orderId, now)
  const target = targetTemperature(orderId)
  let t: number
  if (p < PREHEAT_FROM) {
    t = AMBIENT_F + ((IDLE_END_F - AMBIENT_F) * p) / PREHEAT_FROM + noise * 1.5
  } else if (p < PROGRESS.cooking) {
    const u = (p - PREHEAT_FROM) / (PROGRESS.cooking - PREHEAT_FROM)
    // The noise grows with the heat, so the hand-over to cooking has no step either.
    t = IDLE_END_F + (target - IDLE_END_F) * smoothstep(u) + noise * (1.5 + 4.5 * u)
  } else if (p < PROGRESS.plating) {
    t = Math.max(350, Math.min(425, target + noise * 6))
  } else if (p < PROGRESS.delivering) {
    const into = (p - PROGRESS.plating) / (PROGRESS.delivering - PROGRESS.plating)
    t = target + (DELIVERY_F - target) * smoothstep(into) + noise * 6
  } else {
    t = DELIVERY_F + noise * 6
  }
  return Math.round(t * 10) / 10
}

/** Seconds until the order reaches plating (the end of cooking); 0 once it has. */
export function cookingTimeLeft(startedAt: number, now: number, orderMs: number): number {
  const platingAt = startedAt + (orderMs * PROGRESS.plating) / 100
  return Math.max(0, Math.round((platingAt - now) / 1000))
}

/**
 * "On schedule", "N min ahead" or "Slight delay": fixed per order for a sixth of its run, so it
 * changes slowly and two viewers of one order always read the same line.
 */
export function statusLine(orderId: number, startedAt: number, now: number, orderMs: number): string {
  const progress = progressAt(startedAt, now, orderMs)
  if (progress >= 100) return 'Completed'
  const phase = Math.floor((6 * Math.max(0, now - startedAt)) / orderMs)
  const roll = hashInts(orderId, startedAt % 1_000_000_007, phase) % 10
  if (roll < 6) return 'On schedule'
  if (roll < 8) return `${1 + (hashInts(orderId, phase, 3) % 3)} min ahead`
  return 'Slight delay'
}

export interface KitchenReading {
  progress: number
  status: KitchenStatus
  telemetry: Telemetry
}

/** Everything the kitchen says about an order at `now`. */
export function readingAt(orderId: number, startedAt: number, now: number, orderMs: number): KitchenReading {
  const progress = progressAt(startedAt, now, orderMs)
  const exact = orderMs > 0 ? ((now - startedAt) / orderMs) * 100 : 100
  return {
    progress,
    status: statusForProgress(progress),
    telemetry: {
      temperature: temperatureAt(orderId, exact, now),
      cookingTime: cookingTimeLeft(startedAt, now, orderMs),
      status: statusLine(orderId, startedAt, now, orderMs),
    },
  }
}

/** When the kitchen acknowledges a shout and when it marks it done, after it was sent. */
export function shoutDelays(orderMs: number): { acknowledgeMs: number; doneMs: number } {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v))
  return { acknowledgeMs: clamp(orderMs * 0.005, 200, 8000), doneMs: clamp(orderMs * 0.05, 1000, 90_000) }
}
