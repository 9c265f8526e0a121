import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config'
import { orders, telemetry } from '../db/schema'
import { createEngineLock } from '../kitchen/engine-lock'
import { createKitchen, createKitchenOrder } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { generateDeviceKey } from './device-key'
import { createDevicesRepository } from './devices.repository'
import { createTelemetryRetention, RETENTION_LOCK_KEY } from './telemetry-retention'

const app = await buildTestApp()
const db = app.db
const owner = await createUser(app)
const diner = await createUser(app)
const { restaurant } = await createKitchen(db, { ownerId: owner.user.id })
const key = generateDeviceKey()
const device = await createDevicesRepository(db).create({
  restaurantId: restaurant.id,
  name: 'Oven',
  kind: 'oven',
  keyHash: key.hash,
  keyLast4: key.last4,
})

const DAY = 24 * 60 * 60_000
const freeLock = { acquire: async () => true, release: async () => {} }

async function reading(orderId: number | null, agoMs: number, temperature: number) {
  const at = new Date(Date.now() - agoMs)
  const [row] = await db
    .insert(telemetry)
    .values({
      restaurantId: restaurant.id,
      orderId,
      deviceId: device.id,
      temperature,
      recordedAt: at,
      receivedAt: at,
    })
    .returning({ id: telemetry.id })
  return row!.id
}

const order = (status: string) =>
  createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    status,
    progress: 40,
    kitchenStartedAt: new Date(Date.now() - DAY * 3),
  })

describe('telemetry retention', () => {
  it('deletes readings older than the retention in batches, keeping recent ones and the newest of each active order', async () => {
    const cooking = await order('cooking')
    const done = await order('completed')
    const oldOfCooking = [await reading(cooking.id, 3 * DAY, 300), await reading(cooking.id, 2.5 * DAY, 310)]
    const newestOfCooking = await reading(cooking.id, 2 * DAY, 320)
    const oldOfDone = [await reading(done.id, 3 * DAY, 330), await reading(done.id, 2 * DAY, 340)]
    const oldStation = [await reading(null, 2 * DAY, 350), await reading(null, 1.5 * DAY, 360)]
    const recent = [await reading(done.id, 60_000, 370), await reading(null, 1000, 380)]
    const mine = [...oldOfCooking, newestOfCooking, ...oldOfDone, ...oldStation, ...recent]

    const retention = createTelemetryRetention({
      db,
      retentionMs: DAY,
      lock: freeLock,
      batchSize: 2,
      log: { info: () => {}, error: () => {} },
    })
    const deleted = await retention.runOnce()
    expect(deleted).toBeGreaterThanOrEqual(6)

    const left = await db.select({ id: telemetry.id }).from(telemetry).where(inArray(telemetry.id, mine))
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [newestOfCooking, ...recent].sort((a, b) => a - b),
    )
    // Nothing old is left to delete.
    expect(await retention.runOnce()).toBe(0)
  })

  it('keeps even an old newest reading of an order still in the kitchen, and lets it go once the order is done', async () => {
    const cooking = await order('cooking')
    const only = await reading(cooking.id, 10 * DAY, 400)
    const retention = createTelemetryRetention({ db, retentionMs: DAY, lock: freeLock })
    await retention.runOnce()
    expect(await db.select().from(telemetry).where(eq(telemetry.id, only))).toHaveLength(1)
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, cooking.id))
    await retention.runOnce()
    expect(await db.select().from(telemetry).where(eq(telemetry.id, only))).toHaveLength(0)
  })

  it.runIf(app.testDatabase.kind === 'postgres')(
    'runs on one instance at a time: another holding the lock makes it skip',
    async () => {
      const old = await reading(null, 5 * DAY, 410)
      const other = createEngineLock(app.testDatabase, undefined, RETENTION_LOCK_KEY)
      expect(await other.acquire()).toBe(true)
      try {
        const retention = createTelemetryRetention({
          db,
          retentionMs: DAY,
          lock: createEngineLock(app.testDatabase, undefined, RETENTION_LOCK_KEY),
        })
        expect(await retention.runOnce()).toBe(0)
        expect(await db.select().from(telemetry).where(eq(telemetry.id, old))).toHaveLength(1)
        await other.release()
        expect(await retention.runOnce()).toBeGreaterThanOrEqual(1)
        expect(await db.select().from(telemetry).where(eq(telemetry.id, old))).toHaveLength(0)
      } finally {
        await other.release()
      }
    },
  )

  it('reads TELEMETRY_RETENTION_DAYS: 30 days unless set, whole days of at least one', () => {
    const base = { NODE_ENV: 'test' }
    expect(parseConfig(base).telemetryRetentionMs).toBe(30 * DAY)
    expect(parseConfig({ ...base, TELEMETRY_RETENTION_DAYS: '7' }).telemetryRetentionMs).toBe(7 * DAY)
    for (const wrong of ['0', '-3', '1.5', 'month', '9999'])
      expect(() => parseConfig({ ...base, TELEMETRY_RETENTION_DAYS: wrong })).toThrow(
        /TELEMETRY_RETENTION_DAYS/,
      )
  })
})
