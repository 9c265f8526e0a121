import type { MenuItem } from '@shared/schemas/restaurants'
import { describe, expect, it } from 'vitest'
import { menuGroups, moveCategory, moveItem, renameCategory, toMenuOrder } from './menu-groups'

const item = (id: number, category: string): MenuItem => ({
  id,
  restaurantId: 1,
  name: `Dish ${id}`,
  description: '',
  price: 10,
  category,
  image: null,
  isAvailable: true,
  ingredients: [],
  allergens: [],
})

const menu = [item(5, 'Starters'), item(2, 'Starters'), item(9, 'Mains'), item(1, 'Desserts')]

describe('menu groups', () => {
  it('keeps the server order of categories and dishes', () => {
    expect(toMenuOrder(menuGroups(menu))).toEqual([
      { category: 'Starters', itemIds: [5, 2] },
      { category: 'Mains', itemIds: [9] },
      { category: 'Desserts', itemIds: [1] },
    ])
  })

  it('moves a category and a dish one place, and not past the ends', () => {
    const groups = menuGroups(menu)
    expect(toMenuOrder(moveCategory(groups, 'Mains', -1)).map((g) => g.category)).toEqual([
      'Mains',
      'Starters',
      'Desserts',
    ])
    expect(toMenuOrder(moveCategory(groups, 'Desserts', 1)).map((g) => g.category)).toEqual([
      'Starters',
      'Mains',
      'Desserts',
    ])
    expect(toMenuOrder(moveItem(groups, 2, -1))[0]).toEqual({ category: 'Starters', itemIds: [2, 5] })
  })

  it('renames a category, or merges it into one that already has the new name', () => {
    const groups = menuGroups(menu)
    expect(toMenuOrder(renameCategory(groups, 'Mains', ' Large plates '))[1]).toEqual({
      category: 'Large plates',
      itemIds: [9],
    })
    expect(toMenuOrder(renameCategory(groups, 'Desserts', 'starters'))).toEqual([
      { category: 'Starters', itemIds: [5, 2, 1] },
      { category: 'Mains', itemIds: [9] },
    ])
  })
})
