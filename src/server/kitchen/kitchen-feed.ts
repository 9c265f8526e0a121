import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { Ticket } from '../../shared/schemas/kitchen'
import type { Db } from '../db/client'
import { type Bus, kitchenChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { OrderStatusService, StatusChanged } from '../orders/order-status'
import { createOrdersRepository } from '../orders/orders.repository'
import { createKitchenRepository, type OrderRow } from './kitchen.repository'

export interface StatusEvent {
  orderId: number
  userId: number
  restaurantId: number
  status: string
  progress: number
}
export interface KitchenListeners {
  statusChanged?(event: StatusEvent): void
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

/**
 * What the kitchen's channel is told: each changed ticket (after the shout, tip or upsell answer
 * that changed it) and, after a bump or recall, the diner's room and the listeners too.
 */
export function createKitchenFeed(deps: {
  db: Db
  bus: Bus
  orderStatus: OrderStatusService
  log?: Pick<Logger, 'warn'>
  listeners?: KitchenListeners
}) {
  const { db, bus, orderStatus, log, listeners = {} } = deps

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
    const row = await createKitchenRepository(db).orderPlace(orderId)
    if (!row || row.isShowcase) return ticket
    const relayed = event ? kitchenCopy(event, row.restaurantId) : undefined
    if (relayed) await publish(kitchenChannel(row.restaurantId), relayed)
    await publish(
      kitchenChannel(row.restaurantId),
      liveMessage.kitchenOrder({ restaurantId: row.restaurantId, order: ticket }),
    )
    return ticket
  }

  /** Publishes several new or changed orders' tickets, read together (a batch of platform orders). */
  async function ticketsChanged(orderIds: number[]): Promise<void> {
    for (const { ticket, restaurantId, isShowcase } of await createKitchenRepository(db).tickets(orderIds)) {
      if (isShowcase) continue
      await publish(kitchenChannel(restaurantId), liveMessage.kitchenOrder({ restaurantId, order: ticket }))
    }
  }

  /**
   * After a bump or recall committed: the diner's room, the kitchen's channel, and the listeners.
   * (A cancel is the order's own: `orders/cancellation.ts`.)
   */
  async function statusChanged(changed: StatusChanged): Promise<{ order: OrderRow; ticket: Ticket }> {
    await orderStatus.publish(changed)
    const order = await createOrdersRepository(db).findById(changed.orderId)
    const ticket = await ticketChanged(order!.id)
    const { id, userId, restaurantId, status, progress } = order!
    listeners.statusChanged?.({ orderId: id, userId, restaurantId, status, progress })
    return { order: order!, ticket: ticket! }
  }

  return { publish, ticketChanged, ticketsChanged, statusChanged }
}
export type KitchenFeed = ReturnType<typeof createKitchenFeed>
