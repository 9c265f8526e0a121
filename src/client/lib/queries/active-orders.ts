import type { Order } from '@shared/schemas/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/active-orders: the signed-in diner's orders still in the kitchen. */
export function activeOrdersQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.activeOrders(userId),
    queryFn: () => api.get<Order[]>(`/api/users/${userId}/active-orders`),
  })
}
export const useActiveOrders = (userId: number | undefined) =>
  useQuery({ ...activeOrdersQuery(userId ?? 0), enabled: Boolean(userId) })
