import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { PushPreferences } from '@shared/schemas/push'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PATCH /api/users/{id}/push-preferences with the kinds that change; the answer is the whole set. */
export function useUpdatePushPreferences(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: Partial<PushPreferences>) =>
      api.patch<PushPreferences>(`/api/users/${userId}/push-preferences`, changes),
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.pushPreferences(userId), preferences),
  })
}
