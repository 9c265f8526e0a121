import type { Ticket } from '@shared/schemas/kitchen'
import { describe, expect, it } from 'vitest'
import {
  formatCountdown,
  mergeRecent,
  newTicketAnnouncement,
  nextSelection,
  promiseLevel,
  recentTickets,
} from './tickets'

const at = Date.parse('2026-11-27T20:00:00.000Z')
const ticket = (id: number, overrides: Partial<Ticket> = {}) =>
  ({
    id,
    status: 'preparing',
    statusAt: new Date(at).toISOString(),
    items: [
      { index: 0, quantity: 2 },
      { index: 1, quantity: 1 },
    ],
    dinerName: 'Rosa',
    fulfilment: 'delivery',
    ...overrides,
  }) as Ticket

describe('the promised time on a ticket', () => {
  it('counts down, turns amber in its last 5 minutes and red once past', () => {
    const promised = new Date(at + 12 * 60_000 + 4_000).toISOString()
    expect(promiseLevel(promised, at)).toBe('ok')
    expect(formatCountdown(promised, at)).toBe('12:04 left')
    expect(promiseLevel(promised, at + 7 * 60_000 + 4_000)).toBe('amber')
    expect(promiseLevel(promised, at + 12 * 60_000 + 5_000)).toBe('red')
    expect(formatCountdown(promised, at + 15 * 60_000 + 14_000)).toBe('3:10 late')
    expect(formatCountdown(promised, at - 60 * 60_000)).toBe('1:12:04 left')
    expect(promiseLevel(null, at)).toBeUndefined()
  })
})

describe('the rail and Recent', () => {
  it('moves the selection to the next ticket after a bump, the one before at the end, and stays on a lone one', () => {
    expect(nextSelection([1, 2, 3], 1)).toBe(2)
    expect(nextSelection([1, 2, 3], 3)).toBe(2)
    expect(nextSelection([7], 7)).toBe(7)
    expect(nextSelection([1, 2], 9)).toBe(1)
    expect(nextSelection([], 9)).toBeUndefined()
  })

  it('keeps finished tickets newest first for 30 minutes, and drops one that is recalled', () => {
    const done = ticket(4, { status: 'completed' })
    const recent = mergeRecent([ticket(3, { status: 'cancelled' })], done)
    expect(recent.map((t) => t.id)).toEqual([4, 3])
    expect(mergeRecent(recent, ticket(4, { status: 'delivering' })).map((t) => t.id)).toEqual([3])
    expect(recentTickets(recent, at + 30 * 60_000).map((t) => t.id)).toEqual([4, 3])
    expect(recentTickets(recent, at + 30 * 60_000 + 1)).toEqual([])
  })

  it('announces a new ticket with its number, diner, item count and how it leaves', () => {
    expect(newTicketAnnouncement(ticket(42))).toBe('New order #0042 for Rosa: 3 items, delivery')
    expect(
      newTicketAnnouncement(ticket(7, { fulfilment: 'pickup', items: [{ quantity: 1 }] as Ticket['items'] })),
    ).toBe('New order #0007 for Rosa: 1 item, pickup')
  })
})
