import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Camera, CameraCreateInput } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/cameras for a restaurant the user owns. */
export function createCamera(input: CameraCreateInput) {
  return api.post<Camera>('/api/cameras', input)
}

export function useCreateCamera() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCamera,
    onSuccess: (camera) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.restaurants() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.cameras(camera.restaurantId) })
    },
  })
}
