import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../db/schema'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp()
const owner = await createUser(app, { balance: 50 })
const { restaurant, items } = await createRestaurant(app, { ownerId: owner.user.id })

async function dinerWithOrder() {
  const diner = await createUser(app, { balance: 50 })
  const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
  return { diner, order }
}

function tip(user: { headers: Record<string, string> }, orderId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/tip-chef`,
    headers: user.headers,
    payload: { amount: 3, message: 'Thanks' },
  })
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000)

describe('who may tip, and when', () => {
  it("refuses the restaurant owner's tip on a diner's order and charges nothing", async () => {
    const { order } = await dinerWithOrder()
    const before = await balanceCents(app, owner.user.id)
    const res = await tip(owner, order.id)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Only the diner who placed this order can tip its chef')
    expect(await balanceCents(app, owner.user.id)).toBe(before)
  })

  it('refuses a tip on a cancelled order and charges nothing', async () => {
    const { diner, order } = await dinerWithOrder()
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id))
    const before = await balanceCents(app, diner.user.id)
    const res = await tip(diner, order.id)
    expect(res.statusCode).toBe(409)
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })

  it('takes a tip a few hours after delivery', async () => {
    const { diner, order } = await dinerWithOrder()
    await app.db.update(orders).set({ status: 'completed', progress: 100 }).where(eq(orders.id, order.id))
    await app.db
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'completed', at: hoursAgo(3), actor: 'system' })
    const before = await balanceCents(app, diner.user.id)
    const res = await tip(diner, order.id)
    expect(res.statusCode).toBe(200)
    expect(await balanceCents(app, diner.user.id)).toBe(before - 300)
  })

  it('closes tips a day after delivery', async () => {
    const { diner, order } = await dinerWithOrder()
    await app.db.update(orders).set({ status: 'completed', progress: 100 }).where(eq(orders.id, order.id))
    await app.db
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'completed', at: hoursAgo(25), actor: 'system' })
    const before = await balanceCents(app, diner.user.id)
    const res = await tip(diner, order.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Tips close a day after delivery')
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })

  it('closes tips on an order from before the status history a day after its promised delivery', async () => {
    const { diner, order } = await dinerWithOrder()
    await app.db
      .update(orders)
      .set({
        status: 'completed',
        progress: 100,
        createdAt: hoursAgo(26),
        estimatedDelivery: hoursAgo(25),
      })
      .where(eq(orders.id, order.id))
    const before = await balanceCents(app, diner.user.id)
    const res = await tip(diner, order.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Tips close a day after delivery')
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })
})
