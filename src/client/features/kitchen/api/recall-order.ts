import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Ticket } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upsertTicket } from '../lib/tickets'

/** POST /api/orders/{id}/recall: takes the last bump back within 60 seconds. */
export function useRecallOrder(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (orderId: number) => api.post<Ticket>(`/api/orders/${orderId}/recall`),
    onSuccess: (ticket) => upsertTicket(queryClient, restaurantId, ticket),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchen(restaurantId) }),
  })
}
