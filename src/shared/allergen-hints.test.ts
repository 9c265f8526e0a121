import { describe, expect, it } from 'vitest'
import { allergenHints } from './allergen-hints'

const ids = (ingredients: string[], declared: string[] = []) =>
  allergenHints(ingredients, declared).map((h) => h.allergen)

describe('allergen hints', () => {
  it('names the undeclared allergens that ingredients mention', () => {
    expect(
      ids([
        'Peanut sauce',
        'heavy cream',
        'wheat flour',
        'egg yolk',
        'tiger shrimp',
        'sesame seeds',
        'soy sauce',
      ]),
    ).toEqual(['peanuts', 'milk', 'eggs', 'shellfish', 'soy', 'wheat', 'sesame'])
  })

  it('says nothing about an allergen the dish declares', () => {
    expect(ids(['butter', 'parmesan'], ['milk'])).toEqual([])
    expect(ids(['butter', 'bread'], ['MILK'])).toEqual(['wheat'])
  })

  it('keeps the ingredients that triggered each hint', () => {
    expect(allergenHints(['butter', 'basil', 'mozzarella'], [])).toEqual([
      { allergen: 'milk', label: 'Milk/Dairy', ingredients: ['butter', 'mozzarella'] },
    ])
  })

  it('does not mistake look-alikes for the allergen', () => {
    expect(ids(['eggplant', 'coconut milk', 'rice flour', 'cream of tartar'])).toEqual([])
    expect(ids(['peanut butter'])).toEqual(['peanuts'])
    expect(ids(['shellfish stock'])).toEqual(['shellfish'])
  })

  it('matches plurals and whole words only', () => {
    expect(ids(['eggs', 'anchovies', 'noodles'])).toEqual(['eggs', 'fish', 'wheat'])
    expect(ids(['macaroni'])).toEqual(['wheat'])
    expect(ids(['corn tortillas'])).toEqual([])
    expect(ids(['codswallop', 'scoddy'])).toEqual([])
  })
})
