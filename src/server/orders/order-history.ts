import { and, asc, desc, eq } from 'drizzle-orm'
import type { Order, OrderEvent, TimelineEntry } from '../../shared/schemas/orders'
import { STAFF_ROLES, type StaffRole } from '../../shared/schemas/staff'
import { buildTimeline } from '../../shared/timeline'
import type { Tx } from '../db/client'
import { orderEvents, reviews, users } from '../db/schema'
import type { OrderRow } from './order-access'

/**
 * The order's status history, oldest first. With `team` (the reader is of the restaurant's
 * team), each kitchen change says who made it: the staff member's name and role then. A diner
 * is told nothing about staff.
 */
export async function listEvents(tx: Tx, order: Pick<OrderRow, 'id'>, team = false): Promise<OrderEvent[]> {
  const rows = await tx
    .select({
      status: orderEvents.status,
      at: orderEvents.at,
      actor: orderEvents.actor,
      actorRole: orderEvents.actorRole,
      reason: orderEvents.reason,
      name: users.fullName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  return rows.map((r) => {
    const event: OrderEvent = { status: r.status, at: r.at.toISOString() }
    if (team && r.actor === 'kitchen') {
      event.by = {
        name: r.name ?? 'Former member',
        role: (STAFF_ROLES as readonly string[]).includes(r.actorRole ?? '')
          ? (r.actorRole as StaffRole)
          : 'owner',
      }
      if (r.reason) event.reason = r.reason
    }
    return event
  })
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

/** When the order was completed (delivered or picked up), from its history. */
export async function completedAt(tx: Tx, order: Pick<OrderRow, 'id' | 'updatedAt'>): Promise<Date> {
  const [row] = await tx
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'completed')))
    .orderBy(desc(orderEvents.at))
    .limit(1)
  return row?.at ?? order.updatedAt
}

/** The diner's review of the order, if any. */
export async function orderReview(tx: Tx, orderId: number): Promise<Order['review']> {
  const [row] = await tx
    .select({ rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.orderId, orderId))
  return row ? { rating: row.rating, comment: row.comment, createdAt: row.createdAt.toISOString() } : null
}
