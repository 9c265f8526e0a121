import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/restaurants: the restaurants whose kitchen the user may open. */
export const useMyRestaurants = (userId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.userRestaurants(userId ?? 0),
    queryFn: () => api.get<Array<{ id: number; name: string }>>(`/api/users/${userId}/restaurants`),
    enabled: Boolean(userId),
  })
