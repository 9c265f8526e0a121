/**
 * The order state machine: the one door through which every status change goes.
 *
 *   preparing -> cooking -> plating -> delivering -> completed
 *   preparing | cooking | plating | delivering -> cancelled
 *   received -> preparing | cancelled   (a delivery platform's order: accepted or denied)
 *
 * Rules:
 * - Forward moves may skip steps (the autopilot can pass two thresholds in one tick); each step
 *   passed is kept in the history, at the same time.
 * - The kitchen (a user) may move an active order back to an earlier active step (a recall),
 *   and a completed order back to an active step (a recall from the console's Recent list).
 * - Any active order may be cancelled; who may cancel when is the caller's rule.
 * - The showcase order starts over: completed -> preparing, by the autopilot only; its history
 *   restarts with it, so it holds the current run.
 * - Otherwise completed and cancelled are final.
 *
 * Every change updates `orders.status` and `progress`, writes one `order_events` row per step
 * (order, status, at, actor, the actor's user, an optional reason) and the diner's notification
 * in the same transaction, and publishes one `status` message on the order's channel (and the
 * notification on the diner's) after the commit, clearing the diner's cached active orders first.
 *
 * Use:
 *   const orderStatus = createOrderStatus({ db, bus, notifications })
 *   await orderStatus.change({ orderId, to: 'cooking', by: { actor: 'kitchen', userId } })
 *
 *   // Other writes in the same transaction (a cancel's refunds): change inside it, publish after.
 *   const changed = await db.transaction(async (tx) => {
 *     const c = await orderStatus.changeIn(tx, { orderId, to: 'cancelled', by, reason })
 *     ... refunds ...
 *     return c
 *   })
 *   await orderStatus.publish(changed)
 *
 *   // A new order's history starts in the transaction that creates it:
 *   await recordOrderCreated(tx, { orderId, at, by: { actor: 'diner', userId } })
 *
 * A change the machine does not allow, or one whose `from` is no longer the order's status,
 * throws `statusChangeNotAllowed` (409, `kitchen.status_conflict`); an unknown order throws 404.
 */
import { eq } from 'drizzle-orm'
import { ACTIVE_ORDER_STATUSES, type OrderStatus, PROGRESS } from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { Db, Tx } from '../db/client'
import { orderEvents, orders } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, orderChannel } from '../infra/bus'
import type { NotificationRow, NotificationsService } from '../notifications/notifications.service'
import { orderFacts, statusNotice } from '../notifications/order-notices'
import { orderNotFound, statusChangeNotAllowed } from './orders.errors'

/** The steps of an order that is not cancelled, in order. */
export const ORDER_FLOW = ['preparing', 'cooking', 'plating', 'delivering', 'completed'] as const

/** Progress an order has when it reaches a step without a driver's own figure. */
export const STATUS_PROGRESS: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  received: 0,
  preparing: 0,
  cooking: PROGRESS.cooking,
  plating: PROGRESS.plating,
  delivering: PROGRESS.delivering,
  completed: 100,
}

/** Who or what moved an order. */
export type StatusActor =
  | { actor: 'autopilot' }
  | { actor: 'system' }
  /** `role`: the user's role in the restaurant when they did it (staff/roles). */
  | { actor: 'kitchen'; userId: number; role?: string }
  | { actor: 'diner'; userId: number }

export interface StatusChange {
  orderId: number
  to: OrderStatus
  by: StatusActor
  /** The status the caller saw: the change is refused if the order has moved since. */
  from?: OrderStatus
  /** 0 to 100; defaults to the step's own progress (a cancel keeps the order's). */
  progress?: number
  reason?: string
  /** When it happened; now by default. */
  at?: Date
}

export interface StatusChanged {
  orderId: number
  /** The order's diner, whose cached active orders the change clears. */
  userId: number
  from: OrderStatus
  to: OrderStatus
  progress: number
  at: Date
  /** What the diner is told about it (none for the showcase order). */
  notification?: NotificationRow
}

/** The live `status` message. */
export function statusMessage(
  orderId: number,
  status: string,
  progress: number,
  sentAt = Date.now(),
): ServerMessage {
  return liveMessage.status({ orderId, status, progress }, sentAt)
}

const isActive = (status: string) => (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status)

/**
 * The statuses an order passes through from `from` to `to`, each kept in its history, or
 * undefined when the machine does not allow the move.
 */
