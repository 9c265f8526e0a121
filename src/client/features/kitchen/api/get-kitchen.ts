import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen } from '@shared/schemas/kitchen'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/kitchen: mode, settings and the open tickets, oldest first. */
export function kitchenQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.kitchen(restaurantId),
    queryFn: () => api.get<Kitchen>(`/api/restaurants/${restaurantId}/kitchen`),
    retry: false,
  })
}

export const useKitchen = (restaurantId: number) => useQuery(kitchenQuery(restaurantId))
