import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { CancelOrderInput } from '@shared/schemas/kitchen'
import type { CancelOrderResult } from '@shared/schemas/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/orders/{id}/cancel {reason, note?}: cancels and refunds everything the order charged. */
export function useCancelTicket(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, ...body }: CancelOrderInput & { orderId: number }) =>
      api.post<CancelOrderResult>(`/api/orders/${orderId}/cancel`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchen(restaurantId) }),
  })
}
