import { describe, expect, it } from 'vitest'
import { buildTimeline, promisedTime, withDelay } from './timeline'

const MIN = 60_000
const start = Date.parse('2026-11-24T14:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString()

describe('buildTimeline', () => {
  it('shows reached steps at their recorded time and estimates the rest from the plan', () => {
    const timeline = buildTimeline({
      events: [
        { status: 'preparing', at: iso(start) },
        { status: 'cooking', at: iso(start + 5 * MIN) },
      ],
      createdAt: iso(start),
      plannedMs: 20 * MIN,
      now: start + 6 * MIN,
    })
    expect(timeline.map((e) => [e.status, e.estimated])).toEqual([
      ['preparing', false],
      ['cooking', false],
      ['plating', true],
      ['delivering', true],
      ['completed', true],
    ])
    expect(timeline[1]!.at).toBe(iso(start + 5 * MIN))
    // Cooking was reached at 5 min (30%); plating is planned 45% of 20 min later.
    expect(timeline[2]!.at).toBe(iso(start + 5 * MIN + 9 * MIN))
    expect(timeline[4]!.at).toBe(iso(start + 5 * MIN + 14 * MIN))
  })

  it('moves every estimate ahead when the kitchen runs late', () => {
    const events = [{ status: 'preparing', at: iso(start) }]
    const onTime = buildTimeline({ events, createdAt: iso(start), plannedMs: 20 * MIN, now: start + MIN })
    const late = buildTimeline({ events, createdAt: iso(start), plannedMs: 20 * MIN, now: start + 10 * MIN })
    // Cooking was due at 6 min; at 10 min it is 4 minutes late and so is everything after it.
    expect(Date.parse(late[1]!.at) - Date.parse(onTime[1]!.at)).toBe(4 * MIN)
    expect(Date.parse(late[4]!.at) - Date.parse(onTime[4]!.at)).toBe(4 * MIN)
  })

  it('shows a finished order with no estimate left, and a cancelled one with nothing ahead', () => {
    const events = ['preparing', 'cooking', 'plating', 'delivering', 'completed'].map((status, i) => ({
      status,
      at: iso(start + i * MIN),
    }))
    const done = buildTimeline({ events, createdAt: iso(start), plannedMs: 20 * MIN, now: start + 99 * MIN })
    expect(done.every((e) => !e.estimated)).toBe(true)
    expect(done[4]!.at).toBe(iso(start + 4 * MIN))
    const cancelled = buildTimeline({
      events: events.slice(0, 2),
      createdAt: iso(start),
      plannedMs: 20 * MIN,
      now: start + 3 * MIN,
      cancelled: true,
    })
    expect(cancelled.map((e) => e.status)).toEqual(['preparing', 'cooking'])
  })

  it('counts a step skipped over as reached with the step after it', () => {
    const timeline = buildTimeline({
      events: [
        { status: 'preparing', at: iso(start) },
        { status: 'plating', at: iso(start + 3 * MIN) },
      ],
      createdAt: iso(start),
      plannedMs: 20 * MIN,
      now: start + 3 * MIN,
    })
    expect(timeline[1]).toEqual({ status: 'cooking', at: iso(start + 3 * MIN), estimated: false })
  })
})

describe('withDelay', () => {
  it('keeps estimates that are still ahead and moves overdue ones to now', () => {
    const timeline = [
      { status: 'preparing', at: iso(start), estimated: false },
      { status: 'cooking', at: iso(start + 5 * MIN), estimated: true },
      { status: 'completed', at: iso(start + 20 * MIN), estimated: true },
    ]
    expect(withDelay(timeline, start + 2 * MIN)).toEqual(timeline)
    const moved = withDelay(timeline, start + 7 * MIN)
    expect(moved[0]).toEqual(timeline[0])
    expect(moved[1]!.at).toBe(iso(start + 7 * MIN))
    expect(moved[2]!.at).toBe(iso(start + 22 * MIN))
  })
})

describe('promisedTime', () => {
  it('promises delivery at the end of the plan and pickup when the kitchen hands it over', () => {
    expect(promisedTime('delivery', 20 * MIN, start).toISOString()).toBe(iso(start + 20 * MIN))
    expect(promisedTime('pickup', 20 * MIN, start).toISOString()).toBe(iso(start + 19 * MIN))
  })
})
