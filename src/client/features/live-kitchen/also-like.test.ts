import type { MenuItem } from '@shared/schemas/restaurants'
import { describe, expect, it } from 'vitest'
import { alsoLikeDishes } from './also-like'

const dish = (id: number, name: string, allergens: string[] = [], isAvailable = true): MenuItem => ({
  id,
  restaurantId: 7,
  name,
  description: '',
  price: 9.5,
  category: 'Mains',
  image: null,
  isAvailable,
  ingredients: [],
  allergens,
})

const menu = [
  dish(1, 'Tom Yum', ['shellfish', 'fish']),
  dish(2, 'Pad Thai', ['peanuts', 'eggs']),
  dish(3, 'Green Curry', ['fish']),
  dish(4, 'Mango Sticky Rice'),
  dish(5, 'Spring Rolls', ['wheat']),
  dish(6, 'Larb', [], false),
  dish(7, 'Som Tam', ['peanuts']),
  dish(8, 'Jasmine Rice'),
]

describe('alsoLikeDishes', () => {
  it('suggests dishes of the restaurant the diner did not order, none with their allergens', () => {
    const picks = alsoLikeDishes(
      menu,
      [{ menuItemId: 2, name: 'Pad Thai', quantity: 1, price: 12 }],
      ['fish'],
    )
    expect(picks.map((d) => d.name)).toEqual(['Mango Sticky Rice', 'Spring Rolls', 'Som Tam', 'Jasmine Rice'])
  })

  it('leaves out sold-out dishes and a line ordered by name only', () => {
    const picks = alsoLikeDishes(menu, [{ name: 'tom yum', quantity: 2, price: 10 }], ['peanuts', 'wheat'])
    expect(picks.map((d) => d.name)).toEqual(['Green Curry', 'Mango Sticky Rice', 'Jasmine Rice'])
  })

  it('suggests nothing when the diner ordered everything they can eat', () => {
    const lines = [4, 8].map((id) => ({ menuItemId: id, name: menu[id - 1]!.name, quantity: 1, price: 5 }))
    expect(alsoLikeDishes(menu, lines, ['fish', 'shellfish', 'peanuts', 'wheat'])).toEqual([])
  })
})
