import type { Camera, MenuItem, Restaurant, RestaurantPage } from '@shared/schemas/restaurants'
import { queryOptions, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

export interface RestaurantSearch {
  latitude: number
  longitude: number
  radius?: number
}

/** What `GET /api/restaurants` is asked for: filters, a location and the page size. */
export interface RestaurantListQuery {
  location?: RestaurantSearch | undefined
  cuisine?: string | undefined
  price?: string | undefined
  live?: boolean | undefined
  /** 1 to 100; the server's default page (24) when left out. */
  limit?: number | undefined
}

/** The query string for one page; `cursor` is the previous page's `nextCursor`. */
export function restaurantListParams(query: RestaurantListQuery, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams()
  if (query.location) {
    params.set('latitude', String(query.location.latitude))
    params.set('longitude', String(query.location.longitude))
    if (query.location.radius !== undefined) params.set('radius', String(query.location.radius))
  }
  if (query.cuisine) params.set('cuisine', query.cuisine)
  if (query.price) params.set('price', query.price)
  if (query.live !== undefined) params.set('live', String(query.live))
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  if (cursor) params.set('cursor', cursor)
  return params
}

const listUrl = (query: RestaurantListQuery, cursor?: string | null) => {
  const params = restaurantListParams(query, cursor).toString()
  return params ? `/api/restaurants?${params}` : '/api/restaurants'
}

/** The first page of GET /api/restaurants (by id, or nearest first around a location). */
export function restaurantsQuery(query: RestaurantListQuery = {}) {
  return queryOptions({
    queryKey: queryKeys.restaurants(query),
    queryFn: () => api.get<RestaurantPage>(listUrl(query)),
  })
}
export const useRestaurants = (query?: RestaurantListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...restaurantsQuery(query), ...options })

/** Page after page of GET /api/restaurants, each continuing where the one before ended. */
export function useRestaurantPages(query: RestaurantListQuery) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.restaurants(query), 'pages'] as const,
    queryFn: ({ pageParam }) => api.get<RestaurantPage>(listUrl(query, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/**
 * The restaurants with these ids, each read on its own (and cached as the restaurant page reads
 * it): for names and pictures next to orders, whichever page of the list they are on.
 */
export function useRestaurantsById(ids: readonly number[]) {
  const unique = [...new Set(ids)]
  return useQueries({
    queries: unique.map((id) => restaurantQuery(id)),
    combine: (results) => ({
      byId: new Map(
        results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])),
      ),
      isLoading: results.some((result) => result.isLoading),
    }),
  })
}

export function restaurantQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.restaurant(id),
    queryFn: () => api.get<Restaurant>(`/api/restaurants/${id}`),
  })
}
export const useRestaurant = (id: number | undefined) =>
  useQuery({ ...restaurantQuery(id ?? 0), enabled: Boolean(id) })

export function menuQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.menu(restaurantId),
    queryFn: () => api.get<MenuItem[]>(`/api/restaurants/${restaurantId}/menu`),
  })
}
export const useMenu = (restaurantId: number | undefined) =>
  useQuery({ ...menuQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })

export function camerasQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.cameras(restaurantId),
    queryFn: () => api.get<Camera[]>(`/api/restaurants/${restaurantId}/cameras`),
  })
}
export const useCameras = (restaurantId: number | undefined) =>
  useQuery({ ...camerasQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })
