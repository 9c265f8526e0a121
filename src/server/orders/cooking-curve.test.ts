import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { autopilotEstimate } from '../../demo/autopilot'
import { targetTemperature } from '../../demo/telemetry-model'
import type { CookingCurve } from '../../shared/schemas/cooking-curve'
import { orderEvents, orders, telemetry } from '../db/schema'
import { STAFFED_COOKING_F, staffedEstimate } from '../kitchen/estimate'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { createRestaurant, placeOrder } from './orders.fixtures'

const app = await buildTestApp()
const kitchen = await createRestaurant(app, { kitchenMode: 'staffed' })
const diner = await createUser(app, { balance: 100 })
const curve = (orderId: number, headers?: Record<string, string>) =>
  app.inject({ url: `/api/orders/${orderId}/cooking-curve`, headers })

describe('the cooking curve', () => {
  it('gives the diner the estimate every 15 seconds since cooking began, the sensor readings and the status changes', async () => {
    const order = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const before = (await curve(order.id, diner.headers)).json() as CookingCurve
    expect(before).toMatchObject({ startedAt: null, points: [] })

    const started = new Date(Date.now() - 60_000)
    await app.orderStatus.change({ orderId: order.id, to: 'cooking', by: { actor: 'system' }, at: started })
    await app.db.insert(telemetry).values({
      restaurantId: kitchen.restaurant.id,
      orderId: order.id,
      temperature: 371.26,
      recordedAt: new Date(started.getTime() + 20_000),
    })
    // A reading from before cooking began is not part of the curve.
    await app.db.insert(telemetry).values({
      restaurantId: kitchen.restaurant.id,
      orderId: order.id,
      temperature: 90,
      recordedAt: new Date(started.getTime() - 20_000),
    })
    const res = await curve(order.id, diner.headers)
    expect(res.statusCode).toBe(200)
    const body = res.json() as CookingCurve
    expect(body.startedAt).toBe(started.toISOString())
    // A staffed kitchen's estimate cooks at its own temperature, not the demo model's target.
    expect(body.targetTemperature).toBe(STAFFED_COOKING_F)
    expect(body.events.map((e) => e.status).sort()).toEqual(['cooking', 'preparing'])
    const estimates = body.points.filter((p) => p.source === 'estimate')
    // 0, 15, 30, 45 and 60 seconds in (the last one while the request runs).
    expect(estimates.length).toBeGreaterThanOrEqual(4)
    expect(Date.parse(estimates[1]!.at) - Date.parse(estimates[0]!.at)).toBe(15_000)
    expect(body.points.filter((p) => p.source === 'sensor')).toEqual([
      { at: new Date(started.getTime() + 20_000).toISOString(), temperature: 371.3, source: 'sensor' },
    ])
    const times = body.points.map((p) => Date.parse(p.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('stops at the pass: no estimate after the order was plated', async () => {
    const order = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const started = new Date(Date.now() - 10 * 60_000)
    await app.orderStatus.change({ orderId: order.id, to: 'cooking', by: { actor: 'system' }, at: started })
    await app.orderStatus.change({
      orderId: order.id,
      to: 'plating',
      by: { actor: 'system' },
      at: new Date(started.getTime() + 60_000),
    })
    const body = (await curve(order.id, diner.headers)).json() as CookingCurve
    expect(body.points.map((p) => Date.parse(p.at) - started.getTime())).toEqual([
      0, 15_000, 30_000, 45_000, 60_000,
    ])
  })

  it("samples the estimate of the order's kitchen mode, continuing from the sensor's last reading once it is silent", async () => {
    const orderMs = app.config.kitchen.orderMs
    const order = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const started = new Date(Date.now() - 60_000)
    await app.orderStatus.change({ orderId: order.id, to: 'cooking', by: { actor: 'system' }, at: started })
    const heard = { temperature: 289, at: started.getTime() + 20_000 }
    await app.db.insert(telemetry).values({
      restaurantId: kitchen.restaurant.id,
      orderId: order.id,
      temperature: heard.temperature,
      recordedAt: new Date(heard.at),
    })
    const body = (await curve(order.id, diner.headers)).json() as CookingCurve
    const estimates = body.points.filter((p) => p.source === 'estimate').slice(0, 4)
    const staffed = staffedEstimate(orderMs)
    const asEstimated = {
      id: order.id,
      kitchenStartedAt: started,
      progress: 0,
      kitchenMode: 'staffed' as const,
    }
    expect(estimates).toEqual(
      [0, 15_000, 30_000, 45_000].map((offset) => {
        const at = started.getTime() + offset
        const temperature = staffed.telemetry(
          { ...asEstimated, status: 'cooking', statusAt: started },
          at,
          at >= heard.at ? heard : undefined,
        ).temperature
        return { at: new Date(at).toISOString(), temperature, source: 'estimate' }
      }),
    )
    // 375 °F until the reading, then from the 289 °F it measured back towards 375 °F.
    expect(estimates.map((p) => p.temperature)).toEqual([375, 375, 313, 338])

    // An autopilot kitchen's order: the autopilot's estimate and its target.
    const demo = await createRestaurant(app, { kitchenMode: 'autopilot' })
    const cooked = await placeOrder(app, diner, demo.restaurant.id, [
      { menuItemId: demo.items[0]!.id, quantity: 1 },
    ])
    await app.orderStatus.change({ orderId: cooked.id, to: 'cooking', by: { actor: 'system' }, at: started })
    const [row] = await app.db.select().from(orders).where(eq(orders.id, cooked.id))
    const auto = (await curve(cooked.id, diner.headers)).json() as CookingCurve
    expect(auto.targetTemperature).toBe(targetTemperature(cooked.id))
    const first = auto.points.find((p) => p.source === 'estimate')!
    expect(first.temperature).toBe(
      autopilotEstimate(orderMs).telemetry(
        { ...row!, kitchenMode: 'autopilot', statusAt: started },
        started.getTime(),
      ).temperature,
    )
  })

  it('answers 401 to a visitor and 404 to another diner', async () => {
    const order = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    expect((await curve(order.id)).statusCode).toBe(401)
    const other = await createUser(app)
    expect((await curve(order.id, other.headers)).statusCode).toBe(404)
    expect(await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1)
  })
})
