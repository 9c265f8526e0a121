import { describe, expect, it } from 'vitest'
import { orders } from '../server/db/schema'
import type { Bus } from '../server/infra/bus'
import { createEngineLock } from '../server/kitchen/engine-lock'
import { KITCHEN_BATCH } from '../server/kitchen/in-batches'
import { createKitchenRepository } from '../server/kitchen/kitchen.repository'
import { createStaffedDriver } from '../server/kitchen/staffed-driver'
import { createKitchen } from '../server/realtime/live.fixtures'
import { buildTestApp, createUser } from '../server/testing/build-test-app'
import { createKitchenEngine } from './autopilot'

const ORDER_MS = 3_600_000
const ORDERS = 1000
const app = await buildTestApp({ config: { kitchen: { orderMs: ORDER_MS, tickMs: 1000 } } })
const db = app.db

/**
 * The app's bus, counting the telemetry the pass publishes. Each publish costs 20 µs, as a send to
 * real viewers does: a batch of 200 then takes 4 ms, past the 1 ms of the watching timer, however
 * fast the machine (on a fast one a batch took under 1 ms, and a pass that yields looked like one
 * that does not). A pass that never yields still holds the timer back to its end.
 */
function countingBus(): Bus & { published: number } {
  const counted = {
    ...app.bus,
    published: 0,
    publish(channel: string, message: unknown) {
      if ((message as { type?: string }).type === 'telemetry') {
        counted.published++
        const until = performance.now() + 0.02
        while (performance.now() < until) {}
      }
      return app.bus.publish(channel, message)
    },
  }
  return counted
}

/** `ORDERS` orders cooking in a new kitchen of `mode`, started `startedMsAgo` ago. */
async function busyKitchen(mode: 'autopilot' | 'staffed') {
  const diner = await createUser(app)
  const { restaurant } = await createKitchen(db, { kitchenMode: mode })
  const startedAt = new Date(Date.now() - 60_000)
  await db.insert(orders).values(
    Array.from({ length: ORDERS }, () => ({
      userId: diner.user.id,
      restaurantId: restaurant.id,
      status: 'preparing',
      progress: 0,
      kitchenStartedAt: startedAt,
      totalPriceCents: 1000,
      items: [],
    })),
  )
}

/**
 * Runs `pass` while a timer keeps asking, every time it fires, how many messages the pass has
 * published so far; returns what the timer saw and the pass's total.
 */
async function watchPass(bus: { published: number }, pass: () => Promise<void>) {
  const seen: number[] = []
  let passing = true
  const probe = () => {
    seen.push(bus.published)
    if (passing) setTimeout(probe, 0)
  }
  setTimeout(probe, 0)
  await pass()
  passing = false
  return { seen, total: bus.published }
}

describe('a kitchen pass over many orders', () => {
  it('lets a timer scheduled during an autopilot pass fire between its batches, before the pass ends', async () => {
    await busyKitchen('autopilot')
    const bus = countingBus()
    const engine = createKitchenEngine({
      db,
      bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: app.config,
      lock: createEngineLock(app.testDatabase),
    })
    const { seen, total } = await watchPass(bus, () => engine.tick())
    // Every order's telemetry, and the timer saw the pass half done.
    expect(total).toBeGreaterThanOrEqual(ORDERS)
    expect(seen.some((n) => n > 0 && n < total)).toBe(true)
  })

  it('lets a timer scheduled during a staffed pass fire between its batches, before the pass ends', async () => {
    await busyKitchen('staffed')
    const bus = countingBus()
    const driver = createStaffedDriver({
      db,
      bus,
      upsells: app.upsells,
      config: app.config,
      lock: createEngineLock(app.testDatabase),
    })
    const { seen, total } = await watchPass(bus, () => driver.tick())
    expect(total).toBeGreaterThanOrEqual(ORDERS)
    expect(seen.some((n) => n > 0 && n < total)).toBe(true)
  })

  it('reads every active order once, page after page, past the closed orders between them', async () => {
    const diner = await createUser(app)
    const { restaurant } = await createKitchen(db, { kitchenMode: 'autopilot' })
    const statuses = ['preparing', 'completed', 'cooking', 'cancelled', 'plating']
    const rows = await db
      .insert(orders)
      .values(
        Array.from({ length: KITCHEN_BATCH * 3 + 7 }, (_, i) => ({
          userId: diner.user.id,
          restaurantId: restaurant.id,
          status: statuses[i % statuses.length]!,
          progress: 0,
          kitchenStartedAt: new Date(),
          totalPriceCents: 1000,
          items: [],
        })),
      )
      .returning({ id: orders.id, status: orders.status })
    const active = rows.filter((r) => r.status !== 'completed' && r.status !== 'cancelled').map((r) => r.id)

    const driven = await createKitchenRepository(db).drivenOrders('autopilot')
    const ids = driven.map((o) => o.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(driven.filter((o) => o.restaurantId === restaurant.id).map((o) => o.id)).toEqual(active)
    expect(driven.some((o) => o.status === 'completed' || o.status === 'cancelled')).toBe(false)
    // A staffed driver never sees them.
    const staffed = await createKitchenRepository(db).drivenOrders('staffed')
    expect(staffed.some((o) => o.restaurantId === restaurant.id)).toBe(false)
  })
})
