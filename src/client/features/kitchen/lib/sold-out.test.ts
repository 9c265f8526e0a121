import type { Kitchen, KitchenDish } from '@shared/schemas/kitchen'
import { describe, expect, it } from 'vitest'
import { searchDishes, sharedOptions, soldOutEntries, withLiveAvailability } from './sold-out'

const dishes: KitchenDish[] = [
  {
    id: 3,
    name: 'Pad Thai',
    category: 'Noodles',
    isAvailable: true,
    optionGroups: [
      {
        id: 30,
        name: 'Extras',
        options: [
          { id: 9, name: 'Fried egg', isAvailable: true },
          { id: 10, name: 'Extra cheese', isAvailable: true },
        ],
      },
    ],
  },
  { id: 4, name: 'Spring Rolls', category: 'Starters', isAvailable: true, optionGroups: [] },
  {
    id: 5,
    name: 'Smash Burger',
    category: 'Burgers',
    isAvailable: true,
    optionGroups: [
      { id: 50, name: 'Cheese', options: [{ id: 11, name: 'extra cheese', isAvailable: true }] },
      { id: 51, name: 'Sauce', options: [{ id: 12, name: 'Jalapeño mayo', isAvailable: true }] },
    ],
  },
]
const kitchen = { restaurantId: 1, dishes } as unknown as Kitchen
const option = (k: Kitchen, id: number) =>
  k.dishes.flatMap((d) => d.optionGroups.flatMap((g) => g.options)).find((o) => o.id === id)!

describe('a live sold-out message on the kitchen console', () => {
  it('marks the dish sold out and back, and leaves the other dishes alone', () => {
    const out = withLiveAvailability(kitchen, { menuItemId: 3, isAvailable: false })
    expect(out.dishes.map((d) => [d.id, d.isAvailable])).toEqual([
      [3, false],
      [4, true],
      [5, true],
    ])
    const back = withLiveAvailability(out, { menuItemId: 3, isAvailable: true })
    expect(back.dishes.find((d) => d.id === 3)?.isAvailable).toBe(true)
  })

  it('marks only that option sold out and back, the dish staying on', () => {
    const out = withLiveAvailability(kitchen, { menuItemId: 3, optionId: 9, isAvailable: false })
    expect(out.dishes.find((d) => d.id === 3)?.isAvailable).toBe(true)
    expect(option(out, 9).isAvailable).toBe(false)
    expect(option(out, 10).isAvailable).toBe(true)
    expect(option(out, 11).isAvailable).toBe(true)
    expect(
      option(withLiveAvailability(out, { menuItemId: 3, optionId: 9, isAvailable: true }), 9).isAvailable,
    ).toBe(true)
  })
})

describe('the console’s list of what is 86’d', () => {
  it('names sold-out dishes, and sold-out options with their dish, in menu order', () => {
    expect(soldOutEntries(dishes)).toEqual([])
    let k = withLiveAvailability(kitchen, { menuItemId: 5, optionId: 11, isAvailable: false })
    k = withLiveAvailability(k, { menuItemId: 4, isAvailable: false })
    k = withLiveAvailability(k, { menuItemId: 3, optionId: 9, isAvailable: false })
    expect(soldOutEntries(k.dishes).map((e) => e.label)).toEqual([
      'Fried egg (Pad Thai)',
      'Spring Rolls',
      'extra cheese (Smash Burger)',
    ])
  })
})

describe('searching the 86 list', () => {
  const names = (list: KitchenDish[]) =>
    list.map((d) => [d.name, d.optionGroups.map((g) => [g.name, g.options.map((o) => o.name)])])

  it('keeps a matching dish whole, and of other dishes only their matching groups and options', () => {
    expect(names(searchDishes(dishes, 'pad'))).toEqual(names([dishes[0]!]))
    expect(names(searchDishes(dishes, 'CHEESE'))).toEqual([
      ['Pad Thai', [['Extras', ['Extra cheese']]]],
      ['Smash Burger', [['Cheese', ['extra cheese']]]],
    ])
    expect(names(searchDishes(dishes, 'burger sauce'))).toEqual([
      ['Smash Burger', [['Sauce', ['Jalapeño mayo']]]],
    ])
  })

  it('ignores accents and keeps everything for an empty search', () => {
    expect(names(searchDishes(dishes, 'jalapeno'))).toEqual([
      ['Smash Burger', [['Sauce', ['Jalapeño mayo']]]],
    ])
    expect(searchDishes(dishes, '   ')).toBe(dishes)
    expect(searchDishes(dishes, 'oysters')).toEqual([])
  })
})

describe('options several dishes share by name', () => {
  it('gathers them whatever their case, counting those still on', () => {
    expect(sharedOptions(dishes)).toEqual([{ name: 'Extra cheese', ids: [10, 11], available: 2 }])
    const k = withLiveAvailability(kitchen, { menuItemId: 5, optionId: 11, isAvailable: false })
    expect(sharedOptions(k.dishes)).toEqual([{ name: 'Extra cheese', ids: [10, 11], available: 1 }])
  })

  it('keeps those the search names, and not an option of one dish only', () => {
    expect(sharedOptions(dishes, 'cheese')).toHaveLength(1)
    expect(sharedOptions(dishes, 'egg')).toEqual([])
  })
})
