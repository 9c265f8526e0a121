import type { AllergenId } from '../../shared/constants'

export interface SeedOptionGroup {
  name: string
  required: boolean
  max: number
  options: { name: string; priceDeltaCents?: number; allergens?: AllergenId[]; unavailable?: boolean }[]
}

/**
 * Option groups of a few demo dishes, by `<restaurant slug>/<dish name>`: a new visitor meets a
 * required choice, optional extras that add to the price, an option with its own allergens and
 * one sold out.
 */
export const SEED_OPTIONS: Record<string, SeedOptionGroup[]> = {
  'trattoria-bellini/Fettuccine Alfredo': [
    {
      name: 'Pasta',
      required: true,
      max: 1,
      options: [{ name: 'Fresh fettuccine' }, { name: 'Gluten-free penne', priceDeltaCents: 200 }],
    },
    {
      name: 'Add to it',
      required: false,
      max: 2,
      options: [
        { name: 'Grilled chicken', priceDeltaCents: 400 },
        { name: 'Garlic shrimp', priceDeltaCents: 550, allergens: ['shellfish'] },
        { name: 'Roasted mushrooms', priceDeltaCents: 250 },
        { name: 'Truffle shavings', priceDeltaCents: 900, unavailable: true },
      ],
    },
  ],
  'bangkok-street-kitchen/Green Curry': [
    {
      name: 'Spice level',
      required: true,
      max: 1,
      options: [{ name: 'Mild' }, { name: 'Medium' }, { name: 'Hot' }, { name: 'Thai hot' }],
    },
    {
      name: 'Protein',
      required: true,
      max: 1,
      options: [
        { name: 'Chicken' },
        { name: 'Tofu', allergens: ['soy'] },
        { name: 'Shrimp', priceDeltaCents: 300, allergens: ['shellfish'] },
      ],
    },
    {
      name: 'Extras',
      required: false,
      max: 3,
      options: [
        { name: 'Jasmine rice', priceDeltaCents: 200 },
        { name: 'Roti', priceDeltaCents: 250, allergens: ['wheat', 'gluten'] },
        { name: 'Crushed peanuts', priceDeltaCents: 75, allergens: ['peanuts'] },
        { name: 'Fried egg', priceDeltaCents: 150, allergens: ['eggs'] },
      ],
    },
  ],
  'bluebonnet-diner/Double Smash Burger': [
    {
      name: 'Add-ons',
      required: false,
      max: 3,
      options: [
        { name: 'Thick-cut bacon', priceDeltaCents: 250 },
        { name: 'Fried egg', priceDeltaCents: 150, allergens: ['eggs'] },
        { name: 'Pickled jalapeños', priceDeltaCents: 75 },
        { name: 'Extra cheese', priceDeltaCents: 150, allergens: ['milk'] },
      ],
    },
    {
      name: 'Side',
      required: false,
      max: 1,
      options: [
        { name: 'Hand-cut fries', priceDeltaCents: 350 },
        { name: 'Onion rings', priceDeltaCents: 400, allergens: ['wheat', 'gluten', 'milk'] },
      ],
    },
  ],
}
