import { describe, expect, it } from 'vitest'
import { isCredit, signedAmount, transactionTypeLabel } from './transactions'

describe('wallet transaction amounts', () => {
  it('shows deposits with a plus and charges with a minus', () => {
    expect(signedAmount({ type: 'deposit', amount: 25 })).toBe('+$25.00')
    expect(signedAmount({ type: 'chef_shout', amount: -2 })).toBe('\u2212$2.00')
    expect(signedAmount({ type: 'tip', amount: -5.5 })).toBe('\u2212$5.50')
    expect(signedAmount({ type: 'upsell', amount: -8.99 })).toBe('\u2212$8.99')
    expect(signedAmount({ type: 'order', amount: -46.99 })).toBe('\u2212$46.99')
  })

  it('treats any charge of another type as a debit', () => {
    expect(isCredit({ type: 'something_new', amount: -1 })).toBe(false)
    expect(isCredit({ type: 'deposit', amount: 0.01 })).toBe(true)
  })

  it('names card top-ups and their refunds', () => {
    expect(transactionTypeLabel('top_up')).toBe('Top-up')
    expect(transactionTypeLabel('top_up_refund')).toBe('Top-up refunded')
    expect(signedAmount({ type: 'top_up_refund', amount: -25 })).toBe('\u2212$25.00')
  })
})
