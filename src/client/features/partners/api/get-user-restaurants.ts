import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'

export interface OwnedRestaurant {
  id: number
  name: string
}

/** GET /api/users/{id}/restaurants: the restaurants the signed-in user owns. */
export function userRestaurantsQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.userRestaurants(userId),
    queryFn: () => api.get<OwnedRestaurant[]>(`/api/users/${userId}/restaurants`),
  })
}

export const useUserRestaurants = (userId: number | undefined) =>
  useQuery({ ...userRestaurantsQuery(userId ?? 0), enabled: Boolean(userId) })
