import { describe, expect, it } from 'vitest'
import { demoTipMessage } from './demo-tip'

describe('a demo tip', () => {
  it('is a chef_tip marked as a demo, without an id or a sender, within the tip limits', () => {
    expect(demoTipMessage({ orderId: 7, amount: 5, message: '  Demo!  ' })).toEqual({
      type: 'chef_tip',
      orderId: 7,
      amount: 5,
      message: 'Demo!',
      demo: true,
      sentAt: expect.any(Number),
    })
    expect(() => demoTipMessage({ orderId: 7, amount: 0, message: '' })).toThrow()
    expect(() => demoTipMessage({ orderId: 7, amount: 100.01, message: '' })).toThrow()
  })
})
