import { isActiveStatus, type OrderStatus, PROGRESS } from '../../shared/constants'
import { nextStatus, RECALL_WINDOW_MS, RECENT_WINDOW_MS, type Ticket } from '../../shared/schemas/kitchen'
import type { RestaurantMember } from '../auth/access'
import type { Db } from '../db/client'
import { orderNumber } from '../orders/order-access'
import type { OrderStatusService } from '../orders/order-status'
import { orderClosed } from '../orders/orders.errors'
import { lineNotFound, nothingToRecall, recallExpired, statusMoved } from './kitchen.errors'
import { createKitchenRepository } from './kitchen.repository'
import type { Actor, KitchenAccess } from './kitchen-access'
import type { KitchenFeed } from './kitchen-feed'

/** Keeps a kitchen action in the restaurant's activity log (staff.service.ts `record`). */
export type KitchenRecord = (entry: {
  restaurantId: number
  actor: Pick<RestaurantMember, 'userId' | 'role'>
  action: 'bump' | 'recall' | 'line_bump' | 'shout_answer' | 'kitchen_mode' | 'kitchen_settings'
  orderId?: number
  summary: string
}) => Promise<void>

/** Where each status's progress band starts. */
export const STATUS_FLOOR: Record<string, number> = {
  preparing: 0,
  cooking: PROGRESS.cooking,
  plating: PROGRESS.plating,
  delivering: PROGRESS.delivering,
  completed: 100,
}
/** Where each status's progress band ends (exclusive). */
export const STATUS_CEILING: Record<string, number> = {
  preparing: PROGRESS.cooking,
  cooking: PROGRESS.plating,
  plating: PROGRESS.delivering,
  delivering: 100,
  completed: 101,
}

/**
 * The kitchen's hands on an order: the bump to the next status, the recall of the last bump, and
 * a station's bump of one line. Each status change goes through the order state machine.
 */
export function createBumps(deps: {
  db: Db
  orderStatus: OrderStatusService
  access: KitchenAccess
  feed: KitchenFeed
  clock: () => number
  /** Keeps each bump in the restaurant's activity log, with who did it. */
  record?: KitchenRecord
}) {
  const { db, orderStatus, clock } = deps
  const { orderForKitchen, requireStations, lockOrder } = deps.access
  const record = deps.record ?? (async () => {})
  const { statusChanged, ticketChanged } = deps.feed

  return {
    /** The bump: `from` must still be the order's status, or another tablet bumped first (409). */
    async advance(actor: Actor, orderId: number, from: string): Promise<Ticket> {
      // Asked before the transaction: the rule reads on its own (the embedded database has one
      // connection, which the transaction would hold).
      const { member } = await orderForKitchen(db, actor, orderId)
      await requireStations(db, member, orderId)
      const updated = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId)
        if (!isActiveStatus(order.status)) throw orderClosed()
        if (order.status !== from) throw statusMoved()
        const to = nextStatus(from)
        if (!to) throw orderClosed()
        return orderStatus.changeIn(tx, {
          orderId,
          from: from as OrderStatus,
          to: to as OrderStatus,
          progress: to === 'completed' ? 100 : Math.max(order.progress, STATUS_FLOOR[to]!),
          by: { actor: 'kitchen', userId: actor.userId!, role: member.role },
        })
      })
      await record({
        restaurantId: member.restaurantId,
        actor: member,
        action: 'bump',
        orderId,
        summary: `Order #${orderNumber(orderId)}: ${from} → ${updated.to}`,
      })
      return (await statusChanged(updated)).ticket
    },

    /**
     * Takes the last bump back: within 60 seconds of it, or, when that bump completed the order,
     * for as long as the console's Recent list shows it (30 minutes).
     */
    async recall(actor: Actor, orderId: number): Promise<Ticket> {
      const { member } = await orderForKitchen(db, actor, orderId)
      await requireStations(db, member, orderId)
      const updated = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId)
        if (order.status === 'cancelled') throw orderClosed()
        const history = await createKitchenRepository(tx).latestEvents(orderId, 2)
        const [last, previous] = history
        if (
          !last ||
          !previous ||
          last.actor !== 'kitchen' ||
          last.reason !== null ||
          last.status !== order.status
        )
          throw nothingToRecall()
        const window = order.status === 'completed' ? RECENT_WINDOW_MS : RECALL_WINDOW_MS
        if (clock() - last.at.getTime() > window)
          throw order.status === 'completed'
            ? recallExpired('A finished order can be recalled only within 30 minutes')
            : recallExpired()
        const to = previous.status
        // Back inside the previous status's band, as far along as it may be.
        const progress = Math.min(
          Math.max(order.progress, STATUS_FLOOR[to] ?? 0),
          (STATUS_CEILING[to] ?? 100) - 1,
        )
        return orderStatus.changeIn(tx, {
          orderId,
          from: order.status as OrderStatus,
          to: to as OrderStatus,
          progress,
          by: { actor: 'kitchen', userId: actor.userId!, role: member.role },
          reason: 'recall',
        })
      })
      await record({
        restaurantId: member.restaurantId,
        actor: member,
        action: 'recall',
        orderId,
        summary: `Order #${orderNumber(orderId)}: recalled to ${updated.to}`,
      })
      return (await statusChanged(updated)).ticket
    },

    /** A station marks one line of an order ready (or not). */
    async bumpLine(actor: Actor, orderId: number, index: number, done: boolean): Promise<Ticket> {
      const { member } = await orderForKitchen(db, actor, orderId)
      await requireStations(db, member, orderId, index)
      let name = ''
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId)
        if (!isActiveStatus(order.status)) throw orderClosed()
        const lines = Array.isArray(order.items) ? order.items : []
        if (index >= lines.length) throw lineNotFound()
        name = String((lines[index] as { name?: unknown }).name ?? '')
        const current = new Set(order.linesDone ?? [])
        if (done) current.add(index)
        else current.delete(index)
        await createKitchenRepository(tx).setLinesDone(
          orderId,
          [...current].sort((a, b) => a - b),
        )
      })
      await record({
        restaurantId: member.restaurantId,
        actor: member,
        action: 'line_bump',
        orderId,
        summary: `Order #${orderNumber(orderId)}: ${name || `line ${index + 1}`} ${done ? 'ready' : 'not ready'}`,
      })
      return (await ticketChanged(orderId))!
    },
  }
}
