import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { PushDevice } from '@shared/schemas/push'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/push-subscriptions: the diner's devices that receive pushes. */
export function pushDevicesQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.pushDevices(userId),
    queryFn: async () =>
      (await api.get<{ devices: PushDevice[] }>(`/api/users/${userId}/push-subscriptions`)).devices,
  })
}
export const usePushDevices = (userId: number) => useQuery(pushDevicesQuery(userId))
