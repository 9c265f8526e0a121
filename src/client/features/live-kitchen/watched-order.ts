import { hasCookingStarted } from '@client/components/kitchen/order-stages'
import { orderQuery } from '@client/lib/queries/order'
import type { Order } from '@shared/schemas/orders'
import { useQuery } from '@tanstack/react-query'

/**
 * The order as the stream page reads it: everything but its progress, which the kitchen's
 * `status` messages move every half second while it cooks, and whether cooking has started (the
 * one thing the page decides from the progress: when chef shouts open).
 */
export type WatchedOrder = Omit<Order, 'progress'> & { cookingStarted: boolean }

export function watchedOrder(order: Order): WatchedOrder {
  const { progress: _moving, ...steady } = order
  return { ...steady, cookingStarted: hasCookingStarted(order) }
}

/**
 * The order through `watchedOrder`. The selection is shared structurally, so a message that only
 * moves the progress leaves it as it was and the page is not rendered again (each time, the
 * whole page: shouts, tips, order details, suggestions); the progress bar reads the order itself.
 */
export const useWatchedOrder = (orderId: number) => useQuery({ ...orderQuery(orderId), select: watchedOrder })
