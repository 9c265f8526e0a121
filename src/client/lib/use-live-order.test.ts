import { describe, expect, it } from 'vitest'
import { upsertShout } from './use-live-order'

describe('chef shout messages', () => {
  const shout = {
    id: 3,
    orderId: 1,
    userId: 7,
    shoutType: 'cheese',
    shoutName: 'Add Cheese!',
    price: 2,
    createdAt: '',
  }
  it('adds a new shout first and updates the status of a known one', () => {
    const list = upsertShout([{ ...shout, id: 2, status: 'done' }], { ...shout, status: 'pending' })
    expect(list.map((s) => s.id)).toEqual([3, 2])
    expect(upsertShout(list, { ...shout, status: 'acknowledged' }).map((s) => s.status)).toEqual([
      'acknowledged',
      'done',
    ])
  })
})
