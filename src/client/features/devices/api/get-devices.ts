import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Device } from '@shared/schemas/devices'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** How often the list refreshes, so "last seen" and online states stay current. */
export const DEVICES_REFRESH_MS = 10_000

/** GET /api/restaurants/{id}/devices: the restaurant's sensors (owner only). */
export function devicesQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.devices(restaurantId),
    queryFn: () => api.get<Device[]>(`/api/restaurants/${restaurantId}/devices`),
    refetchInterval: DEVICES_REFRESH_MS,
  })
}

export const useDevices = (restaurantId: number | undefined) =>
  useQuery({ ...devicesQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })
