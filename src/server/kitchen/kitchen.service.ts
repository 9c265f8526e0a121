/**
 * The kitchen console's service: what a restaurant's kitchen sees (its open tickets) and what it
 * does (bump, recall, cancel with refund, shouts, per-line station bumps, mode and settings).
 * Every status change goes through the order state machine (`changeOrderStatus`), so each one is
 * kept in the order's status history; after the transaction commits, the diner's room receives a
 * `status` message and the kitchen's channel a `kitchen_order` message with the new ticket.
 *
 * Other domains hook in through `KitchenListeners` (the diner's notice of a refund) and through
 * `ticketChanged` (a new order, a shout or its answer, a tip, an upsell answer). Shouts are
 * answered by the chef service, which owns them.
 */
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm'
import { isActiveStatus, type OrderStatus, PROGRESS } from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { ChefShout } from '../../shared/schemas/chef'
import {
  type CancelReason,
  type Kitchen,
  type KitchenMode,
  type KitchenSettings,
  nextStatus,
  RECALL_WINDOW_MS,
  type Ticket,
} from '../../shared/schemas/kitchen'
import { shoutNotFound } from '../chef/chef.errors'
import type { ChefService, ShoutAnswer } from '../chef/chef.service'
import type { Db, Tx } from '../db/client'
import { chefShouts, orderEvents, orders, restaurants, walletTransactions } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, kitchenChannel, orderChannel } from '../infra/bus'
import { unauthorized } from '../infra/errors'
import type { Logger } from '../infra/logger'
import { createUpsellsRepository } from '../upsells/upsells.repository'
import { publishWalletMovement } from '../wallet/wallet.events'
import { createWalletRepository, type MovementResult } from '../wallet/wallet.repository'
import { cancellationOf } from './cancellation'
import {
  cookingStarted,
  kitchenRestaurantNotFound,
  lineNotFound,
  nothingToRecall,
  notKitchenOwner,
  orderClosed,
  kitchenOrderNotFound as orderNotFound,
  recallExpired,
  statusMoved,
} from './kitchen.errors'
import { createKitchenRepository, type OrderRow } from './kitchen.repository'
import type { OrderStatusService, StatusChanged } from './order-status'

const orderNumber = (id: number) => String(id).padStart(4, '0')

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

export interface RefundEvent {
  orderId: number
  userId: number
  refundCents: number
}
export interface StatusEvent {
  orderId: number
  userId: number
  restaurantId: number
  status: string
  progress: number
}
export interface KitchenListeners {
  statusChanged?(event: StatusEvent): void
  refunded?(event: RefundEvent): void
}

/** The console's copy of an order's message: tagged with its restaurant, upsell answers renamed. */
function kitchenCopy(event: ServerMessage, restaurantId: number): ServerMessage | undefined {
  if (event.type === 'chef_shout') {
    const { type: _, sentAt, ...body } = event
    return liveMessage.chefShout({ ...body, restaurantId }, sentAt)
  }
  if (event.type === 'chef_tip') {
    const { type: _, sentAt, ...body } = event
    return liveMessage.chefTip({ ...body, restaurantId }, sentAt)
  }
  if (event.type === 'upsell_result') {
    const { orderId, upsellId, accepted, sentAt } = event
    return liveMessage.upsellResponse({ restaurantId, orderId, upsellId, accepted }, sentAt)
  }
  return undefined
}

export interface Actor {
  userId: number | undefined
}

