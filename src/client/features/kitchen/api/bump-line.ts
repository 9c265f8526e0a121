import { api } from '@client/lib/api-client'
import type { Ticket } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upsertTicket } from '../lib/tickets'

/** PUT /api/orders/{id}/lines/{index} {done}: a station bumps (or un-bumps) one line. */
export function useBumpLine(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, index, done }: { orderId: number; index: number; done: boolean }) =>
      api.put<Ticket>(`/api/orders/${orderId}/lines/${index}`, { done }),
    onSuccess: (ticket) => upsertTicket(queryClient, restaurantId, ticket),
  })
}
