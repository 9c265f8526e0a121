import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createKitchenEngine } from '../../demo/autopilot'
import { demoWorld } from '../../demo/world'
import { CHEF_SHOUTS } from '../../shared/constants'
import { buildApp } from '../app'
import { chefShouts, orders } from '../db/schema'
import type { Bus } from '../infra/bus'
import { createMemoryBus } from '../infra/bus.memory'
import { createRedisBus } from '../infra/bus.redis'
import { createEngineLock, STAFFED_LOCK_KEY } from '../kitchen/engine-lock'
import { createStaffedDriver } from '../kitchen/staffed-driver'
import { buildTestApp, createUser, type TestUser, testConfig } from '../testing/build-test-app'
import { cookingOrder, createRestaurant, offerUpsell, placeOrder, showcaseOrder } from './orders.fixtures'

const ORDER_MS = 100_000
const bus = createMemoryBus()
const app = await buildTestApp({ bus, config: { kitchen: { orderMs: ORDER_MS } } })
/** A second instance: same database, same bus. */
const other = await buildApp({
  world: demoWorld,
  config: testConfig({ kitchen: { orderMs: ORDER_MS } }),
  database: app.testDatabase,
  bus,
  logger: false,
})
afterAll(() => other.close())

const owner = await createUser(app)
const autopilot = await createRestaurant(app, {
  ownerId: owner.user.id,
  items: [
    { name: 'Margherita Pizza', priceCents: 1450 },
    { name: 'Garlic Bread', priceCents: 499 },
  ],
})
const staffed = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })
const [pizza, garlicBread] = autopilot.items as [(typeof autopilot.items)[0], (typeof autopilot.items)[0]]
const cheese = CHEF_SHOUTS.find((s) => s.key === 'cheese')!

type Instance = Pick<typeof app, 'inject'>
interface ActiveOrder {
  id: number
  status: string
  progress: number
  items: string
  totalPrice: number
}
interface Shout {
  id: number
  status: string
  shoutName: string
}

