import type { Telemetry } from '@shared/schemas/orders'
import { describe, expect, it } from 'vitest'
import { addReading, readingAt, TELEMETRY_HISTORY_MS, type TimedTelemetry } from './telemetry-history'

const reading = (at: number, status: string): TimedTelemetry => ({
  at,
  data: { temperature: 400, cookingTime: 60, status } satisfies Telemetry,
})

describe('the readings kept for a picture a few seconds behind', () => {
  it('shows what was true at the frame’s time, not the newest', () => {
    let history: TimedTelemetry[] = []
    for (const [at, status] of [
      [1000, 'Searing'],
      [2000, 'Seared'],
      [3000, 'Resting'],
    ] as const)
      history = addReading(history, reading(at, status))
    expect(readingAt(history, 2500)?.data.status).toBe('Seared')
    expect(readingAt(history, 2000)?.data.status).toBe('Seared')
    expect(readingAt(history, 1999)?.data.status).toBe('Searing')
    expect(readingAt(history, 9000)?.data.status).toBe('Resting')
    // A frame older than everything kept shows the oldest reading there is.
    expect(readingAt(history, 10)?.data.status).toBe('Searing')
    expect(readingAt([], 10)).toBeUndefined()
  })

  it('keeps readings in their own time order and forgets what is older than the window', () => {
    let history: TimedTelemetry[] = []
    history = addReading(history, reading(5000, 'b'))
    // A sensor's reading measured earlier but arriving later goes in its place.
    history = addReading(history, reading(4000, 'a'))
    history = addReading(history, reading(6000, 'c'))
    expect(history.map((r) => r.data.status)).toEqual(['a', 'b', 'c'])
    history = addReading(history, reading(5000 + TELEMETRY_HISTORY_MS, 'd'))
    expect(history.map((r) => r.data.status)).toEqual(['b', 'c', 'd'])
  })
})
