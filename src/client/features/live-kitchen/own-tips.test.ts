import type { ChefTipMessage } from '@client/lib/use-live-order'
import { describe, expect, it } from 'vitest'
import { createOwnTips } from './own-tips'

const tip = (tipId: number | undefined, amount = 5, message = 'Thanks'): ChefTipMessage => ({
  type: 'chef_tip',
  orderId: 1,
  ...(tipId === undefined ? { demo: true } : { tipId, senderId: 9 }),
  amount,
  message,
  sentAt: 0,
})

function setup() {
  const announced: ChefTipMessage[] = []
  return { announced, own: createOwnTips((t) => announced.push(t)) }
}

describe('own tips', () => {
  it('announces other viewers’ tips at once', () => {
    const { announced, own } = setup()
    own.received(tip(1))
    expect(announced.map((t) => t.tipId)).toEqual([1])
  })

  it('does not announce its own tip, even when the echo comes before the answer', () => {
    const { announced, own } = setup()
    own.sending()
    own.received(tip(7))
    expect(announced).toEqual([])
    own.settled(7)
    own.received(tip(7))
    expect(announced).toEqual([])
  })

  it('announces someone else’s tip of the same amount and message sent meanwhile, once the answer is in', () => {
    const { announced, own } = setup()
    own.sending()
    own.received(tip(8, 5, 'Thanks'))
    own.received(tip(7, 5, 'Thanks'))
    expect(announced).toEqual([])
    own.settled(7)
    expect(announced.map((t) => t.tipId)).toEqual([8])
  })

  it('announces held tips when its own tip failed', () => {
    const { announced, own } = setup()
    own.sending()
    own.received(tip(3))
    own.settled()
    expect(announced.map((t) => t.tipId)).toEqual([3])
  })

  it('announces a demo tip (only its sender receives one)', () => {
    const { announced, own } = setup()
    own.sending()
    own.received(tip(undefined))
    expect(announced).toHaveLength(1)
  })
})
