import type { Camera, MenuItem, Restaurant } from '@shared/schemas/restaurants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

export interface RestaurantSearch {
  latitude: number
  longitude: number
  radius?: number
}

/** GET /api/restaurants, optionally around a location (distance in km on each restaurant). */
export function restaurantsQuery(search?: RestaurantSearch) {
  return queryOptions({
    queryKey: queryKeys.restaurants(search),
    queryFn: () => {
      if (!search) return api.get<Restaurant[]>('/api/restaurants')
      const params = new URLSearchParams({
        latitude: String(search.latitude),
        longitude: String(search.longitude),
      })
      if (search.radius !== undefined) params.set('radius', String(search.radius))
      return api.get<Restaurant[]>(`/api/restaurants?${params}`)
    },
  })
}
export const useRestaurants = (search?: RestaurantSearch) => useQuery(restaurantsQuery(search))

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
