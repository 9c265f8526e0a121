import type { TestApp } from '../testing/build-test-app'

/** Completes an order through the state machine, as if delivered at `at`. */
export async function deliverOrder(app: TestApp, orderId: number, at = new Date()) {
  await app.orderStatus.change({
    orderId,
    to: 'completed',
    by: { actor: 'system' },
    at,
  })
}
