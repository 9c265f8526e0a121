import { api } from '@client/lib/api-client'
import { intentDone, intentKey } from '@client/lib/intent-key'
import { queryKeys } from '@client/lib/query-keys'
import type { ShoutType } from '@shared/constants'
import type { ChefShout } from '@shared/schemas/chef'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/orders/{id}/chef-shouts: the server prices the shout and charges the wallet. */
export function useSendChefShout(orderId: number, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (shoutType: ShoutType) =>
      api.post<ChefShout & { newBalance: number }>(
        `/api/orders/${orderId}/chef-shouts`,
        { shoutType },
        // The same shout retried keeps its key until it succeeds: it is charged once.
        { idempotencyKey: intentKey(`shout:${orderId}`, { shoutType }) },
      ),
    onSuccess: async (shout) => {
      intentDone(`shout:${orderId}`)
      if (userId) queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: shout.newBalance })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.chefShouts(orderId) }),
        userId
          ? queryClient.invalidateQueries({ queryKey: queryKeys.walletTransactions(userId) })
          : undefined,
      ])
    },
  })
}
