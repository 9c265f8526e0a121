import type { Db } from '../db/client'
import type { NotificationInput, NotificationsService } from '../notifications/notifications.service'
import { type OrderFacts, orderFacts, refundNotice } from '../notifications/order-notices'
import type { KitchenListeners } from './kitchen.service'

/**
 * What the kitchen's own actions tell the diner: a refund after a cancel. (Status changes are
 * noticed by the order state machine, acknowledged shouts by the chef service.)
 */
export function kitchenNotices({
  db,
  notifications,
  log,
}: {
  db: Db
  notifications: NotificationsService
  log?: { error(obj: object, msg?: string): void }
}): KitchenListeners {
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
