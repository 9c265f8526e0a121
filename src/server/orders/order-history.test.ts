import { describe, expect, it } from 'vitest'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { createOrderStatus } from './order-status'
import { createRestaurant, placeOrder } from './orders.fixtures'

const app = await buildTestApp()
const kitchen = await createRestaurant(app)
const orderStatus = createOrderStatus({ db: app.db, bus: app.bus, notifications: app.notifications })
const MIN = 60_000

describe('the status history and the timeline', () => {
  it('answers the history oldest first, and the order its timeline: reached steps, then estimates', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const cookingAt = new Date(Date.now() + MIN)
    await orderStatus.change({ orderId: placed.id, to: 'cooking', by: { actor: 'system' }, at: cookingAt })

    const events = await app.inject({ url: `/api/orders/${placed.id}/events`, headers: diner.headers })
    expect(events.statusCode).toBe(200)
    expect(events.json()).toEqual([
      { status: 'preparing', at: expect.any(String) },
      { status: 'cooking', at: cookingAt.toISOString() },
    ])

    const order = (await app.inject({ url: `/api/orders/${placed.id}`, headers: diner.headers })).json()
    expect(
      order.timeline.map((e: { status: string; estimated: boolean }) => [e.status, e.estimated]),
    ).toEqual([
      ['preparing', false],
      ['cooking', false],
      ['plating', true],
      ['delivering', true],
      ['completed', true],
    ])
    expect(order.timeline[1].at).toBe(cookingAt.toISOString())
    // Planned from the moment cooking was reached, over the kitchen's planned duration.
    const planned = app.config.kitchen.orderMs
    expect(Date.parse(order.timeline[4].at)).toBeGreaterThanOrEqual(
      cookingAt.getTime() + 0.7 * planned - 1000,
    )
  })

  it('shows a reached step at the time it was reached even when the kitchen was late', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const late = new Date(Date.now() + 2 * app.config.kitchen.orderMs)
    await orderStatus.change({ orderId: placed.id, to: 'completed', by: { actor: 'system' }, at: late })
    const order = (await app.inject({ url: `/api/orders/${placed.id}`, headers: diner.headers })).json()
    expect(order.timeline.every((e: { estimated: boolean }) => !e.estimated)).toBe(true)
    expect(order.timeline.at(-1).at).toBe(late.toISOString())
  })

  it('lists a finished order with when it finished: delivered from its history, cancelled from the cancellation', async () => {
    const diner = await createUser(app, { balance: 50 })
    const lines = [{ menuItemId: kitchen.items[0]!.id, quantity: 1 }]
    const delivered = await placeOrder(app, diner, kitchen.restaurant.id, lines)
    const deliveredAt = new Date(Date.now() + 30 * MIN)
    await orderStatus.change({
      orderId: delivered.id,
      to: 'completed',
      by: { actor: 'system' },
      at: deliveredAt,
    })
    const cancelled = await placeOrder(app, diner, kitchen.restaurant.id, lines)
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.id}/cancel`,
      headers: diner.headers,
      payload: { reason: 'other', note: 'Changed my mind' },
    })
    expect(cancel.statusCode).toBe(200)
    const active = await placeOrder(app, diner, kitchen.restaurant.id, lines)

    const list = await app.inject({ url: `/api/users/${diner.user.id}/orders`, headers: diner.headers })
    expect(list.statusCode, list.body).toBe(200)
    const byId = new Map(
      list.json().map((o: { id: number; finishedAt: string | null }) => [o.id, o.finishedAt]),
    )
    expect(byId.get(delivered.id)).toBe(deliveredAt.toISOString())
    expect(byId.get(cancelled.id)).toBe(cancel.json().order.cancellation.at)
    expect(byId.get(active.id)).toBeNull()
  })

  it('keeps the history from anyone who may not read the order', async () => {
    const diner = await createUser(app, { balance: 50 })
    const other = await createUser(app)
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    expect(
      (await app.inject({ url: `/api/orders/${placed.id}/events`, headers: other.headers })).statusCode,
    ).toBe(404)
    expect((await app.inject({ url: `/api/orders/${placed.id}/events` })).statusCode).toBe(401)
  })
})
