import { toDollars } from '../../shared/money'
import type { Cancellation } from '../../shared/schemas/kitchen'
import type { orders } from '../db/schema'

type OrderRow = typeof orders.$inferSelect

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
