import { createOrderStatus } from '../kitchen/order-status'
import type { TestApp } from '../testing/build-test-app'

/** Completes an order through the state machine, as if delivered at `at`. */
export async function deliverOrder(app: TestApp, orderId: number, at = new Date()) {
  await createOrderStatus({ db: app.db, bus: app.bus }).change({
    orderId,
    to: 'completed',
    by: { actor: 'system' },
    at,
  })
}
