/**
 * The kitchen console's service: what a restaurant's kitchen sees (its open tickets) and what it
 * does (bump, recall, shouts, per-line station bumps, mode and settings). A cancel with its
 * refund is the order's own (`orders/cancellation.ts`); the console calls the same route.
 * Every status change goes through the order state machine (`changeOrderStatus`), so each one is
 * kept in the order's status history; after the transaction commits, the diner's room receives a
 * `status` message and the kitchen's channel a `kitchen_order` message with the new ticket.
 *
 * Other domains hook in through `KitchenListeners` and through
 * `ticketChanged` (a new order, a shout or its answer, a tip, an upsell answer). Shouts are
 * answered by the chef service, which owns them.
 *
 * Its use cases live beside it: who may work a kitchen (`kitchen-access.ts`), what the kitchen's
 * channel is told (`kitchen-feed.ts`), and the bump, recall and line bumps (`bump.ts`); this
 * factory composes them with the console's reads, its mode and settings, and shout answers.
 */
import { liveMessage } from '../../shared/live-message-builders'
import type { ChefShout } from '../../shared/schemas/chef'
import type { Kitchen, KitchenMode, KitchenSettings } from '../../shared/schemas/kitchen'
import { shoutNotFound } from '../chef/chef.errors'
import type { ChefService, ShoutAnswer } from '../chef/chef.service'
import type { Db } from '../db/client'
import { type Bus, kitchenChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { OrderStatusService } from '../orders/order-status'
import { createBumps, type KitchenRecord } from './bump'
import { notKitchenOwner } from './kitchen.errors'
import { createKitchenRepository } from './kitchen.repository'
import { type Actor, createKitchenAccess, type KitchenAccessRule } from './kitchen-access'
import { createKitchenFeed, type KitchenListeners } from './kitchen-feed'

export { STATUS_CEILING, STATUS_FLOOR } from './bump'
export type { Actor } from './kitchen-access'
export type { KitchenListeners, StatusEvent } from './kitchen-feed'

export function createKitchenService(deps: {
  db: Db
  bus: Bus
  orderStatus: OrderStatusService
  /** Shouts are answered by the chef service; the console checks who may. */
  shouts: Pick<ChefService, 'shoutOrder' | 'answerShout'>
  /** The restaurant rule (app.restaurantAccess); without it, the owner only. */
  access?: KitchenAccessRule
  /** The restaurant's activity log (app.staff.record). */
  record?: KitchenRecord
  config: { kitchen: { orderMs: number } }
  log?: Pick<Logger, 'warn'>
  listeners?: KitchenListeners
  now?: () => number
}) {
  const { db, bus, orderStatus, shouts, log, listeners = {} } = deps
  const clock = deps.now ?? Date.now

  const access = createKitchenAccess(db, deps.access)
  const { ownedRestaurant, orderForKitchen } = access
  const record: KitchenRecord = deps.record ?? (async () => {})
  const feed = createKitchenFeed({ db, bus, orderStatus, log, listeners })
  const { publish } = feed
  const bumps = createBumps({ db, orderStatus, access, feed, clock, record })

  return {
    ticketChanged: feed.ticketChanged,
    ticketsChanged: feed.ticketsChanged,
    ...bumps,

    /** The console: its tickets, and the caller's own role and stations. */
    async getKitchen(actor: Actor, restaurantId: number): Promise<Kitchen> {
      const { row, member } = await ownedRestaurant(actor, restaurantId, 'run_kitchen')
      const kitchen = await createKitchenRepository(db).kitchen(row)
      return { ...kitchen, access: { role: member.role, stations: member.stations } }
    },

    /** Throws unless `actor` may see the kitchen; the live channel's subscribe_kitchen check. */
    async assertOwner(actor: Actor, restaurantId: number): Promise<void> {
      await ownedRestaurant(actor, restaurantId, 'run_kitchen')
    },

    /**
     * Switching never loses or rewinds an order. To autopilot: each open order's engine clock is
     * set so that its time-based progress continues from where the order is now.
     */
    async setMode(actor: Actor, restaurantId: number, mode: KitchenMode) {
      const { member } = await ownedRestaurant(actor, restaurantId, 'set_kitchen_mode')
      const orderMs = deps.config.kitchen.orderMs
      await db.transaction(async (tx) => {
        const repo = createKitchenRepository(tx)
        await repo.setMode(restaurantId, mode)
        if (mode === 'autopilot') await repo.resumeEngineClocks(restaurantId, orderMs)
      })
      await publish(kitchenChannel(restaurantId), liveMessage.kitchenMode({ restaurantId, mode }))
      await record({
        restaurantId,
        actor: member,
        action: 'kitchen_mode',
        summary: `Kitchen switched to ${mode}`,
      })
      return { restaurantId, mode }
    },

    async updateSettings(actor: Actor, restaurantId: number, settings: KitchenSettings): Promise<Kitchen> {
      const { member } = await ownedRestaurant(actor, restaurantId, 'manage_restaurant')
      const stations = Object.fromEntries(
        Object.entries(settings.stations)
          .map(([category, station]) => [category, station.trim().toLowerCase()] as const)
          .filter(([, station]) => station !== ''),
      )
      const repo = createKitchenRepository(db)
      const row = await repo.saveSettings(restaurantId, { ...settings, stations })
      await record({
        restaurantId,
        actor: member,
        action: 'kitchen_settings',
        summary: 'Kitchen settings changed (ticket ages, stations)',
      })
      return { ...(await repo.kitchen(row!)), access: { role: member.role, stations: member.stations } }
    },

    /** pending -> acknowledged -> done, by the kitchen; the chef service answers it. */
    async setShoutStatus(actor: Actor, shoutId: number, status: ShoutAnswer): Promise<ChefShout> {
      const orderId = await shouts.shoutOrder(shoutId)
      if (orderId === undefined) throw shoutNotFound()
      const { member } = await orderForKitchen(db, actor, orderId, 'run_kitchen').catch((error) => {
        const code = (error as { code?: string }).code
        if (code === 'orders.not_found') throw shoutNotFound()
        if (code === 'kitchen.not_owner')
          throw notKitchenOwner('Only the kitchen of this restaurant can answer shouts')
        throw error
      })
      const answered = await shouts.answerShout(shoutId, status)
      await record({
        restaurantId: member.restaurantId,
        actor: member,
        action: 'shout_answer',
        orderId,
        summary: `Order #${String(orderId).padStart(4, '0')}: shout “${answered.shoutName}” ${status}`,
      })
      return answered
    },
  }
}
export type KitchenService = ReturnType<typeof createKitchenService>
