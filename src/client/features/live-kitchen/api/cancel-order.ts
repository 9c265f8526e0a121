import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { CancelOrderResult, Order } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/orders/{id}/cancel by the diner, allowed while the order is still preparing. */
export function useCancelOrder(orderId: number, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.post<CancelOrderResult>(`/api/orders/${orderId}/cancel`, { reason: 'diner_request' }),
    onSuccess: async (result) => {
      queryClient.setQueryData<Order>(queryKeys.order(orderId), result.order)
      if (userId)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['wallet', userId] }),
          queryClient.invalidateQueries({ queryKey: queryKeys.orders(userId) }),
        ])
    },
  })
}
