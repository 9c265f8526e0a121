import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { orders, restaurants } from '../db/schema'
import { createRestaurant } from '../orders/orders.fixtures'
import { connectViewer, liveUrl } from '../realtime/live.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { restaurantPause } from './pause'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)

const owner = await createUser(app)

async function kitchen() {
  const made = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })
  await app.db
    .update(restaurants)
    .set({ timeZone: 'America/Chicago' })
    .where(eq(restaurants.id, made.restaurant.id))
  return made
}

const pause = (user: TestUser | undefined, restaurantId: number, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/restaurants/${restaurantId}/pause`,
    headers: user?.headers ?? {},
    payload: payload as object,
  })

const checkout = (diner: TestUser, restaurantId: number, menuItemId: number) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: diner.headers,
    payload: { restaurantId, items: [{ menuItemId, quantity: 1 }] },
  })

const ordersOf = async (restaurantId: number) =>
  (await app.db.select().from(orders).where(eq(orders.restaurantId, restaurantId))).length

const chicagoTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Chicago',
  }).format(new Date(iso))

describe('pausing new orders', () => {
  it('refuses minutes outside 10 to 240 with a field message, and anyone but the owner, changing nothing', async () => {
    const { restaurant } = await kitchen()
    for (const minutes of [9, 241, 12.5, '20', -10]) {
      const res = await pause(owner, restaurant.id, { minutes })
      expect(res.statusCode, String(minutes)).toBe(400)
      expect(res.json().errors.minutes).toMatch(/10 to 240/)
    }
    expect((await pause(owner, restaurant.id, {})).statusCode).toBe(400)
    expect((await pause(undefined, restaurant.id, { minutes: 20 })).statusCode).toBe(401)
    expect((await pause(await createUser(app), restaurant.id, { minutes: 20 })).statusCode).toBe(403)
    expect((await pause(owner, 999_999, { minutes: 20 })).statusCode).toBe(404)
    expect(await restaurantPause(app.db, restaurant.id)).toBeUndefined()
  })

  it('refuses checkout with 409 and the time in the restaurant’s zone, charging nothing, until unpaused by hand', async () => {
    const { restaurant, items } = await kitchen()
    const diner = await createUser(app, { balance: 50 })
    const before = Date.now()
    const paused = await pause(owner, restaurant.id, { minutes: 20 })
    expect(paused.statusCode).toBe(200)
    const { pausedUntil } = paused.json()
    expect(Date.parse(pausedUntil) - before).toBeGreaterThanOrEqual(20 * 60_000 - 1000)
    expect(Date.parse(pausedUntil) - before).toBeLessThan(20 * 60_000 + 5000)

    // The page says so.
    const page = await app.inject({ url: `/api/restaurants/${restaurant.id}` })
    expect(page.json()).toMatchObject({ pausedUntil, timeZone: 'America/Chicago' })

    const refused = await checkout(diner, restaurant.id, items[0]!.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'orders.restaurant_paused',
      message: `${restaurant.name} is not taking orders until ${chicagoTime(pausedUntil)}`,
    })
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
    expect(await ordersOf(restaurant.id)).toBe(0)
    // What other ways in (a delivery platform's order) are told.
    expect(await restaurantPause(app.db, restaurant.id)).toEqual({
      pausedUntil: new Date(pausedUntil),
      message: `Not taking orders until ${chicagoTime(pausedUntil)}`,
    })

    const resumed = await pause(owner, restaurant.id, { minutes: null })
    expect(resumed.json()).toEqual({ restaurantId: restaurant.id, pausedUntil: null })
    expect((await app.inject({ url: `/api/restaurants/${restaurant.id}` })).json().pausedUntil).toBeNull()
    expect((await checkout(diner, restaurant.id, items[0]!.id)).statusCode).toBe(201)
    expect(await restaurantPause(app.db, restaurant.id)).toBeUndefined()
  })

  it('takes orders again by itself once the time has passed', async () => {
    const { restaurant, items } = await kitchen()
    const diner = await createUser(app, { balance: 50 })
    const { pausedUntil } = (await pause(owner, restaurant.id, { minutes: 10 })).json()
    const until = Date.parse(pausedUntil)
    expect(await restaurantPause(app.db, restaurant.id, new Date(until - 1000))).toBeDefined()
    expect(await restaurantPause(app.db, restaurant.id, new Date(until + 1))).toBeUndefined()
    expect((await checkout(diner, restaurant.id, items[0]!.id)).statusCode).toBe(409)

    // Ten minutes later: the stored time is now in the past, and nothing else had to run.
    await app.db
      .update(restaurants)
      .set({ pausedUntil: new Date(Date.now() - 1000) })
      .where(eq(restaurants.id, restaurant.id))
    const placed = await checkout(diner, restaurant.id, items[0]!.id)
    expect(placed.statusCode).toBe(201)
    const kitchenView = await app.inject({
      url: `/api/restaurants/${restaurant.id}/kitchen`,
      headers: owner.headers,
    })
    expect(kitchenView.json().pausedUntil).toBeNull()
  })

  it('tells the restaurant’s page and its kitchen live, and no other restaurant’s page', async () => {
    const { restaurant } = await kitchen()
    const other = await kitchen()
    const page = await connectViewer(url)
    const elsewhere = await connectViewer(url)
    const console_ = await connectViewer(url, { cookie: owner.cookie })
    try {
      const subscribed = (id: number) => (m: ServerMessage) =>
        (m.type === 'restaurant_subscribed' && m.restaurantId === id) || m.type === 'error'
      expect(
        await page.request(
          { type: 'subscribe_restaurant', restaurantId: restaurant.id },
          subscribed(restaurant.id),
        ),
      ).toEqual({ type: 'restaurant_subscribed', restaurantId: restaurant.id })
      await elsewhere.request(
        { type: 'subscribe_restaurant', restaurantId: other.restaurant.id },
        subscribed(other.restaurant.id),
      )
      await console_.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_subscribed',
      )

      const { pausedUntil } = (await pause(owner, restaurant.id, { minutes: 30 })).json()
      const isPause = (m: ServerMessage) => m.type === 'restaurant_paused'
      expect(await page.waitFor(isPause)).toMatchObject({ restaurantId: restaurant.id, pausedUntil })
      expect(await console_.waitFor(isPause)).toMatchObject({ restaurantId: restaurant.id, pausedUntil })
      await pause(owner, restaurant.id, { minutes: null })
      await page.waitFor((m) => m.type === 'restaurant_paused' && m.pausedUntil === null)
      await elsewhere.request({ type: 'ping' }, (m) => m.type === 'pong')
      expect(elsewhere.messages.some(isPause)).toBe(false)
    } finally {
      await Promise.all([page.close(), elsewhere.close(), console_.close()])
    }
  })
})
