import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/restaurants/{id}/staff/invites/{inviteId}: the link stops working. */
export function useRevokeInvite(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (inviteId: number) =>
      api.delete<unknown>(`/api/restaurants/${restaurantId}/staff/invites/${inviteId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) }),
  })
}
