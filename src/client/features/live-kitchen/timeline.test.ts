import type { Order } from '@shared/schemas/orders'
import { describe, expect, it } from 'vitest'
import { expectedTime, timelineSteps } from './timeline'

const createdAt = '2026-03-01T18:00:00.000Z'
const at = (minutes: number) => new Date(Date.parse(createdAt) + minutes * 60_000).toISOString()

const order = (overrides: Partial<Order> = {}) =>
  ({
    createdAt,
    status: 'cooking',
    fulfilment: 'delivery',
    timeline: [
      { status: 'preparing', at: at(0), estimated: false },
      { status: 'cooking', at: at(4), estimated: false },
      { status: 'plating', at: at(10), estimated: true },
      { status: 'delivering', at: at(14), estimated: true },
      { status: 'completed', at: at(15), estimated: true },
    ],
    ...overrides,
  }) as Order

describe('timelineSteps', () => {
  it('shows reached steps at their time and the steps ahead as estimates, labelled for delivery', () => {
    const steps = timelineSteps(order(), Date.parse(at(5)))
    expect(steps.map((s) => [s.label, s.reached, s.estimated])).toEqual([
      ['Order received', true, false],
      ['Cooking in progress', true, false],
      ['Plating', false, true],
      ['Out for delivery', false, true],
      ['Delivered', false, true],
    ])
    expect(steps[1]!.time?.toISOString()).toBe(at(4))
    expect(steps[4]!.time?.toISOString()).toBe(at(15))
  })

  it('moves the estimates on when the kitchen runs late', () => {
    const steps = timelineSteps(order(), Date.parse(at(13)))
    expect(steps[2]!.time?.toISOString()).toBe(at(13))
    expect(steps[4]!.time?.toISOString()).toBe(at(18))
    expect(expectedTime(order(), Date.parse(at(13)))?.toISOString()).toBe(at(18))
  })

  it('speaks of pickup for a pickup order, and expects it when it is ready', () => {
    const pickup = order({ fulfilment: 'pickup' })
    expect(
      timelineSteps(pickup, Date.parse(at(5)))
        .map((s) => s.label)
        .slice(3),
    ).toEqual(['Ready for pickup', 'Picked up'])
    expect(expectedTime(pickup, Date.parse(at(5)))?.toISOString()).toBe(at(14))
  })

  it('has only the first step, at creation, when the order comes without its timeline', () => {
    const steps = timelineSteps(order({ timeline: undefined }), Date.parse(at(5)))
    expect(steps.map((s) => s.reached)).toEqual([true, false, false, false, false])
    expect(steps[0]!.time?.toISOString()).toBe(createdAt)
    expect(steps[1]!.time).toBeNull()
  })

  it('expects nothing more of a delivered order', () => {
    const done = order({
      status: 'completed',
      timeline: ['preparing', 'cooking', 'plating', 'delivering', 'completed'].map((status, i) => ({
        status,
        at: at(i),
        estimated: false,
      })),
    })
    expect(expectedTime(done)).toBeNull()
    expect(timelineSteps(done).every((s) => s.reached)).toBe(true)
  })
})
