import { describe, expect, it } from 'vitest'
import { PROGRESS } from '../shared/constants'
import {
  cookingTimeLeft,
  progressAt,
  readingAt,
  shoutDelays,
  statusForProgress,
  statusLine,
  targetTemperature,
  temperatureAt,
} from './telemetry-model'

const ORDER_MS = 900_000
const T0 = Date.UTC(2025, 4, 1, 18, 0, 0)
const at = (fraction: number) => T0 + fraction * ORDER_MS

/** Readings every second across [from, to) of an order's run. */
function temperatures(orderId: number, from: number, to: number): number[] {
  const out: number[] = []
  for (let t = at(from); t < at(to); t += 1000)
    out.push(temperatureAt(orderId, ((t - T0) / ORDER_MS) * 100, t))
  return out
}

describe('the kitchen model', () => {
  it('derives whole-percent progress from the kitchen start time, clamped to 0..100', () => {
    expect(progressAt(T0, T0 - 5000, ORDER_MS)).toBe(0)
    expect(progressAt(T0, T0, ORDER_MS)).toBe(0)
    expect(progressAt(T0, at(0.099), ORDER_MS)).toBe(9)
    expect(progressAt(T0, at(0.5), ORDER_MS)).toBe(50)
    expect(progressAt(T0, at(0.999), ORDER_MS)).toBe(99)
    expect(progressAt(T0, at(1), ORDER_MS)).toBe(100)
    expect(progressAt(T0, at(3), ORDER_MS)).toBe(100)
  })

  it.each([
    [0, 'preparing'],
    [PROGRESS.cooking - 1, 'preparing'],
    [PROGRESS.cooking, 'cooking'],
    [PROGRESS.plating - 1, 'cooking'],
    [PROGRESS.plating, 'plating'],
    [PROGRESS.delivering - 1, 'plating'],
    [PROGRESS.delivering, 'delivering'],
    [99, 'delivering'],
    [100, 'completed'],
  ])('puts an order at %i%% in status %s', (progress, status) => {
    expect(statusForProgress(progress)).toBe(status)
  })

  it('keeps the oven near room temperature while preparing, then preheats it to the order’s target', () => {
    const idle = temperatures(7, 0, 0.15)
    expect(Math.min(...idle)).toBeGreaterThanOrEqual(68)
    expect(Math.max(...idle)).toBeLessThanOrEqual(92)
    const firstMinute = idle.slice(0, 60).reduce((a, b) => a + b) / 60
    const lastMinute = idle.slice(-60).reduce((a, b) => a + b) / 60
    expect(lastMinute).toBeGreaterThan(firstMinute + 3)
    const preheat = temperatures(7, 0.15, 0.3)
    expect(preheat.at(-1)!).toBeGreaterThan(targetTemperature(7) - 10)
    // Rising all the way (one reading a second, allowing for the noise).
    for (let i = 10; i < preheat.length; i += 10) expect(preheat[i]!).toBeGreaterThan(preheat[i - 10]! - 3)
  })

  it('never jumps between two readings: at most 15 °F from one 2-second pass to the next', () => {
    for (const orderId of [1, 2, 3, 7, 42, 999]) {
      const temps = temperatures(orderId, 0, 1)
      let worst = 0
      for (let i = 2; i < temps.length; i += 2) worst = Math.max(worst, Math.abs(temps[i]! - temps[i - 2]!))
      expect(worst).toBeLessThanOrEqual(15)
    }
  })

  it('holds a cooking order between 350 and 425 °F, around its own target', () => {
    for (const orderId of [1, 2, 3, 42, 999]) {
      const temps = temperatures(orderId, 0.3, 0.75)
      expect(Math.min(...temps)).toBeGreaterThanOrEqual(350)
      expect(Math.max(...temps)).toBeLessThanOrEqual(425)
      const settled = temperatures(orderId, 0.4, 0.75)
      const mean = settled.reduce((a, b) => a + b) / settled.length
      expect(Math.abs(mean - targetTemperature(orderId))).toBeLessThan(4)
      // Noise, not a flat line.
      expect(new Set(settled).size).toBeGreaterThan(20)
    }
  })

  it('lets the oven fall while plating and holds the food at 140 to 160 °F on delivery', () => {
    const plating = temperatures(5, 0.75, 0.95)
    expect(plating[0]!).toBeGreaterThan(340)
    expect(plating.at(-1)!).toBeLessThan(165)
    const delivering = temperatures(5, 0.95, 1)
    expect(Math.min(...delivering)).toBeGreaterThanOrEqual(140)
    expect(Math.max(...delivering)).toBeLessThanOrEqual(160)
  })

  it('counts the cooking time down to plating and then stays at zero', () => {
    const specOrderMs = 1_020_000
    expect(cookingTimeLeft(T0, T0, specOrderMs)).toBe(765)
    expect(cookingTimeLeft(T0, T0 + 65_000, specOrderMs)).toBe(700)
    expect(cookingTimeLeft(T0, at(0.75), ORDER_MS)).toBe(0)
    expect(cookingTimeLeft(T0, at(0.9), ORDER_MS)).toBe(0)
  })

  it('says "On schedule", "N min ahead" or "Slight delay", the same for every viewer, changing slowly', () => {
    const seen = new Set<string>()
    let changes = 0
    for (const orderId of [1, 2, 3, 4, 5, 6, 7, 8]) {
      let previous = ''
      for (let f = 0; f < 1; f += 0.01) {
        const line = statusLine(orderId, T0, at(f), ORDER_MS)
        expect(line).toMatch(/^(On schedule|[1-3] min ahead|Slight delay)$/)
        expect(statusLine(orderId, T0, at(f), ORDER_MS)).toBe(line)
        if (previous && line !== previous) changes++
        previous = line
        seen.add(line.replace(/\d/, 'N'))
      }
    }
    // At most five changes per order over a whole run.
    expect(changes).toBeLessThanOrEqual(8 * 5)
    expect(seen).toEqual(new Set(['On schedule', 'N min ahead', 'Slight delay']))
    expect(statusLine(1, T0, at(1), ORDER_MS)).toBe('Completed')
  })

  it('reads everything at once for a given instant, deterministically', () => {
    const a = readingAt(3, T0, at(0.5), ORDER_MS)
    expect(a).toEqual(readingAt(3, T0, at(0.5), ORDER_MS))
    expect(a.progress).toBe(50)
    expect(a.status).toBe('cooking')
    expect(a.telemetry.cookingTime).toBe(225)
  })

  it('acknowledges shouts after a few seconds and finishes them later, scaled by the order length', () => {
    const normal = shoutDelays(ORDER_MS)
    expect(normal.acknowledgeMs).toBeGreaterThanOrEqual(2000)
    expect(normal.acknowledgeMs).toBeLessThanOrEqual(8000)
    expect(normal.doneMs).toBeGreaterThan(normal.acknowledgeMs)
    const fast = shoutDelays(3000)
    expect(fast.acknowledgeMs).toBeLessThan(normal.acknowledgeMs)
    expect(fast.doneMs).toBeGreaterThan(fast.acknowledgeMs)
  })
})
