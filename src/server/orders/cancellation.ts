/**
 * Cancelling an order and refunding it. In one transaction: every charge of the order (the order,
 * its accepted upsells, shouts and tips) goes back to whoever paid it as a `refund`, the status
 * moves to `cancelled` through the state machine, and the order keeps its reason and refund.
 * After the commit: the diner's room gets a `status` message carrying the cancellation, each
 * wallet movement is published, and the listeners hear of it (the kitchen's consoles, the
 * diner's refund notice).
 *
 * The order's diner may cancel only while it is preparing; its restaurant's owner (and staff whose
 * role may cancel) at any active step, with a reason. The row lock and the status check make a second cancel a 409 that refunds
 * nothing.
 */

import type { CancelReason } from '../../shared/cancel-reasons'
import { isActiveStatus, type OrderStatus } from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import { toDollars } from '../../shared/money'
import type { Cancellation } from '../../shared/schemas/kitchen'
import type { StaffRole } from '../../shared/schemas/staff'
import type { Db, Tx } from '../db/client'
import type { orders } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import { runWalletMovement } from '../wallet/wallet-movement'
import { findOrderWithOwner, orderNumber } from './order-access'
import type { OrderStatusService, StatusChanged } from './order-status'
import { cookingStarted, orderClosed, orderNotFound } from './orders.errors'
import { createOrdersRepository } from './orders.repository'

type OrderRow = typeof orders.$inferSelect

/** The cancel route's scope (it moves money without an Idempotency-Key). */
const CANCEL_SCOPE = 'POST /api/orders/:id/cancel'

/** Why a cancelled order was cancelled and what went back to the wallet; null for any other order. */
export function cancellationOf(order: OrderRow): Cancellation | null {
  if (order.status !== 'cancelled' || !order.cancelReason) return null
  return {
    reason: order.cancelReason,
    note: order.cancelNote,
    refund: toDollars(order.refundCents ?? 0),
    at: (order.cancelledAt ?? order.updatedAt).toISOString(),
  }
}

export interface KitchenCancelled {
  order: OrderRow
  /** The status the order had before (a platform's order still `received` was never accepted). */
  from: OrderStatus
  reason: CancelReason
  note: string | null
}

export interface RefundEvent {
  orderId: number
  userId: number
  refundCents: number
}

export interface CancellationListeners {
  /**
   * Inside the cancel's transaction, for what must happen if and only if the cancel commits (a
   * delivery platform's order queues the call that tells the platform). Only the kitchen's cancels.
   */
  cancelling?(tx: Tx, cancel: KitchenCancelled): Promise<void>
  /** After the commit and the diner's status message: the kitchen's consoles show the ticket. */
  cancelled?(order: OrderRow): Promise<unknown> | undefined
  /** One call per wallet refunded (the diner's notice). */
  refunded?(event: RefundEvent): void
}

