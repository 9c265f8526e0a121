import { and, desc, eq, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm'
import {
  CHEF_SHOUTS,
  isActiveStatus,
  PROGRESS,
  TIP_LIMITS_CENTS,
  TIP_MESSAGE_MAX,
} from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import type { ChefShout } from '../../shared/schemas/chef'
import type { Db, Tx } from '../db/client'
import { chefShouts, chefTips, orderEvents, orders, restaurants } from '../db/schema'
import { setBounded } from '../infra/bounded-map'
import { type Bus, orderChannel } from '../infra/bus'
import type { CachedBody } from '../infra/cached-response'
import { runIdempotent } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import type { ReadCache } from '../infra/read-cache'
import type { NotificationsService } from '../notifications/notifications.service'
import { orderFacts, shoutAcknowledgedNotice } from '../notifications/order-notices'
import {
  canViewOrder,
  findOrderWithOwner,
  findViewableOrder,
  type OrderRow,
  orderNumber,
} from '../orders/order-access'
import { orderNotActive, orderNotFound } from '../orders/orders.errors'
import { publishWalletMovement } from '../wallet/wallet.events'
import { createWalletRepository, type MovementResult } from '../wallet/wallet.repository'
import {
  invalidTip,
  notOrderDiner,
  shoutNotFound,
  shoutStatusConflict,
  shoutsClosed,
  shoutsNotOpen,
  tipOnCancelledOrder,
  tipsClosed,
  unknownShout,
} from './chef.errors'

/** Idempotency scopes of the REST routes that move money. */
export const CHEF_SCOPES = {
  shout: 'POST /api/orders/:orderId/chef-shouts',
  tip: 'POST /api/orders/:orderId/tip-chef',
} as const

/** Tipping stays open this long after delivery, as delivery apps allow. */
export const TIP_WINDOW_AFTER_DELIVERY_MS = 24 * 3600 * 1000

/**
 * When a completed order reached the diner: its `completed` status event; for orders older than
 * the status history, the later of its promised delivery and its creation.
 */
async function deliveredAt(tx: Tx, order: Pick<OrderRow, 'id' | 'estimatedDelivery' | 'createdAt'>) {
  const [event] = await tx
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'completed')))
    .orderBy(desc(orderEvents.at))
    .limit(1)
  return event?.at.getTime() ?? Math.max(order.estimatedDelivery?.getTime() ?? 0, order.createdAt.getTime())
}

/** Only the order's diner tips, never on a cancelled order, and up to a day after delivery. */
async function checkTipAllowed(tx: Tx, order: OrderRow, userId: number, now = Date.now()) {
  if (order.userId !== userId) throw notOrderDiner('Only the diner who placed this order can tip its chef')
  if (order.status === 'cancelled') throw tipOnCancelledOrder()
  if (order.status === 'completed' && now - (await deliveredAt(tx, order)) > TIP_WINDOW_AFTER_DELIVERY_MS)
    throw tipsClosed()
}

export type ChefShoutRow = typeof chefShouts.$inferSelect
export type ChefShoutResult = ChefShout & { newBalance: number }
export interface TipResult {
  tipId: number
  tipAmount: number
  newBalance: number
}

/** An order's shout list in the read cache; every shout sent or answered clears it. */
export const chefShoutsCacheKey = (orderId: number) => `chef-shouts:${orderId}`

interface OrderAccess {
  userId: number
  isShowcase: boolean
  ownerId: number | null
}
/** Orders whose readers are known; the oldest are forgotten first. */
const MAX_KNOWN_ORDERS = 50_000
/** Thrown out of a cache load that found no order, so that nothing is kept for it. */
const NO_SUCH_ORDER = Symbol('no such order')

/** Where a shout goes once sent: the kitchen acknowledges it, then marks it done. */
export type ShoutAnswer = 'acknowledged' | 'done'