export function statusSteps(
  from: OrderStatus,
  to: OrderStatus,
  by: StatusActor,
  isShowcase = false,
): OrderStatus[] | undefined {
  if (to === 'cancelled') return isActive(from) ? ['cancelled'] : undefined
  // A platform's order waiting for acceptance is accepted (preparing) or denied, nothing else.
  if (from === 'received') return to === 'preparing' ? ['preparing'] : undefined
  if (to === 'received') return undefined
  if (from === 'completed' && to === 'preparing')
    return isShowcase && by.actor === 'autopilot' ? ['preparing'] : undefined
  // The kitchen calls a completed order back from its Recent list (the diner is told again).
  if (from === 'completed' && by.actor === 'kitchen' && isActive(to) && !isShowcase) return [to]
  if (!isActive(from)) return undefined
  const a = ORDER_FLOW.indexOf(from as (typeof ORDER_FLOW)[number])
  const b = ORDER_FLOW.indexOf(to as (typeof ORDER_FLOW)[number])
  if (b > a) return ORDER_FLOW.slice(a + 1, b + 1)
  if (b < a && by.actor === 'kitchen') return [to]
  return undefined
}

function eventRow(orderId: number, status: OrderStatus, at: Date, by: StatusActor, reason?: string) {
  return {
    orderId,
    status,
    at,
    actor: by.actor,
    actorUserId: 'userId' in by ? by.userId : null,
    actorRole: by.actor === 'kitchen' ? (by.role ?? null) : null,
    reason: reason ?? null,
  }
}

/** A new order's first history entry (`preparing`, or `received` for a platform's order waiting for acceptance). */
export async function recordOrderCreated(
  tx: Tx | Db,
  input: { orderId: number; at: Date; by: StatusActor; status?: 'preparing' | 'received' },
) {
  await recordOrdersCreated(tx, [input])
}

/** Several new orders' first history entries in one statement (a batch of platform orders). */
export async function recordOrdersCreated(
  tx: Tx | Db,
  inputs: { orderId: number; at: Date; by: StatusActor; status?: 'preparing' | 'received' }[],
) {
  if (inputs.length === 0) return
  await tx
    .insert(orderEvents)
    .values(inputs.map((input) => eventRow(input.orderId, input.status ?? 'preparing', input.at, input.by)))
}

export function createOrderStatus({
  db,
  bus,
  notifications,
  log,
}: {
  db: Db
  bus: Bus
  /** Where each change's notice for the diner is recorded, and pushed after the commit. */
  notifications: Pick<NotificationsService, 'record' | 'push'>
  log?: { error(obj: object, msg?: string): void }
}) {
  async function changeIn(tx: Tx, change: StatusChange): Promise<StatusChanged> {
    const at = change.at ?? new Date()
    const [order] = await tx
      .select({
        userId: orders.userId,
        status: orders.status,
        progress: orders.progress,
        isShowcase: orders.isShowcase,
      })
      .from(orders)
      .where(eq(orders.id, change.orderId))
      .for('update')
    if (!order) throw orderNotFound()
    const from = order.status as OrderStatus
    if (change.from !== undefined && change.from !== from) throw statusChangeNotAllowed()
    const steps = statusSteps(from, change.to, change.by, order.isShowcase)
    if (!steps) throw statusChangeNotAllowed()
    const restart = from === 'completed' && change.to === 'preparing'
    const progress =
      change.to === 'cancelled'
        ? order.progress
        : Math.min(100, Math.max(0, change.progress ?? STATUS_PROGRESS[change.to]))
    await tx
      .update(orders)
      .set({ status: change.to, progress, updatedAt: at, ...(restart ? { kitchenStartedAt: at } : {}) })
      .where(eq(orders.id, change.orderId))
    if (restart) await tx.delete(orderEvents).where(eq(orderEvents.orderId, change.orderId))
    await tx
      .insert(orderEvents)
      .values(steps.map((status) => eventRow(change.orderId, status, at, change.by, change.reason)))
    const facts = await orderFacts(tx, change.orderId)
    const notice = facts ? statusNotice(facts, change.to, change.reason) : undefined
    const notification = notice ? await notifications.record(notice, tx) : undefined
    return { orderId: change.orderId, userId: order.userId, from, to: change.to, progress, at, notification }
  }

  async function publish(changed: StatusChanged) {
    await publishActiveOrdersChanged(bus, [changed.userId], log)
    await bus
      .publish(orderChannel(changed.orderId), statusMessage(changed.orderId, changed.to, changed.progress))
      .catch((err: unknown) =>
        log?.error({ err, orderId: changed.orderId }, 'could not publish a status change'),
      )
    if (changed.notification) await notifications.push(changed.notification)
  }

  return {
    /** Changes one order's status in its own transaction, then publishes it. */
    async change(change: StatusChange): Promise<StatusChanged> {
      const changed = await db.transaction((tx) => changeIn(tx, change))
      await publish(changed)
      return changed
    },
    /** Changes the status inside the caller's transaction; call `publish` after it commits. */
    changeIn,
    publish,
    /** The change's notice to the diner (live and to their devices), for a caller that publishes the rest itself. */
    async announce(changed: StatusChanged): Promise<void> {
      if (changed.notification) await notifications.push(changed.notification)
    },
  }
}

export type OrderStatusService = ReturnType<typeof createOrderStatus>
