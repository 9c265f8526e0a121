import { eq } from 'drizzle-orm'
import { orders } from '../db/schema'
import type { TestApp } from '../testing/build-test-app'

/** Completes an order as if delivered at `at`. */
export async function deliverOrder(app: TestApp, orderId: number, at = new Date()) {
  await app.db
    .update(orders)
    .set({ status: 'completed', progress: 100, updatedAt: at })
    .where(eq(orders.id, orderId))
}
