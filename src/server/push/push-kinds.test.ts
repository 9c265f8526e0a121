import { describe, expect, it } from 'vitest'
import { deliveryOptions, pushKindOf } from './push-kinds'

describe('pushKindOf', () => {
  it('pushes the steps a diner waits for and leaves plating and add-on offers in the bell', () => {
    const status = (s: string) => pushKindOf({ kind: 'status', status: s })
    expect(['preparing', 'cooking', 'plating', 'delivering', 'completed', 'cancelled'].map(status)).toEqual([
      undefined,
      'cooking',
      undefined,
      'on_the_way',
      'delivered',
      'cancelled',
    ])
    expect(pushKindOf({ kind: 'status', status: null })).toBeUndefined()
    expect(pushKindOf({ kind: 'refund', status: null })).toBe('cancelled')
    expect(pushKindOf({ kind: 'shout_acknowledged', status: null })).toBe('shout_answered')
    expect(pushKindOf({ kind: 'allergen_warning', status: null })).toBe('allergen_warning')
    expect(pushKindOf({ kind: 'upsell_offered', status: null })).toBeUndefined()
  })

  it('sends status changes urgently with a short life, and keeps an allergen warning longer', () => {
    expect(deliveryOptions('on_the_way')).toEqual({ ttlSeconds: 600, urgency: 'high' })
    expect(deliveryOptions('allergen_warning').ttlSeconds).toBeGreaterThan(
      deliveryOptions('cooking').ttlSeconds,
    )
  })
})