export function toChefShoutDto(row: ChefShoutRow): ChefShout {
  return {
    id: row.id,
    orderId: row.orderId,
    userId: row.userId,
    shoutType: row.shoutType,
    shoutName: row.shoutName,
    price: toDollars(row.priceCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Shouts open once cooking has started (progress 30 or status cooking) and close at plating. */
export function shoutsAreOpen(order: Pick<OrderRow, 'status' | 'progress'>): boolean {
  if (order.status === 'preparing') return order.progress >= PROGRESS.cooking
  return order.status === 'cooking'
}

/** The order when `userId` is its diner: 404 when they may not see it, 403 when it is not theirs. */
async function orderOfDiner(tx: Tx, userId: number, orderId: number, action: string): Promise<OrderRow> {
  const order = await findViewableOrder(tx, userId, orderId)
  if (!order) throw orderNotFound()
  if (order.userId !== userId) throw notOrderDiner(`Only the diner who placed this order can ${action}`)
  return order
}

/**
 * Chef shouts from sending to done, and tips. A shout is created here (paid, over REST) and
 * advanced here (pending -> acknowledged -> done), whether the kitchen console answers it or the
 * demo's autopilot does; every change reaches the order's viewers as a `chef_shout` message and
 * the kitchen console through `onOrderChanged`, and an acknowledgement becomes the diner's notice.
 */
export function createChefService(deps: {
  db: Db
  bus: Bus
  /** Where each order's shout list is kept between changes. */
  cache: ReadCache
  notifications: NotificationsService
  log?: Pick<Logger, 'warn' | 'error'>
  /** Called after a shout, a shout's answer or a paid tip was published (the kitchen console's feed). */
  onOrderChanged?: (orderId: number, message: ServerMessage) => Promise<unknown>
}) {
  const { db, bus, cache, notifications, log, onOrderChanged } = deps

  /**
   * Who may read an order's shouts: its diner, its restaurant's owner, anyone for the showcase.
   * None of these changes once the order exists, so it is kept (bounded) without invalidation.
   */
  const access = new Map<number, OrderAccess>()
  const remember = (orderId: number, facts: OrderAccess) =>
    setBounded(access, orderId, facts, MAX_KNOWN_ORDERS)

  /** Clears the shout lists of these orders, here at once and on the other instances. */
  async function forgetShouts(orderIds: Iterable<number>) {
    try {
      await cache.forget([...new Set(orderIds)].map(chefShoutsCacheKey))
    } catch (error) {
      log?.warn({ err: error }, 'could not clear cached chef shouts')
    }
  }

  /** Money has moved by now: a bus that is down must not turn the answer into an error. */
  async function publish(orderId: number, message: ServerMessage) {
    try {
      await bus.publish(orderChannel(orderId), message)
      if (onOrderChanged && !(message.type === 'chef_tip' && message.demo))
        await onOrderChanged(orderId, message)
    } catch (error) {
      log?.warn({ err: error, orderId, type: message.type }, 'could not publish a live message')
    }
  }

  /** Tells viewers and consoles of each changed shout, and each acknowledged shout's diner. */
  async function shoutsChanged(changed: ChefShoutRow[], acknowledged: ChefShoutRow[]) {
    await forgetShouts(changed.map((row) => row.orderId))
    const sentAt = Date.now()
    await Promise.all(
      changed.map((row) =>
        publish(
          row.orderId,
          liveMessage.chefShout({ orderId: row.orderId, shout: toChefShoutDto(row) }, sentAt),
        ),
      ),
    )
    for (const row of acknowledged) {
      try {
        const facts = await orderFacts(db, row.orderId)
        if (facts) await notifications.send(shoutAcknowledgedNotice(facts, row.shoutName))
      } catch (err) {
        log?.error({ err, orderId: row.orderId }, 'could not notify the diner')
      }
    }
  }

  // The order, who may read it, and its shouts, newest first, in one round trip.
  const shoutsWithAccess = db
    .select({
      userId: orders.userId,
      isShowcase: orders.isShowcase,
      ownerId: restaurants.ownerId,
      shout: chefShouts,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(chefShouts, eq(chefShouts.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .orderBy(desc(chefShouts.createdAt), desc(chefShouts.id))
    .prepare('chef_shouts_with_access')

  /** The order's shouts, newest first, serialized; undefined when there is no such order. */
  async function cachedShouts(orderId: number): Promise<CachedBody | undefined> {
    try {
      return await cache.get(chefShoutsCacheKey(orderId), async () => {
        const rows = await shoutsWithAccess.execute({ orderId })
        const first = rows[0]
        if (!first) throw NO_SUCH_ORDER
        remember(orderId, { userId: first.userId, isShowcase: first.isShowcase, ownerId: first.ownerId })
        return rows.flatMap((row) => (row.shout ? [toChefShoutDto(row.shout)] : []))
      })
    } catch (error) {
      if (error === NO_SUCH_ORDER) return undefined
      throw error
    }
  }

  return {
    /**
     * The order's shouts, newest first, as the read cache keeps them until the next shout or
     * answer; undefined when `viewerId` may not read the order.
     */
    async listShoutsFor(viewerId: number | undefined, orderId: number): Promise<CachedBody | undefined> {
      const known = access.get(orderId)
      if (known && !canViewOrder(known, known.ownerId, viewerId)) return undefined
      const entry = await cachedShouts(orderId)
      if (!entry) return undefined
      let facts = known ?? access.get(orderId)
      if (!facts) {
        // Kept longer than its readers were: read them again.
        const row = await findOrderWithOwner(db, orderId)
        if (!row) return undefined
        facts = { userId: row.order.userId, isShowcase: row.order.isShowcase, ownerId: row.ownerId }
        remember(orderId, facts)
      }
      return canViewOrder(facts, facts.ownerId, viewerId) ? entry : undefined
    },

    /** The order a shout was sent on; undefined when there is no such shout. */
    async shoutOrder(shoutId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ orderId: chefShouts.orderId })
        .from(chefShouts)
        .where(eq(chefShouts.id, shoutId))
      return row?.orderId
    },

    /**
     * Answers one shout: `acknowledged` from pending, `done` from pending or acknowledged; 409 when
     * it has moved on already. Who may answer is the caller's check (the kitchen's owner).
     */
    async answerShout(shoutId: number, status: ShoutAnswer): Promise<ChefShout> {
      const allowedFrom = status === 'acknowledged' ? ['pending'] : ['pending', 'acknowledged']
      const [row] = await db
        .update(chefShouts)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(chefShouts.id, shoutId), inArray(chefShouts.status, allowedFrom)))
        .returning()
      if (!row) {
        const exists = await db
          .select({ id: chefShouts.id })
          .from(chefShouts)
          .where(eq(chefShouts.id, shoutId))
        throw exists.length > 0 ? shoutStatusConflict() : shoutNotFound()
      }
      await shoutsChanged([row], status === 'acknowledged' ? [row] : [])
      return toChefShoutDto(row)
    },

    /**
     * Answers, on time, the shouts of the orders `orderIds` selects: acknowledged once sent before
     * `acknowledgeBefore`, done once sent before `doneBefore` (the demo's autopilot kitchens).
     */
    async answerShoutsSentBefore(input: {
      orderIds: SQLWrapper | number[]
      acknowledgeBefore: Date
      doneBefore: Date
      at: Date
    }): Promise<void> {
      const advance = (from: 'pending' | 'acknowledged', to: 'acknowledged' | 'done', sentBefore: Date) =>
        db
          .update(chefShouts)
          .set({ status: to, updatedAt: input.at })
          .where(
            and(
              eq(chefShouts.status, from),
              lte(chefShouts.createdAt, sentBefore),
              inArray(chefShouts.orderId, input.orderIds),
            ),
          )
          .returning()
      const acknowledged = await advance('pending', 'acknowledged', input.acknowledgeBefore)
      const done = await advance('acknowledged', 'done', input.doneBefore)
      // A shout acknowledged and done in one pass is told once, as done.
      const changed = [...acknowledged.filter((a) => !done.some((d) => d.id === a.id)), ...done]
      await shoutsChanged(changed, acknowledged)
    },

    async sendShout(input: {
      userId: number
      orderId: number
      shoutType: string
      idempotencyKey?: string
    }): Promise<ChefShoutResult> {
      const { userId, orderId, shoutType, idempotencyKey } = input
      const option = CHEF_SHOUTS.find((s) => s.key === shoutType)
      if (!option) throw unknownShout(undefined, { shoutType: 'Unknown chef shout' })
      let moved: MovementResult | undefined
      const result = await runIdempotent<ChefShoutResult>(
        db,
        {
          userId,
          key: idempotencyKey,
          scope: CHEF_SCOPES.shout,
          statusCode: 201,
          request: { orderId, shoutType },
        },
        async (tx) => {
          const order = await orderOfDiner(tx, userId, orderId, 'send chef shouts')
          if (!isActiveStatus(order.status)) throw orderNotActive()
          if (!shoutsAreOpen(order)) throw order.status === 'preparing' ? shoutsNotOpen() : shoutsClosed()
          const [shout] = await tx
            .insert(chefShouts)
            .values({
              orderId,
              userId,
              shoutType: option.key,
              shoutName: option.name,
              priceCents: option.priceCents,
            })
            .returning()
          moved = await createWalletRepository(tx).debit({
            userId,
            cents: option.priceCents,
            type: 'chef_shout',
            description: `Chef shout "${option.name}" on order #${orderNumber(orderId)}`,
            reference: `chef_shout:${shout!.id}`,
          })
          return { ...toChefShoutDto(shout!), newBalance: toDollars(moved.balanceCents) }
        },
      )
      if (!result.replayed) {
        const { newBalance: _, ...shout } = result.body
        await forgetShouts([orderId])
        await publish(orderId, liveMessage.chefShout({ orderId, shout }))
        await publishWalletMovement(bus, moved, log)
      }
      return result.body
    },

    async tip(input: {
      userId: number
      orderId: number
      amountCents: number
      message: string
      idempotencyKey?: string
    }): Promise<TipResult> {
      const { userId, orderId, amountCents, idempotencyKey } = input
      if (
        !Number.isSafeInteger(amountCents) ||
        amountCents < TIP_LIMITS_CENTS.min ||
        amountCents > TIP_LIMITS_CENTS.max
      )
        throw invalidTip(undefined, { amount: invalidTip().message })
      const message = input.message.trim()
      if (message.length > TIP_MESSAGE_MAX) {
        const text = `Message must be at most ${TIP_MESSAGE_MAX} characters`
        throw invalidTip(text, { message: text })
      }
      let moved: MovementResult | undefined
      const result = await runIdempotent<TipResult>(
        db,
        {
          userId,
          key: idempotencyKey,
          scope: CHEF_SCOPES.tip,
          statusCode: 200,
          request: { orderId, amountCents, message: input.message },
        },
        async (tx) => {
          const order = await findViewableOrder(tx, userId, orderId)
          if (!order) throw orderNotFound()
          await checkTipAllowed(tx, order, userId)
          moved = await createWalletRepository(tx).debit({
            userId,
            cents: amountCents,
            type: 'tip',
            description: `Tip for the chef on order #${orderNumber(orderId)}`,
            reference: `order:${orderId}`,
          })
          // The kitchen reads tips with their message.
          await tx.insert(chefTips).values({ orderId, userId, amountCents, message })
          return {
            tipId: moved.transaction.id,
            tipAmount: toDollars(amountCents),
            newBalance: toDollars(moved.balanceCents),
          }
        },
      )
      if (!result.replayed) {
        await publish(
          orderId,
          liveMessage.chefTip({
            orderId,
            tipId: result.body.tipId,
            senderId: userId,
            amount: result.body.tipAmount,
            message,
          }),
        )
        await publishWalletMovement(bus, moved, log)
      }
      return result.body
    },
  }
}
export type ChefService = ReturnType<typeof createChefService>

/**
 * The demo tip of a visitor who is not signed in: no money moves, and only that visitor sees it
 * (no other screen shows a tip nobody paid).
 */
export function demoTipMessage(input: { orderId: number; amount: number; message: string }): ServerMessage {
  const amount = Math.round(input.amount * 100) / 100
  if (!Number.isFinite(amount) || amount <= 0 || amount > TIP_LIMITS_CENTS.max / 100) throw invalidTip()
  return liveMessage.chefTip({
    orderId: input.orderId,
    amount,
    message: input.message.trim().slice(0, TIP_MESSAGE_MAX),
    demo: true,
  })
}
