import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Camera } from '@shared/schemas/restaurants'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/cameras?include=inactive: every camera, for the owner. */
export function ownerCamerasQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.ownerCameras(restaurantId),
    queryFn: () => api.get<Camera[]>(`/api/restaurants/${restaurantId}/cameras?include=inactive`),
  })
}

export const useOwnerCameras = (restaurantId: number) => useQuery(ownerCamerasQuery(restaurantId))
