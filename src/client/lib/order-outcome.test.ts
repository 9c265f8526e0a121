import { describe, expect, it } from 'vitest'
import { finishedAtFromTimeline, orderOutcome } from './order-outcome'
import { formatTime } from './utils'

const at = '2026-11-26T20:41:00.000Z'
// Kept whole: a no-break space between the time and its AM/PM.
const time = formatTime(new Date(at)).replace(/\s/g, '\u00a0')

describe('orderOutcome', () => {
  it('says a delivered order was delivered, and when, instead of "Completed"', () => {
    expect(orderOutcome({ status: 'completed', fulfilment: 'delivery', finishedAt: at })).toBe(
      `Delivered at ${time}`,
    )
    expect(orderOutcome({ status: 'completed', fulfilment: 'delivery', finishedAt: at })).toMatch(
      /\d\u00a0[AP]M$/,
    )
  })

  it('says a collected order was picked up', () => {
    expect(orderOutcome({ status: 'completed', fulfilment: 'pickup', finishedAt: at })).toBe(
      `Picked up at ${time}`,
    )
  })

  it('says a cancelled order was cancelled, when, and what was refunded', () => {
    const cancellation = { reason: 'out_of_stock', note: null, refund: 17.48, at }
    expect(orderOutcome({ status: 'cancelled', fulfilment: 'delivery', cancellation, finishedAt: at })).toBe(
      `Cancelled at ${time}, $17.48 refunded`,
    )
    expect(
      orderOutcome({
        status: 'cancelled',
        fulfilment: 'delivery',
        cancellation: { ...cancellation, refund: 0 },
      }),
    ).toBe('Cancelled')
  })

  it('says nothing for an order still in the kitchen', () => {
    for (const status of ['preparing', 'cooking', 'plating', 'delivering'])
      expect(orderOutcome({ status, fulfilment: 'delivery', finishedAt: null })).toBeNull()
  })
})

describe('finishedAtFromTimeline', () => {
  it('reads the completion from the reached step, never from an estimate', () => {
    expect(
      finishedAtFromTimeline({
        status: 'completed',
        timeline: [
          { status: 'delivering', at: '2026-11-26T20:30:00.000Z', estimated: false },
          { status: 'completed', at, estimated: false },
        ],
      }),
    ).toBe(at)
    expect(
      finishedAtFromTimeline({
        status: 'completed',
        timeline: [{ status: 'completed', at, estimated: true }],
      }),
    ).toBeNull()
  })
})
