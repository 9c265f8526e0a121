import type { Order } from '@shared/schemas/orders'

export type StatusTone = 'success' | 'info' | 'warning' | 'neutral'

/** The profile's order status: capitalised; completed green, preparing blue, delivering amber, others gray. */
export function orderStatusDisplay(status: string): { label: string; tone: StatusTone } {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown'
  const tone: StatusTone =
    status === 'completed'
      ? 'success'
      : status === 'preparing'
        ? 'info'
        : status === 'delivering'
          ? 'warning'
          : 'neutral'
  return { label, tone }
}

export interface FavoriteRestaurant {
  restaurantId: number
  orders: number
  lastOrderedAt: string
}

/** The restaurants a diner orders from most (ties: the most recent first). */
export function favoriteRestaurants(orders: Order[], limit = 3): FavoriteRestaurant[] {
  const byRestaurant = new Map<number, FavoriteRestaurant>()
  for (const order of orders) {
    const entry = byRestaurant.get(order.restaurantId)
    if (!entry)
      byRestaurant.set(order.restaurantId, {
        restaurantId: order.restaurantId,
        orders: 1,
        lastOrderedAt: order.createdAt,
      })
    else {
      entry.orders += 1
      if (order.createdAt > entry.lastOrderedAt) entry.lastOrderedAt = order.createdAt
    }
  }
  return [...byRestaurant.values()]
    .sort((a, b) => b.orders - a.orders || b.lastOrderedAt.localeCompare(a.lastOrderedAt))
    .slice(0, limit)
}
