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
import type { Tx } from '../db/client'
import { findViewableOrder, lockOrderRow, type OrderRow, orderNumber } from '../orders/order-access'
import { orderNotActive, orderNotFound } from '../orders/orders.errors'
import { runWalletMovement, type WalletMovementDeps } from '../wallet/wallet-movement'
import {
  invalidTip,
  notOrderDiner,
  shoutsClosed,
  shoutsNotOpen,
  tipOnCancelledOrder,
  tipsClosed,
  unknownShout,
} from './chef.errors'
import { createChefRepository } from './chef.repository'
import { toChefShoutDto } from './shout-list'

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
  const at = await createChefRepository(tx).completedAt(order.id)
  return at?.getTime() ?? Math.max(order.estimatedDelivery?.getTime() ?? 0, order.createdAt.getTime())
}

/** Only the order's diner tips, never on a cancelled order, and up to a day after delivery. */
async function checkTipAllowed(tx: Tx, order: OrderRow, userId: number, now = Date.now()) {
  if (order.userId !== userId) throw notOrderDiner('Only the diner who placed this order can tip its chef')
  if (order.status === 'cancelled') throw tipOnCancelledOrder()
  if (order.status === 'completed' && now - (await deliveredAt(tx, order)) > TIP_WINDOW_AFTER_DELIVERY_MS)
    throw tipsClosed()
}

export type ChefShoutResult = ChefShout & { newBalance: number }
export interface TipResult {
  tipId: number
  tipAmount: number
  newBalance: number
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
 * What a diner pays for on the stream: a chef shout while the order cooks, and a tip up to a day
 * after delivery; each is one wallet movement under the request's Idempotency-Key, told to the
 * order's viewers once, after the commit.
 */
export function createChefPayments(deps: {
  money: WalletMovementDeps
  /** Clears the orders' cached shout lists. */
  forgetShouts: (orderIds: Iterable<number>) => Promise<void>
  /** Tells the order's viewers and its kitchen; never throws. */
  publish: (orderId: number, message: ServerMessage) => Promise<void>
}) {
  const { money: moneyDeps, forgetShouts, publish } = deps
  return {
    async sendShout(input: {
      userId: number
      orderId: number
      shoutType: string
      idempotencyKey?: string
    }): Promise<ChefShoutResult> {
      const { userId, orderId, shoutType, idempotencyKey } = input
      const option = CHEF_SHOUTS.find((s) => s.key === shoutType)
      if (!option) throw unknownShout(undefined, { shoutType: 'Unknown chef shout' })
      const result = await runWalletMovement<ChefShoutResult>(
        moneyDeps,
        {
          userId,
          key: idempotencyKey,
          scope: CHEF_SCOPES.shout,
          statusCode: 201,
          request: { orderId, shoutType },
        },
        async (tx, wallet) => {
          await lockOrderRow(tx, orderId)
          const order = await orderOfDiner(tx, userId, orderId, 'send chef shouts')
          if (!isActiveStatus(order.status)) throw orderNotActive()
          if (!shoutsAreOpen(order)) throw order.status === 'preparing' ? shoutsNotOpen() : shoutsClosed()
          const shout = await createChefRepository(tx).insertShout({
            orderId,
            userId,
            shoutType: option.key,
            shoutName: option.name,
            priceCents: option.priceCents,
          })
          const moved = await wallet.debit({
            userId,
            cents: option.priceCents,
            type: 'chef_shout',
            description: `Chef shout "${option.name}" on order #${orderNumber(orderId)}`,
            reference: `chef_shout:${shout.id}`,
            pays: { restaurantId: order.restaurantId, kind: 'shout', orderId },
          })
          return { ...toChefShoutDto(shout), newBalance: toDollars(moved.balanceCents) }
        },
      )
      if (!result.replayed) {
        const { newBalance: _, ...shout } = result.body
        await forgetShouts([orderId])
        await publish(orderId, liveMessage.chefShout({ orderId, shout }))
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
      const result = await runWalletMovement<TipResult>(
        moneyDeps,
        {
          userId,
          key: idempotencyKey,
          scope: CHEF_SCOPES.tip,
          statusCode: 200,
          request: { orderId, amountCents, message: input.message },
        },
        async (tx, wallet) => {
          await lockOrderRow(tx, orderId)
          const order = await findViewableOrder(tx, userId, orderId)
          if (!order) throw orderNotFound()
          await checkTipAllowed(tx, order, userId)
          const moved = await wallet.debit({
            userId,
            cents: amountCents,
            type: 'tip',
            description: `Tip for the chef on order #${orderNumber(orderId)}`,
            reference: `order:${orderId}`,
            pays: { restaurantId: order.restaurantId, kind: 'tip', orderId },
          })
          // The kitchen reads tips with their message.
          await createChefRepository(tx).insertTip({ orderId, userId, amountCents, message })
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
      }
      return result.body
    },
  }
}
