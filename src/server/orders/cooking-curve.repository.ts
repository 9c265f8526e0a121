import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { orders, telemetry } from '../db/schema'
import { estimatedOrderColumns } from './estimated-order'

/** The order's sensor readings with a temperature since `since`, oldest first, at most `limit` (the newest). */
export async function sensorReadingsSince(tx: Tx, orderId: number, since: Date, limit: number) {
  const rows = await tx
    .select({ at: telemetry.recordedAt, temperature: telemetry.temperature })
    .from(telemetry)
    .where(
      and(eq(telemetry.orderId, orderId), gte(telemetry.recordedAt, since), isNotNull(telemetry.temperature)),
    )
    .orderBy(desc(telemetry.recordedAt))
    .limit(limit)
  return rows.reverse().map((r) => ({ at: r.at, temperature: r.temperature! }))
}

/** The order as the kitchen's estimate reads it (its kitchen mode, when it reached its status). */
export async function estimatedOrder(tx: Tx, orderId: number) {
  const [row] = await tx.select(estimatedOrderColumns).from(orders).where(eq(orders.id, orderId))
  return row
}
