import { api } from '@client/lib/api-client'
import { intentDone, intentKey } from '@client/lib/intent-key'
import { queryKeys } from '@client/lib/query-keys'
import type { Order, PlaceOrderInput } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/**
 * POST /api/orders: the server prices the lines, charges the wallet and starts the kitchen. The
 * same cart sent again (a retry after an error or a hang) keeps its Idempotency-Key until it is
 * placed, so it is charged once; a changed cart is a new order.
 */
export function usePlaceOrder(userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PlaceOrderInput) =>
      api.post<Order>('/api/orders', input, { idempotencyKey: intentKey('order', input) }),
    onSuccess: async (order) => {
      intentDone('order')
      // The stream page reads the order itself, with its timeline.
      queryClient.setQueryData(queryKeys.order(order.id), order)
      void queryClient.invalidateQueries({ queryKey: queryKeys.order(order.id) })
      if (!userId) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders(userId) }),
        queryClient.invalidateQueries({ queryKey: ['wallet', userId] }),
      ])
    },
  })
}
