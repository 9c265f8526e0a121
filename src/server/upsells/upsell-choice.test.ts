import { describe, expect, it } from 'vitest'
import { chooseUpsellItem, orderedItems } from './upsell-choice'

describe('the upsell choice', () => {
  it('offers an available dish that is not ordered and avoids the allergens of the profile', () => {
    const menu = [
      { id: 1, name: 'Margherita Pizza', isAvailable: true, allergens: ['wheat', 'milk'] },
      { id: 2, name: 'Peanut Noodles', isAvailable: true, allergens: ['Peanuts'] },
      { id: 3, name: 'Seasonal Soup', isAvailable: false, allergens: [] },
      { id: 4, name: 'Garlic Bread', isAvailable: true, allergens: ['wheat'] },
      { id: 5, name: 'Side Salad', isAvailable: true, allergens: [] },
      { id: 6, name: 'Tiramisu', isAvailable: true, allergens: ['eggs', 'milk'] },
    ]
    const ordered = { ids: new Set([1]), names: new Set(['garlic bread']) }
    for (let orderId = 1; orderId <= 40; orderId++) {
      const pick = chooseUpsellItem(orderId, menu, ordered, ['peanuts', 'EGGS'])
      expect(pick?.id).toBe(5)
    }
    const picks = new Set(
      Array.from(
        { length: 40 },
        (_, i) => chooseUpsellItem(i + 1, menu, { ids: new Set(), names: new Set() }, [])?.id,
      ),
    )
    expect(picks.size).toBeGreaterThan(1)
    expect(picks.has(3)).toBe(false)
    expect(chooseUpsellItem(1, menu, ordered, ['peanuts', 'eggs', 'wheat', 'milk', 'celery'])?.id).toBe(5)
    expect(
      chooseUpsellItem(1, menu.slice(0, 3), { ids: new Set([1]), names: new Set() }, ['peanuts']),
    ).toBeUndefined()
  })

  it('reads the ordered dishes from stored lines, as JSON text or as an array', () => {
    const lines = [
      { menuItemId: 4, name: 'Garlic Bread', quantity: 1, price: 4.99 },
      { name: 'Side Salad', quantity: 2, price: 6.99 },
      null,
      'nonsense',
    ]
    for (const stored of [lines, JSON.stringify(lines)]) {
      const ordered = orderedItems(stored)
      expect([...ordered.ids]).toEqual([4])
      expect([...ordered.names].sort()).toEqual(['garlic bread', 'side salad'])
    }
    expect(orderedItems('not json')).toEqual({ ids: new Set(), names: new Set() })
    expect(orderedItems(undefined)).toEqual({ ids: new Set(), names: new Set() })
  })

  it('lets the pick among the dishes that fit be chosen, never outside them', () => {
    const menu = [
      { id: 1, name: 'Soup', isAvailable: true, allergens: [] },
      { id: 2, name: 'Cake', isAvailable: true, allergens: ['eggs'] },
      { id: 3, name: 'Bread', isAvailable: true, allergens: [] },
    ]
    const none = { ids: new Set<number>(), names: new Set<string>() }
    const seen: number[][] = []
    const last = chooseUpsellItem(9, menu, none, ['eggs'], (_orderId, fits) => {
      seen.push(fits.map((f) => f.id))
      return fits[fits.length - 1]
    })
    expect(seen).toEqual([[1, 3]])
    expect(last?.id).toBe(3)
  })
})
