import type { Order } from '@shared/schemas/orders'
import { timelineLabel } from '@shared/timeline'
import { formatMoney, formatTime } from './utils'

/**
 * What happened to a finished order and when, in a few words: "Delivered at 8:41 PM",
 * "Picked up at 7:15 PM", "Cancelled at 6:02 PM, $17.48 refunded". Null while it is active.
 * `finishedAt` is the list's field, or the time the caller read from the order's timeline. Null for
 * a status this client does not know either.
 */
export function orderOutcome(
  order: Pick<Order, 'status' | 'fulfilment' | 'cancellation' | 'finishedAt'>,
  finishedAt: string | null | undefined = order.finishedAt,
): string | null {
  if (order.status !== 'completed' && order.status !== 'cancelled') return null
  // The time never breaks from its AM/PM in a narrow badge.
  const at = finishedAt ? ` at ${formatTime(new Date(finishedAt)).replace(/\s/g, '\u00a0')}` : ''
  if (order.status === 'cancelled') {
    const refund = order.cancellation?.refund ?? 0
    return `Cancelled${at}${refund > 0 ? `, ${formatMoney(refund)} refunded` : ''}`
  }
  return `${timelineLabel(order.status, order.fulfilment)}${at}`
}

/** When the order was completed or cancelled, from its timeline (the single order's answer). */
export function finishedAtFromTimeline(order: Pick<Order, 'status' | 'timeline' | 'cancellation'>) {
  if (order.status === 'cancelled') return order.cancellation?.at ?? null
  return order.timeline?.find((e) => e.status === order.status && !e.estimated)?.at ?? null
}
