import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'

export interface OwnedRestaurant {
  id: number
  name: string
}

/** GET /api/users/{id}/restaurants: the restaurants whose sensors the signed-in user manages. */
export function ownedRestaurantsQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.userRestaurants(userId),
    queryFn: () => api.get<OwnedRestaurant[]>(`/api/users/${userId}/restaurants`),
  })
}

export const useOwnedRestaurants = (userId: number | undefined) =>
  useQuery({ ...ownedRestaurantsQuery(userId ?? 0), enabled: Boolean(userId) })
