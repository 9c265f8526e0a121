import type { Db } from '../db/client'
import type { Bus } from '../infra/bus'
import type { NotificationInput } from '../notifications/notifications.service'
import { createNotificationsService } from '../notifications/notifications.service'
import {
  type OrderFacts,
  orderFacts,
  refundNotice,
  shoutAcknowledgedNotice,
} from '../notifications/order-notices'
import type { KitchenListeners } from './kitchen.service'

/**
 * What the kitchen's own actions tell the diner: a refund after a cancel, and a shout the staff
 * acknowledged. (Status changes are noticed by the order state machine itself.)
 */
export function kitchenNotices({
  db,
  bus,
  log,
}: {
  db: Db
  bus: Bus
  log?: { error(obj: object, msg?: string): void }
}): KitchenListeners {
  const notifications = createNotificationsService({ db, bus, log })
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
    shoutChanged(shout) {
      if (shout.status === 'acknowledged')
        void send(shout.orderId, (order) => shoutAcknowledgedNotice(order, shout.shoutName))
    },
  }
}
