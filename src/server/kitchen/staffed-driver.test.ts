import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createKitchenEngine } from '../../demo/autopilot'
import type { ServerMessage } from '../../shared/live-messages'
import { orderEvents, orders, telemetry } from '../db/schema'
import { orderChannel } from '../infra/bus'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { createEngineLock, STAFFED_LOCK_KEY } from './engine-lock'
import { estimatedProgress, estimatedTelemetry } from './estimate'
import { createStaffedDriver } from './staffed-driver'

const app = await buildTestApp()
const ORDER_MS = 100_000

const owner = await createUser(app)
const staffed = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })

async function staffedOrder(statusReachedMsAgo: number, state?: { status: string; progress: number }) {
  const diner = await createUser(app, { balance: 100 })
  const order = await placeOrder(app, diner, staffed.restaurant.id, [
    { menuItemId: staffed.items[0]!.id, quantity: 1 },
  ])
  const at = new Date(Date.now() - statusReachedMsAgo)
  if (state) await app.db.update(orders).set(state).where(eq(orders.id, order.id))
  await app.db.update(orderEvents).set({ at }).where(eq(orderEvents.orderId, order.id))
  await app.db.update(orders).set({ createdAt: at, kitchenStartedAt: at }).where(eq(orders.id, order.id))
  return order
}

async function listen(orderId: number) {
  const received: ServerMessage[] = []
  const stop = await app.bus.subscribe(orderChannel(orderId), (m) => received.push(m as ServerMessage))
  return { received, stop }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/** The staffed driver on the test app, reading the restaurant's sensors or none. */
function driverWith({ sensors }: { sensors: boolean }) {
  return createStaffedDriver({
    db: app.db,
    bus: app.bus,
    upsells: app.upsells,
    lock: createEngineLock(app.testDatabase, undefined, STAFFED_LOCK_KEY),
    config: { kitchen: { orderMs: ORDER_MS, tickMs: 100 } },
    sensors: sensors ? (active, at) => app.devices.activity(active, at) : undefined,
  })
}

describe('the estimate within a status', () => {
  it('moves through the status band by time, never back, and never into the next status', () => {
    // Preparing is 30% of the order: 30 s of 100 s.
    expect(estimatedProgress('preparing', 0, 0, 15_000, ORDER_MS)).toBe(15)
    expect(estimatedProgress('preparing', 0, 0, 300_000, ORDER_MS)).toBe(29)
    expect(estimatedProgress('preparing', 20, 0, 1_000, ORDER_MS)).toBe(20)
    // Cooking spans 30 to 75 over 45 s.
    expect(estimatedProgress('cooking', 30, 0, 9_000, ORDER_MS)).toBe(39)
    expect(estimatedProgress('delivering', 95, 0, 10 * ORDER_MS, ORDER_MS)).toBe(99)
    expect(estimatedProgress('completed', 100, 0, 1, ORDER_MS)).toBe(100)
  })
})

describe("the estimate's telemetry", () => {
  it("counts the time left down one second a second, whatever the order's length", () => {
    // 1% of a 150 s order is 1.5 s: a whole-number progress would fall by 1 or 2 s a tick.
    const orderMs = 150_000
    const left = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((s) => {
      const now = s * 1000
      const progress = estimatedProgress('cooking', 30, 0, now, orderMs)
      return estimatedTelemetry('cooking', progress, 0, now, orderMs).cookingTime
    })
    expect(left[0]).toBe(105)
    expect(left.slice(1).map((l, i) => left[i]! - l)).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
  })

  it('starts from the last reading of a silent sensor and moves smoothly towards the estimate', () => {
    const last = { temperature: 289, at: 20_000 }
    const at = (s: number) =>
      estimatedTelemetry('cooking', 45, 0, 20_000 + s * 1000, ORDER_MS, last).temperature
    expect(at(0)).toBe(289)
    const curve = [0, 5, 10, 15, 20, 30, 60, 120].map(at)
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]!).toBeGreaterThanOrEqual(curve[i - 1]!)
      expect(curve[i]! - curve[i - 1]!).toBeLessThan(30)
    }
    expect(curve.at(-1)).toBeGreaterThan(370)
    expect(curve.at(-1)).toBeLessThanOrEqual(375)
    expect(estimatedTelemetry('cooking', 45, 0, 20_000, ORDER_MS).temperature).toBe(375)
  })
})

describe('the staffed driver', () => {
  it('moves progress by the estimate, keeps the status, and sends telemetry marked as an estimate', async () => {
    const order = await staffedOrder(15_000)
    const { received, stop } = await listen(order.id)
    const driver = driverWith({ sensors: false })
    await driver.tick()
    await settle()
    await stop()
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('preparing')
    expect(row!.progress).toBeGreaterThanOrEqual(14)
    expect(row!.progress).toBeLessThanOrEqual(16)
    expect(received).toContainEqual(expect.objectContaining({ type: 'status', status: 'preparing' }))
    const telemetry = received.find((m) => m.type === 'telemetry')
    expect(telemetry).toMatchObject({ data: { source: 'estimate' } })
  })

  it('leaves a staffed order to its kitchen: the autopilot does not move it, however late', async () => {
    const order = await staffedOrder(10 * ORDER_MS)
    const engine = createKitchenEngine({
      db: app.db,
      bus: app.bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: { kitchen: { enabled: true, orderMs: ORDER_MS, tickMs: 100 } },
      lock: createEngineLock(app.testDatabase),
    })
    await engine.tick()
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('preparing')
    expect(row!.progress).toBe(0)
  })

  it('leaves an order to its sensor while it reports, then sends the estimate again marked offline', async () => {
    const order = await staffedOrder(15_000)
    const { received, stop } = await listen(order.id)
    const driver = driverWith({ sensors: true })
    const now = Date.now()
    await app.db.insert(telemetry).values({
      orderId: order.id,
      restaurantId: staffed.restaurant.id,
      temperature: 390,
      recordedAt: new Date(now),
    })
    await driver.tick(now + 1000)
    await settle()
    expect(received.filter((m) => m.type === 'telemetry')).toEqual([])
    await driver.tick(now + app.config.sensors.offlineMs + 1000)
    await settle()
    const [estimate] = received.filter((m) => m.type === 'telemetry')
    expect(estimate?.data).toMatchObject({ source: 'estimate', sensorOffline: true })
    await stop()
  })

  it('continues from the temperature the sensor last measured when it falls silent', async () => {
    const order = await staffedOrder(1000, { status: 'cooking', progress: 30 })
    const { received, stop } = await listen(order.id)
    const driver = driverWith({ sensors: true })
    const now = Date.now()
    await app.db.insert(telemetry).values({
      orderId: order.id,
      restaurantId: staffed.restaurant.id,
      temperature: 289,
      recordedAt: new Date(now),
    })
    const offlineMs = app.config.sensors.offlineMs
    await driver.tick(now + offlineMs + 1000)
    await driver.tick(now + offlineMs + 2000)
    await settle()
    const estimates = received.flatMap((m) => (m.type === 'telemetry' ? [m.data] : []))
    expect(estimates).toHaveLength(2)
    const expected = (t: number) => Math.round(375 + (289 - 375) * Math.exp(-(offlineMs + t) / 30_000))
    expect(estimates.map((e) => e.temperature)).toEqual([expected(1000), expected(2000)])
    expect(estimates[0]).toMatchObject({ source: 'estimate', sensorOffline: true })
    expect(estimates[0]!.cookingTime - estimates[1]!.cookingTime).toBe(1)
    await stop()
  })
})
