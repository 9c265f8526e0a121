import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { chefShouts, orders, telemetry, upsells } from '../server/db/schema'
import { orderChannel } from '../server/infra/bus'
import { createEngineLock } from '../server/kitchen/engine-lock'
import { createKitchen, createKitchenOrder, setAllergenProfile } from '../server/realtime/live.fixtures'
import { buildTestApp, createUser } from '../server/testing/build-test-app'
import type { ServerMessage } from '../shared/live-messages'
import { createKitchenEngine } from './autopilot'

const ORDER_MS = 600_000
const app = await buildTestApp({ config: { kitchen: { orderMs: ORDER_MS, tickMs: 1000 } } })
const db = app.db

function newEngine(options: Partial<Parameters<typeof createKitchenEngine>[0]> = {}) {
  return createKitchenEngine({
    db,
    bus: app.bus,
    upsells: app.upsells,
    orderStatus: app.orderStatus,
    shouts: app.chef,
    config: app.config,
    lock: createEngineLock(app.testDatabase),
    ...options,
  })
}

/** Everything published on an order's channel, in order. */
async function listen(orderId: number) {
  const received: ServerMessage[] = []
  const stop = await app.bus.subscribe(orderChannel(orderId), (m) => received.push(m as ServerMessage))
  afterAll(stop)
  return received
}

/** A diner's order in a new kitchen, in the kitchen since `startedAt`, and what its channel hears. */
async function startedOrder(
  startedAt: number,
  fields: Partial<Parameters<typeof createKitchenOrder>[1]> = {},
) {
  const diner = await createUser(app)
  const { restaurant } = await createKitchen(db)
  const order = await createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    kitchenStartedAt: new Date(startedAt),
    ...fields,
  })
  return { order, received: await listen(order.id) }
}

const settle = () => new Promise((r) => setTimeout(r, 20))

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row!
}

async function telemetryRows(orderId: number) {
  return db.select().from(telemetry).where(eq(telemetry.orderId, orderId))
}

