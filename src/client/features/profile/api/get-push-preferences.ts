import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { PushPreferences } from '@shared/schemas/push'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/push-preferences: which kinds of notice the diner wants pushed. */
export function pushPreferencesQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.pushPreferences(userId),
    queryFn: () => api.get<PushPreferences>(`/api/users/${userId}/push-preferences`),
  })
}
export const usePushPreferences = (userId: number) => useQuery(pushPreferencesQuery(userId))
