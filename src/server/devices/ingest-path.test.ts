import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { devices, orders, telemetry } from '../db/schema'
import { createMemoryBus } from '../infra/bus.memory'
import { createKitchen, createKitchenOrder } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { createDeviceCache } from './device-cache'
import { generateDeviceKey } from './device-key'
import { createDevicesRepository, type NewTelemetryRow } from './devices.repository'
import { createOrderCache } from './order-cache'
import { createTelemetryWriter } from './telemetry-writer'

const app = await buildTestApp()
const db = app.db
const repo = createDevicesRepository(db)
const owner = await createUser(app)
const diner = await createUser(app)
const { restaurant } = await createKitchen(db, { ownerId: owner.user.id })

async function newDevice(name = 'Oven') {
  const key = generateDeviceKey()
  const row = await repo.create({
    restaurantId: restaurant.id,
    name,
    kind: 'oven',
    keyHash: key.hash,
    keyLast4: key.last4,
  })
  return { ...key, id: row.id }
}

const cookingOrder = () =>
  createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    status: 'cooking',
    progress: 40,
    kitchenStartedAt: new Date(Date.now() - 60_000),
  })

describe('device keys from memory', () => {
  it('reads a key once, then answers from memory until the device is revoked', async () => {
    const device = await newDevice()
    let reads = 0
    const cache = await createDeviceCache({
      bus: createMemoryBus(),
      load: (hash) => {
        reads++
        return repo.findByKeyHash(hash)
      },
    })
    expect((await cache.get(device.hash))?.id).toBe(device.id)
    expect((await cache.get(device.hash))?.id).toBe(device.id)
    expect(reads).toBe(1)
    await repo.revoke(device.id)
    await cache.revoke(device.id)
    expect(await cache.get(device.hash)).toBeUndefined()
    expect(cache.size()).toBe(0)
  })

  it('does not keep a device that was revoked while its key was being read', async () => {
    const device = await newDevice()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let first = true
    const cache = await createDeviceCache({
      bus: createMemoryBus(),
      load: async (hash) => {
        const found = await repo.findByKeyHash(hash)
        if (first) {
          first = false
          await gate
        }
        return found
      },
    })
    const reading = cache.get(device.hash)
    await repo.revoke(device.id)
    await cache.revoke(device.id)
    release()
    expect(await reading).toBeUndefined()
    expect(cache.size()).toBe(0)
  })

  it('reads every key again after the bus reconnects, and after the recheck interval', async () => {
    const device = await newDevice()
    const bus = createMemoryBus()
    let resync: () => void = () => {}
    bus.onResync = (listener) => {
      resync = listener
      return () => {}
    }
    let now = Date.now()
    const cache = await createDeviceCache({
      bus,
      load: (hash) => repo.findByKeyHash(hash),
      recheckMs: 1000,
      now: () => now,
    })
    expect(await cache.get(device.hash)).toBeDefined()
    // Revoked by another instance while this one's broker connection was down: never heard.
    await repo.revoke(device.id)
    expect(await cache.get(device.hash)).toBeDefined()
    resync()
    expect(await cache.get(device.hash)).toBeUndefined()

    const other = await newDevice('Grill')
    expect(await cache.get(other.hash)).toBeDefined()
    await repo.revoke(other.id)
    now += 1001
    expect(await cache.get(other.hash)).toBeUndefined()
  })
})

describe('orders from memory', () => {
  it('checks ownership from memory and refreshes the status in the background', async () => {
    const order = await cookingOrder()
    let reads = 0
    let now = Date.now()
    const cache = createOrderCache({
      load: (ids) => {
        reads++
        return repo.ordersByIds(ids)
      },
      refreshMs: 1000,
      now: () => now,
    })
    expect((await cache.get([order.id])).get(order.id)).toMatchObject({
      restaurantId: restaurant.id,
      status: 'cooking',
    })
    await cache.get([order.id])
    expect(reads).toBe(1)
    await db.update(orders).set({ status: 'ready' }).where(eq(orders.id, order.id))
    now += 1001
    // Served at once from memory while one read refreshes it.
    expect((await cache.get([order.id])).get(order.id)?.status).toBe('cooking')
    await expect.poll(() => reads).toBe(2)
    await expect.poll(async () => (await cache.get([order.id])).get(order.id)?.status).toBe('ready')
    expect((await cache.get([2_000_000_000])).size).toBe(0)
  })
})

describe('group commit', () => {
  const rowFor = (deviceId: number, orderId: number | null, temperature: number): NewTelemetryRow => ({
    restaurantId: restaurant.id,
    orderId,
    deviceId,
    temperature,
    recordedAt: new Date(),
  })

  it('stores the readings of requests that arrive together with one statement', async () => {
    const order = await cookingOrder()
    const sensors = await Promise.all([newDevice('A'), newDevice('B'), newDevice('C')])
    const groups: number[] = []
    const writer = createTelemetryWriter<Parameters<typeof repo.record>[0][number]>({
      write: async (writes) => {
        groups.push(writes.length)
        await repo.record(writes)
      },
      sizeOf: (w) => w.rows.length,
    })
    const submit = (deviceId: number, temperature: number) =>
      writer.submit({
        deviceId,
        rows: [rowFor(deviceId, order.id, temperature)],
        lastReading: { recordedAt: new Date().toISOString() },
      })
    await Promise.all(sensors.map((s, i) => submit(s.id, 300 + i)))
    expect(groups).toEqual([3])
    const stored = await db.select().from(telemetry).where(eq(telemetry.orderId, order.id))
    expect(stored.map((r) => r.temperature).sort()).toEqual([300, 301, 302])
    const listed = await db
      .select()
      .from(devices)
      .where(
        inArray(
          devices.id,
          sensors.map((s) => s.id),
        ),
      )
    for (const d of listed) expect(d.lastSeenAt).not.toBeNull()
  })

  it('fails only the request whose readings cannot be stored; the rest of its group is stored', async () => {
    const order = await cookingOrder()
    const good = await newDevice('Good')
    const bad = await newDevice('Bad')
    const writer = createTelemetryWriter<Parameters<typeof repo.record>[0][number]>({
      write: (writes) => repo.record(writes),
      sizeOf: (w) => w.rows.length,
    })
    const [ok, failed] = await Promise.allSettled([
      writer.submit({
        deviceId: good.id,
        rows: [rowFor(good.id, order.id, 410)],
        lastReading: { recordedAt: new Date().toISOString() },
      }),
      // An order that does not exist (deleted since it was checked): the foreign key refuses it.
      writer.submit({
        deviceId: bad.id,
        rows: [rowFor(bad.id, 2_000_000_000, 420)],
        lastReading: { recordedAt: new Date().toISOString() },
      }),
    ])
    expect(ok.status).toBe('fulfilled')
    expect(failed.status).toBe('rejected')
    expect(await db.select().from(telemetry).where(eq(telemetry.deviceId, good.id))).toHaveLength(1)
    expect(await db.select().from(telemetry).where(eq(telemetry.deviceId, bad.id))).toHaveLength(0)
    await writer.flushed()
  })
})
