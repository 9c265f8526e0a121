import { describe, expect, it } from 'vitest'
import { cardFeatures, formatDistance, ratingLabel, shortAddress } from './restaurant-format'

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
