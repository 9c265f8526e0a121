import { describe, expect, it } from 'vitest'
import { timelineSteps } from './timeline'

const createdAt = '2026-03-01T18:00:00.000Z'
const at = (minutes: number) => new Date(Date.parse(createdAt) + minutes * 60_000)

describe('timelineSteps', () => {
  it('has the five steps in order, the first reached at creation', () => {
    const steps = timelineSteps({ createdAt, progress: 0, status: 'preparing' })
    expect(steps.map((s) => s.label)).toEqual([
      'Order received',
      'Preparation started',
      'Cooking in progress',
      'Plating',
      'Out for delivery',
    ])
    expect(steps.map((s) => s.reached)).toEqual([true, false, false, false, false])
    expect(steps[0]?.time).toEqual(at(0))
    expect(steps[1]?.time).toBeNull()
  })

  it('reaches steps at progress 10, 30, 75 and 95 with times 5, 15, 25 and 35 minutes after creation', () => {
    const reached = (progress: number) =>
      timelineSteps({ createdAt, progress, status: 'cooking' }).map((s) => s.reached)
    expect(reached(9)).toEqual([true, false, false, false, false])
    expect(reached(10)).toEqual([true, true, false, false, false])
    expect(reached(29)).toEqual([true, true, false, false, false])
    expect(reached(30)).toEqual([true, true, true, false, false])
    expect(reached(75)).toEqual([true, true, true, true, false])
    expect(reached(94)).toEqual([true, true, true, true, false])
    const all = timelineSteps({ createdAt, progress: 95, status: 'delivering' })
    expect(all.map((s) => s.time)).toEqual([at(0), at(5), at(15), at(25), at(35)])
  })

  it('shows every step reached for a completed order', () => {
    expect(timelineSteps({ createdAt, progress: 0, status: 'completed' }).every((s) => s.reached)).toBe(true)
  })
})
