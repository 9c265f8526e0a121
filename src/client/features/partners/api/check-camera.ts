import { api } from '@client/lib/api-client'
import type { CameraCheck } from '@shared/schemas/restaurants'
import { useMutation } from '@tanstack/react-query'

/** POST /api/cameras/{id}/check: the server opens the stream for a few seconds and says what it found. */
export function checkCamera(id: number) {
  return api.post<CameraCheck>(`/api/cameras/${id}/check`)
}

export const useCheckCamera = () => useMutation({ mutationFn: checkCamera })
