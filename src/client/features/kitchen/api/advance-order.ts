import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Ticket } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upsertTicket } from '../lib/tickets'

/** POST /api/orders/{id}/advance {from}: the bump. A 409 means another tablet bumped first. */
export function useAdvanceOrder(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, from }: { orderId: number; from: string }) =>
      api.post<Ticket>(`/api/orders/${orderId}/advance`, { from }),
    onSuccess: (ticket) => upsertTicket(queryClient, restaurantId, ticket),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchen(restaurantId) }),
  })
}