async function activeOrders(diner: TestUser, on: Instance = app): Promise<ActiveOrder[]> {
  const res = await on.inject({ url: `/api/users/${diner.user.id}/active-orders`, headers: diner.headers })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const shoutsOf = (orderId: number, user?: TestUser, on: Instance = app) =>
  on.inject({ url: `/api/orders/${orderId}/chef-shouts`, headers: user?.headers ?? {} })
async function shouts(orderId: number, user: TestUser, on: Instance = app): Promise<Shout[]> {
  const res = await shoutsOf(orderId, user, on)
  expect(res.statusCode).toBe(200)
  return res.json()
}
const sendShout = (diner: TestUser, orderId: number, on: Instance = app) =>
  on.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/chef-shouts`,
    headers: diner.headers,
    payload: { shoutType: cheese.key },
  })
const orderIn = async (restaurant: typeof autopilot, balance = 100) => {
  const diner = await createUser(app, { balance })
  const order = await placeOrder(app, diner, restaurant.restaurant.id, [
    { menuItemId: restaurant.items[0]!.id, quantity: 1 },
  ])
  return { diner, order }
}

describe("a diner's active orders, kept in memory between changes", () => {
  it('are read once and then served from memory until something changes them', async () => {
    const { diner, order } = await orderIn(autopilot)
    expect((await activeOrders(diner)).map((o) => o.progress)).toEqual([0])
    // Changed behind the app's back (no writer of the app did it): the cached answer stays.
    await app.db.update(orders).set({ progress: 20 }).where(eq(orders.id, order.id))
    expect((await activeOrders(diner)).map((o) => o.progress)).toEqual([0])
    // An instance that had not read them yet reads the database.
    expect((await activeOrders(diner, other)).map((o) => o.progress)).toEqual([20])
  })

  it('answers 304 to a client whose copy is current, and the new list once it changed', async () => {
    const diner = await createUser(app, { balance: 100 })
    const url = `/api/users/${diner.user.id}/active-orders`
    const first = await app.inject({ url, headers: diner.headers })
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = String(first.headers.etag)
    expect((await app.inject({ url, headers: { ...diner.headers, 'if-none-match': etag } })).statusCode).toBe(
      304,
    )
    await placeOrder(app, diner, autopilot.restaurant.id, [{ menuItemId: pizza.id, quantity: 1 }])
    const after = await app.inject({ url, headers: { ...diner.headers, 'if-none-match': etag } })
    expect(after.statusCode).toBe(200)
    expect(after.json()).toHaveLength(1)
  })

  it('show an order as soon as it is placed, and drop it as soon as its diner cancels it', async () => {
    const diner = await createUser(app, { balance: 100 })
    expect(await activeOrders(diner)).toEqual([])
    const order = await placeOrder(app, diner, autopilot.restaurant.id, [
      { menuItemId: pizza.id, quantity: 1 },
    ])
    expect((await activeOrders(diner)).map((o) => o.id)).toEqual([order.id])
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: diner.headers,
      payload: { reason: 'other' },
    })
    expect(cancel.statusCode).toBe(200)
    expect(await activeOrders(diner)).toEqual([])
  })

  it("show the kitchen's bump and recall, and drop an order the kitchen cancels", async () => {
    const { diner, order } = await orderIn(staffed)
    expect((await activeOrders(diner))[0]!.status).toBe('preparing')
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: owner.headers, payload })
    expect((await call(`/api/orders/${order.id}/advance`, { from: 'preparing' })).statusCode).toBe(200)
    expect((await activeOrders(diner))[0]).toMatchObject({ status: 'cooking', progress: 30 })
    expect((await call(`/api/orders/${order.id}/recall`, {})).statusCode).toBe(200)
    expect((await activeOrders(diner))[0]!.status).toBe('preparing')
    expect((await call(`/api/orders/${order.id}/cancel`, { reason: 'out_of_stock' })).statusCode).toBe(200)
    expect(await activeOrders(diner)).toEqual([])
  })

  it("show the autopilot's progress and status on the next read after each tick", async () => {
    const { diner, order } = await orderIn(autopilot)
    expect((await activeOrders(diner))[0]!.progress).toBe(0)
    const engine = createKitchenEngine({
      db: app.db,
      bus: app.bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: app.config,
      lock: createEngineLock(app.testDatabase),
    })
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    const startedAt = row!.kitchenStartedAt.getTime()
    for (const fraction of [0.1, 0.2, 0.4]) {
      await engine.tick(startedAt + fraction * ORDER_MS)
      const [now] = await app.db.select().from(orders).where(eq(orders.id, order.id))
      expect(now!.progress).toBeGreaterThan(0)
      expect((await activeOrders(diner))[0]).toMatchObject({ status: now!.status, progress: now!.progress })
    }
    expect((await activeOrders(diner))[0]!.status).toBe('cooking')
    await engine.tick(startedAt + 1.01 * ORDER_MS)
    expect(await activeOrders(diner)).toEqual([])
  })

  it("show the staffed kitchen's estimated progress on the next read after its tick", async () => {
    const { diner } = await orderIn(staffed)
    expect((await activeOrders(diner))[0]!.progress).toBe(0)
    const driver = createStaffedDriver({
      db: app.db,
      bus: app.bus,
      upsells: app.upsells,
      lock: createEngineLock(app.testDatabase, undefined, STAFFED_LOCK_KEY),
      config: { kitchen: { orderMs: ORDER_MS, tickMs: 100 } },
    })
    await driver.tick(Date.now() + 0.15 * ORDER_MS)
    const progress = (await activeOrders(diner))[0]!.progress
    expect(progress).toBeGreaterThanOrEqual(14)
    expect(progress).toBeLessThan(30)
  })

  it('show a dish added by an accepted offer, with the new total', async () => {
    const { diner, order } = await cookingOrder(app, autopilot.restaurant.id, pizza, 10)
    const before = (await activeOrders(diner))[0]!
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/upsells/${offer.id}/response`,
      headers: diner.headers,
      payload: { accepted: true },
    })
    expect(res.statusCode).toBe(200)
    const after = (await activeOrders(diner))[0]!
    expect(JSON.parse(after.items)).toHaveLength(2)
    expect(after.totalPrice).toBeCloseTo(before.totalPrice + 4.99, 2)
  })
})

