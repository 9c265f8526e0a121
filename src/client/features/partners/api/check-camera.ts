import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { CameraCheck } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/cameras/{id}/check: the server opens the stream for a few seconds and says what it found. */
export function checkCamera(id: number) {
  return api.post<CameraCheck>(`/api/cameras/${id}/check`)
}

/**
 * Checks a camera of the restaurant; whatever it found, the owner's camera list is read again, so
 * the go-live checklist knows whether a picture reaches diners.
 */
export function useCheckCamera(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: checkCamera,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownerCameras(restaurantId) }),
  })
}
