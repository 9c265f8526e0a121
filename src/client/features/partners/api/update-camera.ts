import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Camera, CameraUpdateInput } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PATCH /api/cameras/{id}: name, position, address, active. */
export function updateCamera({ id, ...changes }: CameraUpdateInput & { id: number }) {
  return api.patch<Camera>(`/api/cameras/${id}`, changes)
}

export function useUpdateCamera() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCamera,
    onSuccess: (camera) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.cameras(camera.restaurantId) }),
  })
}
