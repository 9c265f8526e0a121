import { describe, expect, it } from 'vitest'
import { allergensWithOptions, checkChoice, choiceProblems, priceWithOptions } from '../menu-choice'
import { allDayCounts } from './kitchen'
import { type OptionGroup, optionGroupInputSchema } from './menu-options'

const groups: OptionGroup[] = [
  {
    id: 1,
    name: 'Protein',
    required: true,
    min: 1,
    max: 1,
    options: [
      { id: 10, name: 'Chicken', priceDelta: 0, allergens: [], isAvailable: true },
      { id: 11, name: 'Shrimp', priceDelta: 3, allergens: ['shellfish'], isAvailable: true },
      { id: 12, name: 'Duck', priceDelta: 4.5, allergens: [], isAvailable: false },
    ],
  },
  {
    id: 2,
    name: 'Extras',
    required: false,
    min: 0,
    max: 2,
    options: [
      { id: 20, name: 'Rice', priceDelta: 2, allergens: [], isAvailable: true },
      { id: 21, name: 'Peanuts', priceDelta: 0.75, allergens: ['peanuts'], isAvailable: true },
      { id: 22, name: 'Roti', priceDelta: 2.5, allergens: ['wheat'], isAvailable: true },
    ],
  },
]

describe('a choice of options', () => {
  it('prices the options in cents and lists them in the menu’s order', () => {
    const checked = checkChoice('Curry', groups, [21, 11, 20])
    expect(checked.ok && checked.choice.priceDeltaCents).toBe(575)
    expect(checked.ok && checked.choice.options.map((o) => o.option.name)).toEqual([
      'Shrimp',
      'Rice',
      'Peanuts',
    ])
    expect(priceWithOptions(14.1, groups, [11, 21])).toBe(17.85)
    expect(allergensWithOptions(['fish'], groups, [11, 21])).toEqual(['fish', 'shellfish', 'peanuts'])
  })

  it('names the group of each problem: missing, too many, sold out, not this dish’s', () => {
    expect(choiceProblems('Curry', groups, []).map((p) => p.message)).toEqual([
      'Protein: choose one for "Curry"',
    ])
    expect(choiceProblems('Curry', groups, [10, 20, 21, 22]).map((p) => p.message)).toEqual([
      'Extras: choose at most 2',
    ])
    expect(choiceProblems('Curry', groups, [12]).map((p) => [p.group, p.message])).toEqual([
      ['Protein', 'Protein: Duck is sold out'],
    ])
    expect(choiceProblems('Curry', groups, [10, 99]).map((p) => [p.group, p.message])).toEqual([
      [null, 'Option 99 is not an option of "Curry"'],
    ])
  })

  it('makes a required group need one at least and an optional group none', () => {
    const base = { name: 'Size', max: 1, options: [{ name: 'Small' }, { name: 'Large', priceDelta: 2 }] }
    expect(optionGroupInputSchema.parse({ ...base, required: true }).min).toBe(1)
    expect(optionGroupInputSchema.parse({ ...base, required: false, min: 1 }).min).toBe(0)
    expect(optionGroupInputSchema.safeParse({ ...base, required: true, min: 2 }).success).toBe(false)
  })
})

describe('the all-day counts', () => {
  it('count the same dish with other options apart, and the same options together', () => {
    const line = (options: string[], quantity: number) => ({
      index: 0,
      menuItemId: 1,
      name: 'Curry',
      quantity,
      price: 14,
      category: null,
      station: null,
      added: false,
      done: false,
      options: options.map((name) => ({ group: 'Protein', name })),
    })
    const tickets = [
      { status: 'preparing', items: [line(['Shrimp'], 2), line(['Chicken'], 1)] },
      { status: 'cooking', items: [line(['Shrimp'], 1)] },
    ]
    expect(allDayCounts(tickets)).toEqual([
      { name: 'Curry (Shrimp)', quantity: 3 },
      { name: 'Curry (Chicken)', quantity: 1 },
    ])
  })
})