describe('the kitchen engine', () => {
  it('moves an order through every status at the spec thresholds, writing and publishing each change once', async () => {
    const t0 = Date.now()
    const { order, received } = await startedOrder(t0)
    const engine = newEngine()
    const expected: Array<[number, string, number]> = [
      [0.05, 'preparing', 5],
      [0.29, 'preparing', 29],
      [0.3, 'cooking', 30],
      [0.745, 'cooking', 74],
      [0.75, 'plating', 75],
      [0.95, 'delivering', 95],
      [1.0, 'completed', 100],
    ]
    for (const [fraction, status, progress] of expected) {
      await engine.tick(t0 + fraction * ORDER_MS)
      await settle()
      const row = await orderRow(order.id)
      expect({ status: row.status, progress: row.progress }).toEqual({ status, progress })
    }
    // A pass in which nothing moved publishes no status.
    await engine.tick(t0 + ORDER_MS + 5000)
    await settle()
    const statuses = received.filter((m) => m.type === 'status')
    expect(statuses.map((m) => [m.status, m.progress])).toEqual(expected.map(([, s, p]) => [s, p]))
    expect(statuses.every((m) => m.orderId === order.id && typeof m.sentAt === 'number')).toBe(true)
  })

  it('publishes an estimate each pass, marked as one, with believable temperatures, and stores no reading', async () => {
    const t0 = Date.now()
    const { order, received } = await startedOrder(t0)
    const engine = newEngine()
    const ranges: Array<[number, number, number]> = [
      [0.1, 68, 92],
      [0.5, 350, 425],
      [0.97, 140, 160],
    ]
    for (const [fraction] of ranges) await engine.tick(t0 + fraction * ORDER_MS)
    // The telemetry table keeps sensor readings; the estimate is computed, not stored.
    expect(await telemetryRows(order.id)).toEqual([])
    await settle()
    const readings = received.filter((m) => m.type === 'telemetry')
    expect(readings).toHaveLength(3)
    readings.forEach((reading, i) => {
      const [, low, high] = ranges[i]!
      expect(reading.data.temperature).toBeGreaterThanOrEqual(low)
      expect(reading.data.temperature).toBeLessThanOrEqual(high)
      expect(reading.data.source).toBe('estimate')
      expect(reading.data.sensorOffline).toBeUndefined()
    })
    expect(readings[0]!.data.cookingTime).toBe(Math.round((0.75 - 0.1) * ORDER_MS) / 1000)
    expect(readings[2]!.data.cookingTime).toBe(0)
    expect(readings[1]!.data.status).toMatch(/^(On schedule|[1-3] min ahead|Slight delay)$/)
  })

  it('leaves an order to its sensor while it reports, and brings the estimate back marked offline after', async () => {
    const now = Date.now()
    const { order, received } = await startedOrder(now - 0.4 * ORDER_MS)
    const engine = newEngine({ sensors: (active, now) => app.devices.activity(active, now) })
    const offlineMs = app.config.sensors.offlineMs
    await db.insert(telemetry).values({
      orderId: order.id,
      restaurantId: order.restaurantId,
      temperature: 402,
      recordedAt: new Date(now),
    })
    await engine.tick(now + 1000)
    await settle()
    expect(received.filter((m) => m.type === 'telemetry')).toEqual([])
    await engine.tick(now + offlineMs + 1000)
    await settle()
    const [estimate] = received.filter((m) => m.type === 'telemetry')
    expect(estimate?.data).toMatchObject({ source: 'estimate', sensorOffline: true })
  })

  it('resumes an order where its kitchen start time puts it after a restart', async () => {
    const t0 = Date.now() - 0.8 * ORDER_MS
    const { order, received } = await startedOrder(t0, { status: 'cooking', progress: 40 })
    // A fresh engine, as after a restart: no memory of the order.
    await newEngine().tick(t0 + 0.8 * ORDER_MS)
    await settle()
    const row = await orderRow(order.id)
    expect({ status: row.status, progress: row.progress }).toEqual({ status: 'plating', progress: 80 })
    expect(received.filter((m) => m.type === 'status').map((m) => m.progress)).toEqual([80])
  })

  it('never moves an order backwards and leaves cancelled orders alone', async () => {
    const diner = await createUser(app)
    const { restaurant } = await createKitchen(db)
    const t0 = Date.now()
    const ahead = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      kitchenStartedAt: new Date(t0),
      status: 'plating',
      progress: 80,
    })
    const cancelled = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      kitchenStartedAt: new Date(t0),
      status: 'cancelled',
    })
    const received = await listen(cancelled.id)
    await newEngine().tick(t0 + 0.5 * ORDER_MS)
    await settle()
    expect((await orderRow(ahead.id)).progress).toBe(80)
    expect(await orderRow(cancelled.id)).toMatchObject({ status: 'cancelled', progress: 0 })
    expect(received).toEqual([])
    expect(await telemetryRows(cancelled.id)).toEqual([])
  })

  it('starts the showcase order over when it completes, so the home page always shows a kitchen at work', async () => {
    const owner = await createUser(app)
    const { restaurant } = await createKitchen(db, { ownerId: owner.user.id })
    const t0 = Date.now()
    const showcase = await createKitchenOrder(db, {
      userId: owner.user.id,
      restaurantId: restaurant.id,
      kitchenStartedAt: new Date(t0),
      status: 'delivering',
      progress: 97,
      isShowcase: true,
    })
    const received = await listen(showcase.id)
    const engine = newEngine()
    await engine.tick(t0 + ORDER_MS)
    expect(await orderRow(showcase.id)).toMatchObject({ status: 'completed', progress: 100 })
    const restartAt = t0 + ORDER_MS + 2000
    await engine.tick(restartAt)
    const row = await orderRow(showcase.id)
    expect(row).toMatchObject({ status: 'preparing', progress: 0 })
    expect(row.kitchenStartedAt.getTime()).toBe(restartAt)
    await engine.tick(restartAt + 0.31 * ORDER_MS)
    expect(await orderRow(showcase.id)).toMatchObject({ status: 'cooking', progress: 31 })
    // Completed again, and the instance that drove it stops there: the next driver restarts it.
    await engine.tick(restartAt + ORDER_MS)
    expect(await orderRow(showcase.id)).toMatchObject({ status: 'completed', progress: 100 })
    const secondRestart = restartAt + ORDER_MS + 2000
    await newEngine().tick(secondRestart)
    const again = await orderRow(showcase.id)
    expect(again).toMatchObject({ status: 'preparing', progress: 0 })
    expect(again.kitchenStartedAt.getTime()).toBe(secondRestart)
    await settle()
    expect(received.filter((m) => m.type === 'status').map((m) => `${m.status} ${m.progress}`)).toEqual([
      'completed 100',
      'preparing 0',
      'cooking 31',
      'completed 100',
      'preparing 0',
    ])
    // Nobody pays for the showcase: it gets no upsell.
    await engine.tick(secondRestart + 0.5 * ORDER_MS)
    expect(await db.select().from(upsells).where(eq(upsells.orderId, showcase.id))).toEqual([])
  })

  it('offers one upsell while the order cooks, avoiding dishes ordered and the diner’s allergens', async () => {
    const diner = await createUser(app)
    await setAllergenProfile(db, diner.user.id, ['peanuts', 'milk'])
    const { restaurant, items } = await createKitchen(db, {
      dishes: [
        { name: 'Margherita Pizza', priceCents: 1450, allergens: ['wheat'] },
        { name: 'Satay Skewers', priceCents: 899, allergens: ['peanuts'] },
        { name: 'Burrata', priceCents: 1100, allergens: ['milk'] },
        { name: 'Seasonal Soup', priceCents: 650, isAvailable: false },
        { name: 'Side Salad', priceCents: 699, allergens: ['mustard'] },
      ],
    })
    const t0 = Date.now()
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [items[0]!],
      kitchenStartedAt: new Date(t0),
    })
    const received = await listen(order.id)
    const engine = newEngine()
    await engine.tick(t0 + 0.35 * ORDER_MS)
    expect(await db.select().from(upsells).where(eq(upsells.orderId, order.id))).toEqual([])
    await engine.tick(t0 + 0.41 * ORDER_MS)
    await engine.tick(t0 + 0.5 * ORDER_MS)
    // Even a fresh engine (another instance, or after a restart) does not offer a second one.
    await newEngine().tick(t0 + 0.6 * ORDER_MS)
    await settle()
    const rows = await db.select().from(upsells).where(eq(upsells.orderId, order.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      menuItemId: items[4]!.id,
      shown: true,
      accepted: false,
      respondedAt: null,
    })
    const offers = received.filter((m) => m.type === 'upsell')
    expect(offers).toHaveLength(1)
    expect(offers[0]).toMatchObject({
      orderId: order.id,
      upsellId: rows[0]!.id,
      menuItem: {
        id: items[4]!.id,
        name: 'Side Salad',
        price: 6.99,
        description: 'Side Salad, made to order.',
      },
    })
  })

  it('offers nothing when every other dish matches the profile', async () => {
    const diner = await createUser(app)
    await setAllergenProfile(db, diner.user.id, ['fish'])
    const { restaurant, items } = await createKitchen(db, {
      dishes: [
        { name: 'Grilled Salmon', priceCents: 2400, allergens: ['fish'] },
        { name: 'Fish Tacos', priceCents: 1400, allergens: ['fish', 'wheat'] },
      ],
    })
    const t0 = Date.now()
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [items[0]!],
      kitchenStartedAt: new Date(t0),
    })
    await newEngine().tick(t0 + 0.5 * ORDER_MS)
    expect(await db.select().from(upsells).where(eq(upsells.orderId, order.id))).toEqual([])
  })

  it('acknowledges chef shouts after a few seconds and marks them done later, publishing each change', async () => {
    const diner = await createUser(app)
    const { restaurant } = await createKitchen(db)
    const t0 = Date.now()
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      kitchenStartedAt: new Date(t0 - 0.4 * ORDER_MS),
      status: 'cooking',
      progress: 40,
    })
    const [shout] = await db
      .insert(chefShouts)
      .values({
        orderId: order.id,
        userId: diner.user.id,
        shoutType: 'cheese',
        shoutName: 'Add Cheese!',
        priceCents: 200,
        createdAt: new Date(t0),
      })
      .returning()
    const received = await listen(order.id)
    const engine = newEngine()
    const statusOf = async () =>
      (await db.select().from(chefShouts).where(eq(chefShouts.id, shout!.id)))[0]!.status
    await engine.tick(t0 + 500)
    expect(await statusOf()).toBe('pending')
    await engine.tick(t0 + 10_000)
    expect(await statusOf()).toBe('acknowledged')
    await engine.tick(t0 + 20_000)
    expect(await statusOf()).toBe('acknowledged')
    await engine.tick(t0 + 120_000)
    expect(await statusOf()).toBe('done')
    await settle()
    expect(received.filter((m) => m.type === 'chef_shout')).toEqual([
      expect.objectContaining({
        shout: expect.objectContaining({
          id: shout!.id,
          shoutName: 'Add Cheese!',
          price: 2,
          status: 'acknowledged',
        }),
      }),
      expect.objectContaining({
        shout: expect.objectContaining({ id: shout!.id, shoutName: 'Add Cheese!', price: 2, status: 'done' }),
      }),
    ])
  })

  it('runs on its own once started, and stops cleanly', async () => {
    const { received } = await startedOrder(Date.now() - 0.5 * ORDER_MS)
    const engine = newEngine({ config: { kitchen: { enabled: true, orderMs: ORDER_MS, tickMs: 100 } } })
    engine.start()
    const deadline = Date.now() + 5000
    while (received.filter((m) => m.type === 'telemetry').length < 3 && Date.now() < deadline) await settle()
    await engine.stop()
    expect(engine.driving).toBe(false)
    expect(received.filter((m) => m.type === 'telemetry').length).toBeGreaterThanOrEqual(3)
    expect(received.find((m) => m.type === 'status')).toMatchObject({ status: 'cooking', progress: 50 })
    const count = received.length
    await new Promise((r) => setTimeout(r, 300))
    expect(received.length).toBe(count)
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('the kitchen lock on PostgreSQL', () => {
  it('lets one instance drive the kitchen and hands it over when that one lets go', async () => {
    const url = (app.testDatabase as { url?: string }).url
    const first = createEngineLock(app.testDatabase, url)
    const second = createEngineLock(app.testDatabase, url)
    try {
      expect(await first.acquire()).toBe(true)
      expect(await second.acquire()).toBe(false)
      expect(await first.check()).toBe(true)
      expect(await second.check()).toBe(false)
      await first.release()
      expect(await second.acquire()).toBe(true)
      expect(await first.acquire()).toBe(false)
    } finally {
      await first.release()
      await second.release()
    }
  })
})
