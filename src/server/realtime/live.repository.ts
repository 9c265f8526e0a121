import { eq } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { Telemetry } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { orders, restaurants } from '../db/schema'
import { type EstimatedOrder, estimatedOrderColumns } from '../orders/estimated-order'

/**
 * The telemetry a new viewer of an order sees first: its sensor's reading, or the estimate of the
 * order's kitchen mode (continuing from a silent sensor's last reading), as the viewers already
 * watching receive it.
 */
export type CurrentTelemetry = (
  order: EstimatedOrder & { restaurantId: number },
  now: number,
) => Promise<Telemetry>

/** The reads a new viewer of an order needs: its current status and telemetry. */
export function createLiveRepository(db: Db, currentTelemetry: CurrentTelemetry) {
  return {
    /** Who owns the restaurant (undefined when there is none): only they open its kitchen. */
    async restaurantOwner(restaurantId: number): Promise<{ ownerId: number | null } | undefined> {
      const [row] = await db
        .select({ ownerId: restaurants.ownerId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row
    },

    /** Current status and telemetry of an order, read from the database. */
    async loadSnapshot(orderId: number) {
      const [order] = await db.select(estimatedOrderColumns).from(orders).where(eq(orders.id, orderId))
      if (!order) return {}
      const sentAt = Date.now()
      const data = await currentTelemetry(order, sentAt)
      const status = liveMessage.status({ orderId, status: order.status, progress: order.progress }, sentAt)
      return { status, telemetry: liveMessage.telemetry({ orderId, data }, sentAt) }
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
