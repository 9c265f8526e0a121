import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Device } from '@shared/schemas/devices'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/devices, refreshed often: the console shows which sensors are offline. */
export function sensorsQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.devices(restaurantId),
    queryFn: () => api.get<Device[]>(`/api/restaurants/${restaurantId}/devices`),
    refetchInterval: 10_000,
  })
}

export const useSensors = (restaurantId: number) => useQuery(sensorsQuery(restaurantId))
