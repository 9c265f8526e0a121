import type { Order } from '@shared/schemas/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/orders/{id}; live `status` messages write into the same cache entry. */
export function orderQuery(orderId: number) {
  return queryOptions({
    queryKey: queryKeys.order(orderId),
    queryFn: () => api.get<Order>(`/api/orders/${orderId}`),
  })
}
export const useOrder = (orderId: number | undefined) =>
  useQuery({ ...orderQuery(orderId ?? 0), enabled: Boolean(orderId) })

const statusOf = (order: Order) => order.status

/**
 * Only the order's status: a part that shows no progress is not rendered again by the messages
 * that move it every half second while the order cooks.
 */
export const useOrderStatus = (orderId: number | undefined) =>
  useQuery({ ...orderQuery(orderId ?? 0), enabled: Boolean(orderId), select: statusOf }).data
