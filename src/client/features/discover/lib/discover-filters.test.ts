import type { Restaurant } from '@shared/schemas/restaurants'
import { describe, expect, it } from 'vitest'
import {
  cardFeatures,
  filterRestaurants,
  formatDistance,
  NO_FILTERS,
  ratingLabel,
  shortAddress,
} from './discover-filters'

function restaurant(overrides: Partial<Restaurant>): Restaurant {
  return {
    id: 1,
    name: 'Trattoria Bellini',
    description: 'Wood-fired pizza',
    cuisine: 'Italian',
    address: '301 W 2nd St, Austin, TX 78701',
    priceRange: '$$',
    rating: 4.8,
    reviewCount: 842,
    avatar: null,
    images: [],
    features: [],
    isLive: true,
    distance: null,
    latitude: null,
    longitude: null,
    ...overrides,
  }
}

const list = [
  restaurant({ id: 1, cuisine: 'Italian', priceRange: '$$', isLive: true }),
  restaurant({ id: 2, cuisine: 'BBQ', priceRange: '$$', isLive: false }),
  restaurant({ id: 3, cuisine: 'Italian', priceRange: '$$$$', isLive: false }),
  restaurant({ id: 4, cuisine: 'Japanese', priceRange: '$', isLive: true }),
]
const ids = (rs: Restaurant[]) => rs.map((r) => r.id)

describe('discover filters', () => {
  it('keeps every restaurant when no filter is chosen', () => {
    expect(ids(filterRestaurants(list, NO_FILTERS))).toEqual([1, 2, 3, 4])
  })

  it('narrows by cuisine, price and live kitchens together', () => {
    expect(ids(filterRestaurants(list, { ...NO_FILTERS, cuisine: 'Italian' }))).toEqual([1, 3])
    expect(ids(filterRestaurants(list, { ...NO_FILTERS, price: '$$' }))).toEqual([1, 2])
    expect(ids(filterRestaurants(list, { ...NO_FILTERS, liveOnly: true }))).toEqual([1, 4])
    expect(ids(filterRestaurants(list, { cuisine: 'Italian', price: '$$', liveOnly: true }))).toEqual([1])
    expect(filterRestaurants(list, { cuisine: 'Thai', price: 'all', liveOnly: false })).toEqual([])
  })
})

describe('restaurant cards', () => {
  it('show at most three features', () => {
    expect(cardFeatures(['A', 'B', 'C', 'D', 'E'])).toEqual(['A', 'B', 'C'])
    expect(cardFeatures(['A'])).toEqual(['A'])
  })

  it('show the first part of the address', () => {
    expect(shortAddress('301 W 2nd St, Austin, TX 78701')).toBe('301 W 2nd St')
    expect(shortAddress('Food truck park')).toBe('Food truck park')
  })

  it('show "New" for a restaurant without a rating and one decimal otherwise', () => {
    expect(ratingLabel(null)).toBe('New')
    expect(ratingLabel(4.75)).toBe('4.8')
    expect(ratingLabel(5)).toBe('5.0')
  })

  it('show distances in metres below a kilometre', () => {
    expect(formatDistance(0.42)).toBe('420 m')
    expect(formatDistance(2.345)).toBe('2.3 km')
    expect(formatDistance(18.7)).toBe('19 km')
  })
})
