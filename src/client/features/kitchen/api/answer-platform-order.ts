import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Order } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/**
 * POST /api/orders/{id}/accept, or /deny {reason}: the kitchen's answer to a delivery platform's
 * order. The platform is told; the ticket comes back on the kitchen's live channel.
 */
export function useAnswerPlatformOrder(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      input: { orderId: number; accept: true } | { orderId: number; accept: false; reason: string },
    ) =>
      input.accept
        ? api.post<Order>(`/api/orders/${input.orderId}/accept`, {})
        : api.post<Order>(`/api/orders/${input.orderId}/deny`, { reason: input.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchen(restaurantId) }),
  })
}
