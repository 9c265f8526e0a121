import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Device } from '@shared/schemas/devices'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/devices/{id}: the key stops working at once. */
export function revokeDevice(id: number) {
  return api.delete<void>(`/api/devices/${id}`)
}

export function useRevokeDevice(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Device[]>(queryKeys.devices(restaurantId), (list) =>
        list?.filter((d) => d.id !== id),
      )
      return queryClient.invalidateQueries({ queryKey: queryKeys.devices(restaurantId) })
    },
  })
}
