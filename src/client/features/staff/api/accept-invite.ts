import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/staff-invites/{token}/accept: the signed-in user joins the restaurant's staff. */
export function useAcceptInvite(token: string, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.post<{ restaurantId: number }>(`/api/staff-invites/${encodeURIComponent(token)}/accept`),
    onSuccess: async () => {
      if (userId) await queryClient.invalidateQueries({ queryKey: queryKeys.userRestaurants(userId) })
    },
  })
}
