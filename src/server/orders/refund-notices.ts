import type { Db } from '../db/client'
import type { NotificationInput, NotificationsService } from '../notifications/notifications.service'
import { type OrderFacts, orderFacts, refundNotice } from '../notifications/order-notices'
import type { CancellationListeners } from './cancellation'

/**
 * What a cancel tells the diner besides its status: the refund. (Status changes are noticed by
 * the order state machine, acknowledged shouts by the chef service.)
 */
export function refundNotices({
  db,
  notifications,
  log,
}: {
  db: Db
  notifications: NotificationsService
  log?: { error(obj: object, msg?: string): void }
}): Pick<CancellationListeners, 'refunded'> {
  async function send(orderId: number, notice: (order: OrderFacts) => NotificationInput) {
    try {
      const order = await orderFacts(db, orderId)
      if (order) await notifications.send(notice(order))
    } catch (err) {
      log?.error({ err, orderId }, 'could not notify the diner')
    }
  }
  return {
    refunded(event) {
      void send(event.orderId, (order) => refundNotice(order, event.refundCents))
    },
  }
}
