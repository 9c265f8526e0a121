import { api } from '@client/lib/api-client'
import { intentDone, intentKey } from '@client/lib/intent-key'
import { queryKeys } from '@client/lib/query-keys'
import type { Order } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

interface UpsellResult {
  upsellId: number
  accepted: boolean
  order?: Order
  newBalance?: number
}

/** PUT /api/upsells/{id}/response: accepting adds the item to the order and charges the wallet. */
export function useRespondToUpsell(orderId: number, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ upsellId, accepted }: { upsellId: number; accepted: boolean }) =>
      api.put<UpsellResult>(
        `/api/upsells/${upsellId}/response`,
        { accepted },
        // One answer per offer: a retry sends the same key.
        { idempotencyKey: intentKey(`upsell:${upsellId}`, { accepted }) },
      ),
    onSuccess: async (result) => {
      intentDone(`upsell:${result.upsellId}`)
      if (!result.accepted) return
      if (result.order) {
        // The answer's order has the new line and total; the full read (timeline, review) follows.
        const answered = result.order
        queryClient.setQueryData<Order>(queryKeys.order(orderId), (order) =>
          order ? { ...order, ...answered, timeline: answered.timeline ?? order.timeline } : answered,
        )
        void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) })
      }
      if (userId && result.newBalance !== undefined)
        queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: result.newBalance })
      if (userId) await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