export function createKitchenService(deps: {
  db: Db
  bus: Bus
  orderStatus: OrderStatusService
  /** Shouts are answered by the chef service; the console checks who may. */
  shouts: Pick<ChefService, 'shoutOrder' | 'answerShout'>
  config: { kitchen: { orderMs: number } }
  log?: Pick<Logger, 'warn'>
  listeners?: KitchenListeners
  now?: () => number
}) {
  const { db, bus, orderStatus, shouts, log, listeners = {} } = deps
  const clock = deps.now ?? Date.now

  async function publish(channel: string, message: ServerMessage) {
    try {
      await bus.publish(channel, message)
    } catch (error) {
      log?.warn({ err: error, channel, type: message.type }, 'could not publish a live message')
    }
  }

  /**
   * Publishes the order's ticket to its restaurant's kitchen channel, after `event` (a shout, tip
   * or upsell answer of the order) when one is given.
   */
  async function ticketChanged(orderId: number, event?: ServerMessage): Promise<Ticket | undefined> {
    const ticket = await createKitchenRepository(db).ticket(orderId)
    if (!ticket) return undefined
    const [row] = await db
      .select({ restaurantId: orders.restaurantId, isShowcase: orders.isShowcase })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!row || row.isShowcase) return ticket
    const relayed = event ? kitchenCopy(event, row.restaurantId) : undefined
    if (relayed) await publish(kitchenChannel(row.restaurantId), relayed)
    await publish(
      kitchenChannel(row.restaurantId),
      liveMessage.kitchenOrder({ restaurantId: row.restaurantId, order: ticket }),
    )
    return ticket
  }

  /**
   * After a status change committed: the diner's room (a cancel's message carries its reason and
   * refund), the kitchen's channel, and the listeners.
   */
  async function statusChanged(changed: StatusChanged): Promise<{ order: OrderRow; ticket: Ticket }> {
    const [order] = await db.select().from(orders).where(eq(orders.id, changed.orderId))
    const cancellation = cancellationOf(order!)
    if (cancellation) {
      await publishActiveOrdersChanged(bus, [order!.userId], log)
      await publish(
        orderChannel(order!.id),
        liveMessage.status({
          orderId: order!.id,
          status: order!.status,
          progress: order!.progress,
          cancellation,
        }),
      )
    } else await orderStatus.publish(changed)
    const ticket = await ticketChanged(order!.id)
    const { id, userId, restaurantId, status, progress } = order!
    listeners.statusChanged?.({ orderId: id, userId, restaurantId, status, progress })
    return { order: order!, ticket: ticket! }
  }

  async function requireUser(actor: Actor): Promise<number> {
    if (actor.userId === undefined) throw unauthorized()
    return actor.userId
  }

  /** The restaurant when `userId` owns it: 404 when there is none, 403 when it is not theirs. */
  async function ownedRestaurant(actor: Actor, restaurantId: number) {
    const userId = await requireUser(actor)
    const row = await createKitchenRepository(db).restaurant(restaurantId)
    if (!row) throw kitchenRestaurantNotFound()
    if (row.ownerId !== userId) throw notKitchenOwner()
    return row
  }

  /** The order for its restaurant's owner: 404 to whoever may not read it, 403 to its diner. */
  async function orderForKitchen(tx: Db | Tx, actor: Actor, orderId: number) {
    const userId = await requireUser(actor)
    const row = await createKitchenRepository(tx).orderWithOwner(orderId)
    if (!row || (row.order.userId !== userId && row.ownerId !== userId)) throw orderNotFound()
    if (row.ownerId !== userId) throw notKitchenOwner('Only the kitchen of this restaurant can do that')
    return row.order
  }

  /** Locks the order's row for the rest of the transaction: two tablets wait for each other. */
  async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!row) throw orderNotFound()
    return row
  }

  return {
    ticketChanged,

    async getKitchen(actor: Actor, restaurantId: number): Promise<Kitchen> {
      const restaurant = await ownedRestaurant(actor, restaurantId)
      return createKitchenRepository(db).kitchen(restaurant)
    },

    /** Throws unless `actor` owns the restaurant; the live channel's subscribe_kitchen check. */
    async assertOwner(actor: Actor, restaurantId: number): Promise<void> {
      await ownedRestaurant(actor, restaurantId)
    },

    /**
     * Switching never loses or rewinds an order. To autopilot: each open order's engine clock is
     * set so that its time-based progress continues from where the order is now.
     */
    async setMode(actor: Actor, restaurantId: number, mode: KitchenMode) {
      await ownedRestaurant(actor, restaurantId)
      const orderMs = deps.config.kitchen.orderMs
      await db.transaction(async (tx) => {
        await tx
          .update(restaurants)
          .set({ kitchenMode: mode, updatedAt: new Date() })
          .where(eq(restaurants.id, restaurantId))
        if (mode === 'autopilot') {
          await tx
            .update(orders)
            .set({
              kitchenStartedAt: sql`now() - (${orders.progress} * ${orderMs} / 100.0) * interval '1 millisecond'`,
            })
            .where(
              and(
                eq(orders.restaurantId, restaurantId),
                notInArray(orders.status, ['completed', 'cancelled']),
              ),
            )
        }
      })
      await publish(kitchenChannel(restaurantId), liveMessage.kitchenMode({ restaurantId, mode }))
      return { restaurantId, mode }
    },

    async updateSettings(actor: Actor, restaurantId: number, settings: KitchenSettings): Promise<Kitchen> {
      await ownedRestaurant(actor, restaurantId)
      const stations = Object.fromEntries(
        Object.entries(settings.stations)
          .map(([category, station]) => [category, station.trim().toLowerCase()] as const)
          .filter(([, station]) => station !== ''),
      )
      const [row] = await db
        .update(restaurants)
        .set({ kitchenSettings: { ...settings, stations }, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId))
        .returning()
      return createKitchenRepository(db).kitchen(row!)
    },

    /** The bump: `from` must still be the order's status, or another tablet bumped first (409). */
    async advance(actor: Actor, orderId: number, from: string): Promise<Ticket> {
      const updated = await db.transaction(async (tx) => {
        await orderForKitchen(tx, actor, orderId)
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
          by: { actor: 'kitchen', userId: actor.userId! },
        })
      })
      return (await statusChanged(updated)).ticket
    },

    /** Takes the last bump back, within 60 seconds of it. */
    async recall(actor: Actor, orderId: number): Promise<Ticket> {
      const updated = await db.transaction(async (tx) => {
        await orderForKitchen(tx, actor, orderId)
        const order = await lockOrder(tx, orderId)
        if (order.status === 'cancelled') throw orderClosed()
        const history = await tx
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, orderId))
          .orderBy(sql`${orderEvents.id} desc`)
          .limit(2)
        const [last, previous] = history
        if (
          !last ||
          !previous ||
          last.actor !== 'kitchen' ||
          last.reason !== null ||
          last.status !== order.status
        )
          throw nothingToRecall()
        if (clock() - last.at.getTime() > RECALL_WINDOW_MS) throw recallExpired()
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
          by: { actor: 'kitchen', userId: actor.userId! },
          reason: 'recall',
        })
      })
      return (await statusChanged(updated)).ticket
    },

    /**
     * Cancels and refunds, in one transaction: every charge of the order (the order, accepted
     * upsells, shouts, tips) goes back to whoever paid it as a `refund`. The row lock and the
     * status check make a second cancel a 409 that refunds nothing.
     */
    async cancel(
      actor: Actor,
      orderId: number,
      input: { reason: CancelReason; note?: string },
    ): Promise<{ order: OrderRow; refundCents: number }> {
      const userId = await requireUser(actor)
      const refunds: RefundEvent[] = []
      const movements: MovementResult[] = []
      const updated = await db.transaction(async (tx) => {
        const row = await createKitchenRepository(tx).orderWithOwner(orderId)
        if (!row || (row.order.userId !== userId && row.ownerId !== userId)) throw orderNotFound()
        const byKitchen = row.ownerId === userId
        const order = await lockOrder(tx, orderId)
        if (!isActiveStatus(order.status)) throw orderClosed()
        if (!byKitchen && order.status !== 'preparing') throw cookingStarted()

        const [shoutRows, upsellReferences] = await Promise.all([
          tx.select({ id: chefShouts.id }).from(chefShouts).where(eq(chefShouts.orderId, orderId)),
          createUpsellsRepository(tx).chargeReferences(orderId),
        ])
        const references = [
          `order:${orderId}`,
          ...shoutRows.map((s) => `chef_shout:${s.id}`),
          ...upsellReferences,
        ]
        const charges = await tx
          .select({
            userId: walletTransactions.userId,
            cents: sql<number>`cast(-sum(${walletTransactions.amountCents}) as integer)`,
          })
          .from(walletTransactions)
          .where(
            and(inArray(walletTransactions.reference, references), lt(walletTransactions.amountCents, 0)),
          )
          .groupBy(walletTransactions.userId)
        const wallet = createWalletRepository(tx)
        let total = 0
        for (const charge of charges) {
          const cents = Number(charge.cents)
          if (!(cents > 0)) continue
          const movement = await wallet.credit({
            userId: charge.userId,
            cents,
            type: 'refund',
            description: `Refund for order #${orderNumber(orderId)}`,
            reference: `refund:order:${orderId}`,
          })
          movements.push(movement)
          total += cents
          refunds.push({ orderId, userId: charge.userId, refundCents: cents })
        }
        const reason = byKitchen ? input.reason : 'diner_request'
        const changed = await orderStatus.changeIn(tx, {
          orderId,
          from: order.status as OrderStatus,
          to: 'cancelled',
          by: byKitchen ? { actor: 'kitchen', userId } : { actor: 'diner', userId },
          reason,
        })
        await tx
          .update(orders)
          .set({
            cancelReason: reason,
            cancelNote: input.note ?? null,
            refundCents: total,
            cancelledAt: changed.at,
          })
          .where(eq(orders.id, orderId))
        return changed
      })
      const { order } = await statusChanged(updated)
      for (const movement of movements) await publishWalletMovement(bus, movement, log)
      for (const refund of refunds) listeners.refunded?.(refund)
      return { order, refundCents: order.refundCents ?? 0 }
    },

    /** pending -> acknowledged -> done, by the kitchen; the chef service answers it. */
    async setShoutStatus(actor: Actor, shoutId: number, status: ShoutAnswer): Promise<ChefShout> {
      const userId = await requireUser(actor)
      const orderId = await shouts.shoutOrder(shoutId)
      if (orderId === undefined) throw shoutNotFound()
      const row = await createKitchenRepository(db).orderWithOwner(orderId)
      if (!row || (row.order.userId !== userId && row.ownerId !== userId)) throw shoutNotFound()
      if (row.ownerId !== userId)
        throw notKitchenOwner('Only the kitchen of this restaurant can answer shouts')
      return shouts.answerShout(shoutId, status)
    },

    /** A station marks one line of an order ready (or not). */
    async bumpLine(actor: Actor, orderId: number, index: number, done: boolean): Promise<Ticket> {
      await db.transaction(async (tx) => {
        await orderForKitchen(tx, actor, orderId)
        const order = await lockOrder(tx, orderId)
        if (!isActiveStatus(order.status)) throw orderClosed()
        const lines = Array.isArray(order.items) ? order.items : []
        if (index >= lines.length) throw lineNotFound()
        const current = new Set(order.linesDone ?? [])
        if (done) current.add(index)
        else current.delete(index)
        await tx
          .update(orders)
          .set({ linesDone: [...current].sort((a, b) => a - b), updatedAt: new Date() })
          .where(eq(orders.id, orderId))
      })
      return (await ticketChanged(orderId))!
    },
  }
}
export type KitchenService = ReturnType<typeof createKitchenService>