export function createOrderCancellation(deps: {
  db: Db
  /**
   * The restaurant rule (app.restaurantAccess): who on the restaurant's team may cancel from the
   * kitchen. Without it, only the restaurant's owner may.
   */
  access?: (restaurantId: number, userId: number, capability: 'cancel_orders') => Promise<{ role: string }>
  /** Keeps a kitchen cancel in the restaurant's activity log. */
  record?: (entry: {
    restaurantId: number
    actor: { userId: number; role: StaffRole }
    action: 'cancel'
    orderId: number
    summary: string
  }) => Promise<void>
  bus: Bus
  orderStatus: Pick<OrderStatusService, 'changeIn' | 'announce'>
  log?: Pick<Logger, 'warn'>
  listeners?: CancellationListeners
}) {
  const { db, bus, orderStatus, log, listeners = {} } = deps

  async function kitchenPlace(restaurantId: number, ownerId: number | null, userId: number) {
    if (deps.access) return (await deps.access(restaurantId, userId, 'cancel_orders')).role as StaffRole
    if (ownerId !== userId) throw orderNotFound()
    return 'owner' as const
  }

  return {
    async cancel(
      userId: number,
      orderId: number,
      input: { reason: CancelReason; note?: string },
    ): Promise<{ order: OrderRow; refundCents: number }> {
      const refunds: RefundEvent[] = []
      let changed: StatusChanged | undefined
      let kitchenRole: StaffRole | undefined
      // Who asks, before the transaction: the restaurant rule reads on its own (the embedded
      // database has one connection, which the transaction would hold).
      const row = await findOrderWithOwner(db, orderId)
      if (!row) throw orderNotFound()
      const isDiner = row.order.userId === userId
      if (!isDiner || row.ownerId === userId) {
        kitchenRole = await kitchenPlace(row.order.restaurantId, row.ownerId, userId).catch((error) => {
          // Their own order, as a diner; a member whose role may not cancel, a 403; anyone else, 404.
          if (isDiner) return undefined
          if ((error as { code?: string }).code === 'staff.role_not_allowed') throw error
          throw orderNotFound()
        })
      }
      // No Idempotency-Key: the order's row lock and status make a second cancel a 409. The
      // wallet movements are published after the commit, before the status message.
      await runWalletMovement(
        { db, bus, log },
        { userId, key: undefined, scope: CANCEL_SCOPE, statusCode: 200, request: { orderId } },
        async (tx, wallet) => {
          const byKitchen = kitchenRole !== undefined
          const repository = createOrdersRepository(tx)
          const order = await repository.lockForUpdate(orderId)
          if (!order) throw orderNotFound()
          if (!isActiveStatus(order.status)) throw orderClosed()
          if (!byKitchen && order.status !== 'preparing') throw cookingStarted()

          let total = 0
          for (const charge of await repository.chargesByPayer(orderId)) {
            if (!(charge.cents > 0)) continue
            await wallet.credit({
              userId: charge.userId,
              cents: charge.cents,
              type: 'refund',
              description: `Refund for order #${orderNumber(orderId)}`,
              reference: `refund:order:${orderId}`,
            })
            total += charge.cents
            refunds.push({ orderId, userId: charge.userId, refundCents: charge.cents })
          }
          // The restaurant gives back exactly what the order earned it, in the same transaction.
          await wallet.reverseEarnings(orderId, `Order #${orderNumber(orderId)} cancelled`)
          const reason = byKitchen ? input.reason : 'diner_request'
          changed = await orderStatus.changeIn(tx, {
            orderId,
            from: order.status as OrderStatus,
            to: 'cancelled',
            by: byKitchen ? { actor: 'kitchen', userId, role: kitchenRole } : { actor: 'diner', userId },
            reason,
          })
          await repository.markCancelled(orderId, {
            reason,
            note: input.note ?? null,
            refundCents: total,
            at: changed.at,
          })
          if (byKitchen)
            await listeners.cancelling?.(tx, {
              order,
              from: order.status as OrderStatus,
              reason: input.reason,
              note: input.note ?? null,
            })
        },
      )
      const order = (await createOrdersRepository(db).findById(orderId))!
      if (kitchenRole !== undefined)
        await deps.record?.({
          restaurantId: order.restaurantId,
          actor: { userId, role: kitchenRole },
          action: 'cancel',
          orderId,
          summary: `Order #${orderNumber(orderId)} cancelled (${input.reason}), ${toDollars(order.refundCents ?? 0).toFixed(2)} refunded`,
        })
      await publishActiveOrdersChanged(bus, [order.userId], log)
      try {
        await bus.publish(
          orderChannel(order.id),
          liveMessage.status({
            orderId: order.id,
            status: order.status,
            progress: order.progress,
            cancellation: cancellationOf(order) ?? undefined,
          }),
        )
      } catch (error) {
        log?.warn({ err: error, orderId }, 'could not publish a live message')
      }
      // The diner's "cancelled" notice, then each refund's: the refund replaces it on a lock screen.
      if (changed) await orderStatus.announce(changed)
      await listeners.cancelled?.(order)
      for (const refund of refunds) listeners.refunded?.(refund)
      return { order, refundCents: order.refundCents ?? 0 }
    },
  }
}
export type OrderCancellation = ReturnType<typeof createOrderCancellation>