describe("an order's chef shouts, kept in memory between changes", () => {
  it('list a shout as soon as it is sent, and each answer of the kitchen as soon as it is given', async () => {
    const { diner, order } = await cookingOrder(app, staffed.restaurant.id, staffed.items[0]!, 10)
    expect(await shouts(order.id, diner)).toEqual([])
    const sent = await sendShout(diner, order.id)
    expect(sent.statusCode).toBe(201)
    const shoutId = sent.json().id as number
    expect(await shouts(order.id, diner)).toEqual([
      expect.objectContaining({ id: shoutId, status: 'pending', shoutName: cheese.name }),
    ])
    const answer = (status: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/chef-shouts/${shoutId}/status`,
        headers: owner.headers,
        payload: { status },
      })
    expect((await answer('acknowledged')).statusCode).toBe(200)
    expect((await shouts(order.id, diner))[0]!.status).toBe('acknowledged')
    expect((await answer('done')).statusCode).toBe(200)
    expect((await shouts(order.id, diner))[0]!.status).toBe('done')
  })

  it("list the autopilot's answers as soon as it advances the shouts", async () => {
    const { diner, order } = await cookingOrder(app, autopilot.restaurant.id, pizza, 10)
    expect((await sendShout(diner, order.id)).statusCode).toBe(201)
    expect((await shouts(order.id, diner))[0]!.status).toBe('pending')
    const later = new Date(Date.now() + 3_600_000)
    await app.chef.answerShoutsSentBefore({
      orderIds: [order.id],
      acknowledgeBefore: later,
      doneBefore: new Date(0),
      at: later,
    })
    expect((await shouts(order.id, diner))[0]!.status).toBe('acknowledged')
    await app.chef.answerShoutsSentBefore({
      orderIds: [order.id],
      acknowledgeBefore: later,
      doneBefore: later,
      at: later,
    })
    expect((await shouts(order.id, diner))[0]!.status).toBe('done')
  })

  it('are served from memory, and only to those who may read the order', async () => {
    const { diner, order } = await cookingOrder(app, autopilot.restaurant.id, pizza, 10)
    expect((await sendShout(diner, order.id)).statusCode).toBe(201)
    expect(await shouts(order.id, diner)).toHaveLength(1)
    // Removed behind the app's back: the cached list stays until the next shout or answer.
    await app.db.delete(chefShouts).where(eq(chefShouts.orderId, order.id))
    expect(await shouts(order.id, diner)).toHaveLength(1)
    expect(await shouts(order.id, owner)).toHaveLength(1)
    const stranger = await createUser(app)
    expect((await shoutsOf(order.id, stranger)).statusCode).toBe(404)
    expect((await shoutsOf(order.id)).statusCode).toBe(401)
    expect((await shoutsOf(2_000_000_000, diner)).statusCode).toBe(404)
    const showcase = await showcaseOrder(app)
    expect((await shoutsOf(showcase.id)).statusCode).toBe(200)
    expect((await shoutsOf(showcase.id, stranger)).statusCode).toBe(200)
  })
})

describe('a change made on one instance', () => {
  it('is read at once on another instance that had the lists in memory', async () => {
    const { diner, order } = await cookingOrder(app, staffed.restaurant.id, staffed.items[0]!, 100)
    expect((await activeOrders(diner, other))[0]!.status).toBe('cooking')
    expect(await shouts(order.id, diner, other)).toEqual([])
    const sent = await sendShout(diner, order.id)
    expect(sent.statusCode).toBe(201)
    expect((await shouts(order.id, diner, other)).map((s) => s.id)).toEqual([sent.json().id])
    const bump = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/advance`,
      headers: owner.headers,
      payload: { from: 'cooking' },
    })
    expect(bump.statusCode).toBe(200)
    expect((await activeOrders(diner, other))[0]!.status).toBe('plating')
    const placed = await placeOrder(app, diner, staffed.restaurant.id, [
      { menuItemId: staffed.items[0]!.id, quantity: 1 },
    ])
    expect((await activeOrders(diner, other)).map((o) => o.id)).toEqual([placed.id, order.id])
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.runIf(redisUrl)('a change made on one instance, through Redis', () => {
  it('is read on the other instance right after the change was answered', { timeout: 60_000 }, async () => {
    const url = `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=test-${randomBytes(4).toString('hex')}:`
    const buses: Bus[] = [await createRedisBus(url), await createRedisBus(url)]
    const instances = await Promise.all(
      buses.map((instanceBus) =>
        buildApp({
          world: demoWorld,
          config: testConfig({ kitchen: { orderMs: ORDER_MS } }),
          database: app.testDatabase,
          bus: instanceBus,
          logger: false,
        }),
      ),
    )
    try {
      // Over real sockets, as a browser would: the read on B leaves once A has answered.
      const [a, b] = (await Promise.all(
        instances.map(async (instance) => {
          await instance.listen({ host: '127.0.0.1', port: 0 })
          return `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`
        }),
      )) as [string, string]
      const { diner, order } = await cookingOrder(app, staffed.restaurant.id, staffed.items[0]!, 100)
      const headers = { ...diner.headers, 'content-type': 'application/json' }
      const readOn = async (base: string, path: string) => (await fetch(`${base}${path}`, { headers })).json()
      const read = (path: string) => readOn(b, path)
      const activePath = `/api/users/${diner.user.id}/active-orders`
      const shoutsPath = `/api/orders/${order.id}/chef-shouts`
      const balancePath = `/api/users/${diner.user.id}/wallet-balance`
      expect(await read(shoutsPath)).toEqual([])
      // B holds the balance in memory before each paid shout sent on A.
      let balance = (await read(balancePath)).balance as number
      expect((await read(activePath)).map((o: ActiveOrder) => o.id)).toEqual([order.id])

      for (let round = 0; round < 5; round++) {
        const sent = await fetch(`${a}${shoutsPath}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ shoutType: cheese.key }),
        })
        expect(sent.status).toBe(201)
        expect(await read(shoutsPath)).toHaveLength(round + 1)
        const after = (await read(balancePath)).balance as number
        expect(after).toBeLessThan(balance)
        expect(after).toBe((await readOn(a, balancePath)).balance)
        balance = after
      }
      // A top-up moves only the money: the wallet's own invalidation must reach B before A answers.
      for (let round = 0; round < 5; round++) {
        const added = await fetch(`${a}/api/users/${diner.user.id}/wallet/add-funds`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ amount: 1.25 }),
        })
        expect(added.status).toBe(200)
        expect((await read(balancePath)).balance).toBe(Math.round((balance + 1.25) * 100) / 100)
        balance = Math.round((balance + 1.25) * 100) / 100
      }
      const placed = await fetch(`${a}/api/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          restaurantId: staffed.restaurant.id,
          items: [{ menuItemId: staffed.items[0]!.id, quantity: 1 }],
        }),
      })
      expect(placed.status).toBe(201)
      const placedId = (await placed.json()).id as number
      expect((await read(activePath)).map((o: ActiveOrder) => o.id)).toEqual([placedId, order.id])
      const cancelled = await fetch(`${a}/api/orders/${placedId}/cancel`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ reason: 'other' }),
      })
      expect(cancelled.status).toBe(200)
      expect((await read(activePath)).map((o: ActiveOrder) => o.id)).toEqual([order.id])
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
      await Promise.all(buses.map((x) => x.close()))
    }
  })
})
