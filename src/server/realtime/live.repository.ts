import { and, desc, eq, isNull } from 'drizzle-orm'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import type { Telemetry } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { menuItems, orders, upsells } from '../db/schema'
import type { WatchedOrder } from '../kitchen/kitchen-driver'

/** The telemetry a new viewer of an order sees first. */
export type CurrentTelemetry = (order: WatchedOrder, now: number) => Promise<Telemetry>

/** The reads a new viewer of an order needs: its current status and telemetry, its open upsell. */
export function createLiveRepository(db: Db, currentTelemetry: CurrentTelemetry) {
  return {
    /** Current status and telemetry of an order, read from the database. */
    async loadSnapshot(orderId: number) {
      const [order] = await db
        .select({
          status: orders.status,
          progress: orders.progress,
          restaurantId: orders.restaurantId,
          kitchenStartedAt: orders.kitchenStartedAt,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
      if (!order) return {}
      const sentAt = Date.now()
      const data = await currentTelemetry({ id: orderId, ...order }, sentAt)
      const status: ServerMessage = {
        type: 'status',
        orderId,
        status: order.status,
        progress: order.progress,
        sentAt,
      }
      const telemetryMessage: ServerMessage = { type: 'telemetry', orderId, data, sentAt }
      return { status, telemetry: telemetryMessage }
    },

    /** The upsell offered with this order that its diner has not answered yet. */
    async pendingUpsell(orderId: number): Promise<ServerMessage | undefined> {
      const [row] = await db
        .select({ upsell: upsells, item: menuItems })
        .from(upsells)
        .innerJoin(menuItems, eq(menuItems.id, upsells.menuItemId))
        .where(and(eq(upsells.orderId, orderId), eq(upsells.shown, true), isNull(upsells.respondedAt)))
        .orderBy(desc(upsells.id))
        .limit(1)
      if (!row) return undefined
      return {
        type: 'upsell',
        orderId,
        upsellId: row.upsell.id,
        menuItem: {
          id: row.item.id,
          name: row.item.name,
          description: row.item.description,
          price: toDollars(row.item.priceCents),
          image: row.item.image,
        },
        sentAt: row.upsell.shownAt?.getTime() ?? Date.now(),
      }
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
