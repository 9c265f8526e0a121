import { restaurantListParams } from '@client/lib/queries/restaurants'
import { describe, expect, it } from 'vitest'
import {
  DISCOVER_PAGE_SIZE,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  listQuery,
  NO_FILTERS,
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
