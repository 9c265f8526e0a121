import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useLiveState } from '@client/lib/use-live-order'
import { CHEF_SHOUTS_POLL_MS } from '@shared/constants'
import type { ChefShout } from '@shared/schemas/chef'
import { queryOptions, useQuery } from '@tanstack/react-query'

/**
 * GET /api/orders/{id}/chef-shouts. While the live channel is open, the order's room writes its
 * `chef_shout` messages into this list; while it is closed, the list is polled every 5 seconds.
 */
export function chefShoutsQuery(orderId: number) {
  return queryOptions({
    queryKey: queryKeys.chefShouts(orderId),
    queryFn: () => api.get<ChefShout[]>(`/api/orders/${orderId}/chef-shouts`),
  })
}
export function useChefShouts(orderId: number, enabled = true) {
  const live = useLiveState()
  return useQuery({
    ...chefShoutsQuery(orderId),
    enabled,
    refetchInterval: live === 'open' ? false : CHEF_SHOUTS_POLL_MS,
  })
}
