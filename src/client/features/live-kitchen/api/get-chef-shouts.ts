import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { CHEF_SHOUTS_POLL_MS } from '@shared/constants'
import type { ChefShout } from '@shared/schemas/chef'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/orders/{id}/chef-shouts, polled every 5 seconds while shown. */
export function chefShoutsQuery(orderId: number) {
  return queryOptions({
    queryKey: queryKeys.chefShouts(orderId),
    queryFn: () => api.get<ChefShout[]>(`/api/orders/${orderId}/chef-shouts`),
    refetchInterval: CHEF_SHOUTS_POLL_MS,
  })
}
export const useChefShouts = (orderId: number, enabled = true) =>
  useQuery({ ...chefShoutsQuery(orderId), enabled })
