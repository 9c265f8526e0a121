import type { RestaurantListQuery, RestaurantSearch } from '@client/lib/queries/restaurants'
import { DINER_CUISINES, PRICE_RANGES } from '@shared/constants'

export interface DiscoverFilters {
  /** "all" or one of DINER_CUISINES. */
  cuisine: string
  /** "all" or one of PRICE_RANGES. */
  price: string
  liveOnly: boolean
}

export const NO_FILTERS: DiscoverFilters = { cuisine: 'all', price: 'all', liveOnly: false }

/** Restaurants a page of the discover list holds: four rows of three on a wide screen. */
export const DISCOVER_PAGE_SIZE = 12

/** The list the server is asked for: the chosen filters (the server applies them), a location, a page size. */
export function listQuery(
  filters: DiscoverFilters,
  location: RestaurantSearch | undefined,
  limit = DISCOVER_PAGE_SIZE,
): RestaurantListQuery {
  return {
    location,
    cuisine: filters.cuisine === 'all' ? undefined : filters.cuisine,
    price: filters.price === 'all' ? undefined : filters.price,
    live: filters.liveOnly ? true : undefined,
    limit,
  }
}

/** The filters kept in the page's address (`?cuisine=Thai&price=%24%24&live=1`); unknown values are left out. */
export function filtersFromSearch(params: URLSearchParams): DiscoverFilters {
  const cuisine = params.get('cuisine')
  const price = params.get('price')
  return {
    cuisine: cuisine && (DINER_CUISINES as readonly string[]).includes(cuisine) ? cuisine : 'all',
    price: price && (PRICE_RANGES as readonly string[]).includes(price) ? price : 'all',
    liveOnly: params.get('live') === '1',
  }
}

/** The address's query for these filters: only the chosen ones. */
export function filtersToSearch(filters: DiscoverFilters): Record<string, string> {
  return {
    ...(filters.cuisine === 'all' ? {} : { cuisine: filters.cuisine }),
    ...(filters.price === 'all' ? {} : { price: filters.price }),
    ...(filters.liveOnly ? { live: '1' } : {}),
  }
}

export function hasActiveFilters(filters: DiscoverFilters): boolean {
  return filters.cuisine !== 'all' || filters.price !== 'all' || filters.liveOnly
}

export type RadiusChoice = 'any' | 1 | 5 | 10 | 25
