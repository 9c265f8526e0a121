import { restaurantListParams } from '@client/lib/queries/restaurants'
import { describe, expect, it } from 'vitest'
import {
  cardFeatures,
  DISCOVER_PAGE_SIZE,
  filtersFromSearch,
  filtersToSearch,
  formatDistance,
  hasActiveFilters,
  listQuery,
  NO_FILTERS,
  ratingLabel,
  shortAddress,
} from './discover-filters'

describe('discover filters', () => {
  it('asks the server for everything, a page at a time, when no filter is chosen', () => {
    expect(listQuery(NO_FILTERS, undefined)).toEqual({
      location: undefined,
      cuisine: undefined,
      price: undefined,
      live: undefined,
      limit: DISCOVER_PAGE_SIZE,
    })
    expect(restaurantListParams(listQuery(NO_FILTERS, undefined)).toString()).toBe(
      `limit=${DISCOVER_PAGE_SIZE}`,
    )
  })

  it('sends cuisine, price, live kitchens and the location together, and the cursor of the next page', () => {
    const query = listQuery(
      { cuisine: 'Italian', price: '$$', liveOnly: true },
      {
        latitude: 30.27,
        longitude: -97.74,
        radius: 5,
      },
    )
    const params = restaurantListParams(query, 'WzNd')
    expect(Object.fromEntries(params)).toEqual({
      latitude: '30.27',
      longitude: '-97.74',
      radius: '5',
      cuisine: 'Italian',
      price: '$$',
      live: 'true',
      limit: String(DISCOVER_PAGE_SIZE),
      cursor: 'WzNd',
    })
    expect(params.toString()).toContain('price=%24%24')
  })

  it('keeps the chosen filters in the address and reads them back, leaving unknown values out', () => {
    const chosen = { cuisine: 'Thai', price: '$$', liveOnly: true }
    const search = new URLSearchParams(filtersToSearch(chosen))
    expect(search.toString()).toBe('cuisine=Thai&price=%24%24&live=1')
    expect(filtersFromSearch(search)).toEqual(chosen)
    expect(filtersToSearch(NO_FILTERS)).toEqual({})
    expect(filtersFromSearch(new URLSearchParams('cuisine=Klingon&price=%24%24%24%24%24&live=yes'))).toEqual(
      NO_FILTERS,
    )
  })

  it('counts a filter as chosen only when it narrows the list', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, liveOnly: true })).toBe(true)
    expect(hasActiveFilters({ ...NO_FILTERS, cuisine: 'BBQ' })).toBe(true)
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
