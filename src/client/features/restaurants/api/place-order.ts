import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Order, PlaceOrderInput } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/orders: the server prices the lines, charges the wallet and starts the kitchen. */
export function usePlaceOrder(userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PlaceOrderInput; idempotencyKey: string }) =>
      api.post<Order>('/api/orders', input, { idempotencyKey }),
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.order(order.id), order)
      if (!userId) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders(userId) }),
        queryClient.invalidateQueries({ queryKey: ['wallet', userId] }),
      ])
    },
  })
}
