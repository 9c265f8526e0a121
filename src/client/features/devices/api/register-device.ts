import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeviceCreated, DeviceCreateInput } from '@shared/schemas/devices'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/restaurants/{id}/devices: the answer carries the device key, shown once. */
export function registerDevice(restaurantId: number, input: DeviceCreateInput) {
  return api.post<DeviceCreated>(`/api/restaurants/${restaurantId}/devices`, input)
}

export function useRegisterDevice(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DeviceCreateInput) => registerDevice(restaurantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices(restaurantId) }),
  })
}
