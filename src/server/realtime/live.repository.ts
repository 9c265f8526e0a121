import { eq } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { Telemetry } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { orders } from '../db/schema'
import type { WatchedOrder } from '../kitchen/kitchen-driver'

/** The telemetry a new viewer of an order sees first. */
export type CurrentTelemetry = (order: WatchedOrder, now: number) => Promise<Telemetry>

/** The reads a new viewer of an order needs: its current status and telemetry. */
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
      const status = liveMessage.status({ orderId, status: order.status, progress: order.progress }, sentAt)
      return { status, telemetry: liveMessage.telemetry({ orderId, data }, sentAt) }
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
