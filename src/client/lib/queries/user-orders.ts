import type { Order } from '@shared/schemas/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/orders: every order of the signed-in diner, newest first. */
export function userOrdersQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.orders(userId),
    queryFn: () => api.get<Order[]>(`/api/users/${userId}/orders`),
  })
}
export const useUserOrders = (userId: number | undefined) =>
  useQuery({ ...userOrdersQuery(userId ?? 0), enabled: Boolean(userId) })
