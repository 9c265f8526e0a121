import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ovenCurve } from '../../../scripts/device'
import { createKitchenEngine } from '../../demo/autopilot'
import { demoWorld } from '../../demo/world'
import type { ServerMessage } from '../../shared/live-messages'
import { deviceCreatedSchema, deviceSchema } from '../../shared/schemas/devices'
import { buildApp } from '../app'
import { type Database, openDatabase } from '../db/client'
import { cameras, devices, orderEvents, telemetry } from '../db/schema'
import { createRedisBus } from '../infra/bus.redis'
import { createEngineLock, STAFFED_LOCK_KEY } from '../kitchen/engine-lock'
import { estimatedProgress, staffedEstimate } from '../kitchen/estimate'
import { createStaffedDriver } from '../kitchen/staffed-driver'
import { connectViewer, createKitchen, createKitchenOrder, liveUrl, ofType } from '../realtime/live.fixtures'
import { buildTestApp, createUser, testConfig } from '../testing/build-test-app'
import { hashDeviceKey } from './device-key'

const OFFLINE_MS = 1500
const app = await buildTestApp({ config: { sensors: { offlineMs: OFFLINE_MS } } })
await app.listen({ port: 0, host: '127.0.0.1' })
const db = app.db

const owner = await createUser(app)
const diner = await createUser(app)
const stranger = await createUser(app)
const { restaurant } = await createKitchen(db, { ownerId: owner.user.id })
const other = await createKitchen(db, { ownerId: stranger.user.id })

async function register(name = 'Pizza oven', extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurant.id}/devices`,
    headers: owner.headers,
    payload: { name, kind: 'oven', ...extra },
  })
  expect(res.statusCode).toBe(201)
  return deviceCreatedSchema.parse(res.json())
}

function ingest(key: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/telemetry',
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    payload: payload as Record<string, unknown>,
  })
}

async function cookingOrder() {
  return createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    status: 'cooking',
    progress: 40,
    kitchenStartedAt: new Date(Date.now() - 60_000),
  })
}

const rowsOf = (deviceId: number) => db.select().from(telemetry).where(eq(telemetry.deviceId, deviceId))
const now = () => new Date().toISOString()

describe('registering devices', () => {
  it('shows the key once, keeps only its hash, and lists the last four characters', async () => {
    const created = await register('Wood oven')
    expect(created.key).toMatch(/^cpd_[A-Za-z0-9_-]{43}$/)
    expect(created.keyLast4).toBe(created.key.slice(-4))
    const [stored] = await db.select().from(devices).where(eq(devices.id, created.id))
    expect(stored!.keyHash).toBe(hashDeviceKey(created.key))
    expect(JSON.stringify(stored)).not.toContain(created.key)

    const list = await app.inject({
      url: `/api/restaurants/${restaurant.id}/devices`,
      headers: owner.headers,
    })
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(created.key)
    const mine = list.json<unknown[]>().map((d) => deviceSchema.strict().parse(d))
    expect(mine.find((d) => d.id === created.id)).toMatchObject({
      name: 'Wood oven',
      kind: 'oven',
      keyLast4: created.keyLast4,
      lastSeenAt: null,
      lastReading: null,
      online: false,
    })
  })

  it('answers anonymous visitors 401 and other users 403, and changes nothing', async () => {
    const device = await register()
    const base = `/api/restaurants/${restaurant.id}/devices`
    const payload = { name: 'Sneaky probe', kind: 'probe' }
    expect((await app.inject({ method: 'POST', url: base, payload })).statusCode).toBe(401)
    expect((await app.inject({ url: base })).statusCode).toBe(401)
    expect((await app.inject({ method: 'DELETE', url: `/api/devices/${device.id}` })).statusCode).toBe(401)
    const forbidden = await app.inject({ method: 'POST', url: base, payload, headers: stranger.headers })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toMatchObject({ message: expect.any(String) })
    expect((await app.inject({ url: base, headers: stranger.headers })).statusCode).toBe(403)
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/devices/${device.id}`,
      headers: stranger.headers,
    })
    expect(revoke.statusCode).toBe(403)
    expect((await db.select().from(devices).where(eq(devices.name, 'Sneaky probe'))).length).toBe(0)
    const [still] = await db.select().from(devices).where(eq(devices.id, device.id))
    expect(still!.revokedAt).toBeNull()
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/restaurants/999999/devices',
      payload,
      headers: owner.headers,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses a bad name or kind, and a camera of another restaurant, with field errors', async () => {
    const url = `/api/restaurants/${restaurant.id}/devices`
    const short = await app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'A', kind: 'oven' },
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().errors).toHaveProperty('name')
    const kind = await app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'Oven', kind: 'toaster' },
    })
    expect(kind.statusCode).toBe(400)
    expect(kind.json().errors).toHaveProperty('kind')
    const [camera] = await db
      .insert(cameras)
      .values({
        restaurantId: other.restaurant.id,
        name: 'Their pass',
        position: 'main',
        streamUrl: 'https://v.example.com/a.m3u8',
      })
      .returning()
    const foreign = await app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'Oven', kind: 'oven', cameraId: camera!.id },
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors).toHaveProperty('cameraId')
  })
})

describe('ingest authentication', () => {
  it('answers 401 for a missing, malformed, unknown or revoked key, and stores nothing', async () => {
    const order = await cookingOrder()
    const body = { readings: [{ orderId: order.id, temperatureF: 400, recordedAt: now() }] }
    const device = await register()
    for (const key of [undefined, 'not-a-key', `cpd_${'A'.repeat(43)}`]) {
      const res = await ingest(key, body)
      expect(res.statusCode, String(key)).toBe(401)
      expect(res.json()).toMatchObject({ message: expect.any(String) })
    }
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/devices/${device.id}`,
      headers: owner.headers,
    })
    expect(revoke.statusCode).toBe(204)
    expect((await ingest(device.key, body)).statusCode).toBe(401)
    expect(await rowsOf(device.id)).toEqual([])
    // Revoked devices leave the list.
    const list = await app.inject({
      url: `/api/restaurants/${restaurant.id}/devices`,
      headers: owner.headers,
    })
    expect(list.json<{ id: number }[]>().some((d) => d.id === device.id)).toBe(false)
  })

  it('answers 403 for an order of another restaurant, and stores nothing of the batch', async () => {
    const device = await register()
    const mine = await cookingOrder()
    const theirs = await createKitchenOrder(db, { userId: diner.user.id, restaurantId: other.restaurant.id })
    const res = await ingest(device.key, {
      readings: [
        { orderId: mine.id, temperatureF: 390, recordedAt: now() },
        { orderId: theirs.id, temperatureF: 391, recordedAt: now() },
      ],
    })
    expect(res.statusCode).toBe(403)
    expect(await rowsOf(device.id)).toEqual([])
    expect(
      (await ingest(device.key, { readings: [{ orderId: 2_000_000_000, temperatureF: 300 }] })).statusCode,
    ).toBe(403)
  })
})

describe('ingest validation', () => {
  it.each([
    [{ temperatureF: -61 }, 'readings.0.temperatureF'],
    [{ temperatureF: 1000.5 }, 'readings.0.temperatureF'],
    [{ temperatureC: -52 }, 'readings.0.temperatureC'],
    [{ temperatureC: 538 }, 'readings.0.temperatureC'],
    [{ humidityPct: -1 }, 'readings.0.humidityPct'],
    [{ humidityPct: 100.1 }, 'readings.0.humidityPct'],
    [
      { temperatureF: 350, recordedAt: new Date(Date.now() + 120_000).toISOString() },
      'readings.0.recordedAt',
    ],
    [{ temperatureF: 350, recordedAt: 'yesterday' }, 'readings.0.recordedAt'],
    [{ temperatureF: 350, temperatureC: 176 }, 'readings.0.temperatureC'],
    [{ cookingTimeLeft: 30 }, 'readings.0.temperatureF'],
    [{ temperatureF: '350' }, 'readings.0.temperatureF'],
  ])('refuses %j with a field error and stores nothing', async (reading, field) => {
    const device = await register()
    const res = await ingest(device.key, { readings: [reading, { temperatureF: 300, recordedAt: now() }] })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty([field])
    expect(await rowsOf(device.id)).toEqual([])
  })

  it.each([
    ['1900-01-01T00:00:00Z', 'recordedAt is older than the 30 days sensor readings are kept'],
    ['0001-01-01T00:00:00Z', 'recordedAt is older than the 30 days sensor readings are kept'],
    [new Date(Date.now() + 11 * 60_000).toISOString(), 'recordedAt is more than a minute in the future'],
  ])(
    'refuses a station reading recorded at %s, saying why, and stores nothing',
    async (recordedAt, message) => {
      const device = await register()
      const res = await ingest(device.key, {
        readings: [
          { temperatureF: 300, recordedAt: now() },
          { temperatureF: 350, recordedAt },
        ],
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual({ 'readings.1.recordedAt': message })
      expect(await rowsOf(device.id)).toEqual([])
    },
  )

  it('refuses a reading recorded before its order was placed, saying why, and stores nothing', async () => {
    const device = await register()
    const order = await cookingOrder()
    const res = await ingest(device.key, {
      readings: [
        { orderId: order.id, temperatureF: 350, recordedAt: new Date(Date.now() - 3_600_000).toISOString() },
      ],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      'readings.0.recordedAt': `recordedAt is before order ${order.id} was placed`,
    })
    expect(await rowsOf(device.id)).toEqual([])
  })

  it.each(['completed', 'cancelled'])(
    'refuses readings for a %s order with 409, saying why, and stores nothing',
    async (status) => {
      const device = await register()
      const order = await createKitchenOrder(db, {
        userId: diner.user.id,
        restaurantId: restaurant.id,
        status,
      })
      const res = await ingest(device.key, {
        readings: [{ orderId: order.id, temperatureF: 350, recordedAt: now() }],
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'devices.order_finished',
        message: `Order ${order.id} is ${status}: it takes no more sensor readings`,
      })
      expect(await rowsOf(device.id)).toEqual([])
    },
  )

  it('accepts the edges of every range, °C converted to °F, and refuses more than 100 readings', async () => {
    const device = await register()
    const edges = [
      { temperatureF: -60 },
      { temperatureF: 1000 },
      { temperatureC: 200 },
      { humidityPct: 0 },
      { humidityPct: 100 },
      { temperatureF: 200, recordedAt: new Date(Date.now() + 50_000).toISOString() },
    ]
    const ok = await ingest(device.key, { readings: edges })
    expect(ok.statusCode).toBe(202)
    expect(ok.json()).toEqual({ accepted: edges.length })
    const rows = await rowsOf(device.id)
    expect(rows.map((r) => r.temperature).sort()).toEqual([-60, 1000, 200, 392, null, null].sort())
    expect(rows.every((r) => r.orderId === null && r.restaurantId === restaurant.id)).toBe(true)

    const tooMany = await ingest(device.key, {
      readings: Array.from({ length: 101 }, () => ({ temperatureF: 300 })),
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors).toHaveProperty('readings')
    expect(await rowsOf(device.id)).toHaveLength(edges.length)
  })
})

describe('ingest', () => {
  it('stores one row per reading and shows the newest on the device list', async () => {
    const device = await register('Grill probe')
    const order = await cookingOrder()
    const t = Date.now()
    const readings = [0, 1, 2].map((i) => ({
      orderId: order.id,
      temperatureF: 380 + i,
      humidityPct: 40 + i,
      cookingTimeLeft: 300 - i,
      recordedAt: new Date(t - (3 - i) * 1000).toISOString(),
    }))
    expect((await ingest(device.key, { readings })).statusCode).toBe(202)
    expect(await rowsOf(device.id)).toHaveLength(3)
    const list = await app.inject({
      url: `/api/restaurants/${restaurant.id}/devices`,
      headers: owner.headers,
    })
    const listed = list.json<{ id: number; lastSeenAt: string }[]>().find((d) => d.id === device.id)
    expect(listed).toMatchObject({
      online: true,
      lastReading: {
        temperatureF: 382,
        humidityPct: 42,
        orderId: order.id,
        recordedAt: readings[2]!.recordedAt,
      },
    })
    expect(Date.parse(listed!.lastSeenAt)).toBeGreaterThan(t - 5000)
  })

  it('answers 429 past 20 requests a second from one device, and accepts it again a second later', async () => {
    const device = await register()
    const answers = await Promise.all(
      Array.from({ length: 26 }, () => ingest(device.key, { readings: [{ temperatureF: 320 }] })),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1)
    expect(codes.filter((c) => c === 202).length).toBeLessThanOrEqual(20)
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
      message: expect.stringMatching(/20/),
    })
    // Another device is not slowed by it.
    const neighbour = await register()
    expect((await ingest(neighbour.key, { readings: [{ temperatureF: 320 }] })).statusCode).toBe(202)
    await new Promise((r) => setTimeout(r, 1100))
    expect((await ingest(device.key, { readings: [{ temperatureF: 320 }] })).statusCode).toBe(202)
  })
})

describe('readings reaching viewers', () => {
  it('sends a sensor reading to the order’s viewers as telemetry with source "sensor", the device’s name and recordedAt', async () => {
    const device = await register('Stone oven')
    const order = await cookingOrder()
    const viewer = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('subscribed', order.id))
    await viewer.next(ofType('telemetry', order.id))
    const recordedAt = new Date(Date.now() - 200).toISOString()
    expect(
      (
        await ingest(device.key, {
          readings: [{ orderId: order.id, temperatureC: 205, cookingTimeLeft: 540, recordedAt }],
        })
      ).statusCode,
    ).toBe(202)
    const message = await viewer.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      ofType('telemetry', order.id),
    )
    expect(message.data).toMatchObject({
      temperature: 401,
      cookingTime: 540,
      source: 'sensor',
      deviceName: 'Stone oven',
      recordedAt,
    })
    expect(typeof message.data.status).toBe('string')

    // A station reading (no order) reaches every order cooking at the restaurant.
    const second = await cookingOrder()
    viewer.send({ type: 'subscribe', orderId: second.id })
    await viewer.next(ofType('subscribed', second.id))
    await ingest(device.key, { readings: [{ temperatureF: 410, recordedAt: now() }] })
    const a = await viewer.waitFor<Extract<ServerMessage, { type: 'telemetry' }>>(
      (m) => m.type === 'telemetry' && m.orderId === order.id && m.data.temperature === 410,
    )
    const b = await viewer.waitFor<Extract<ServerMessage, { type: 'telemetry' }>>(
      (m) => m.type === 'telemetry' && m.orderId === second.id && m.data.temperature === 410,
    )
    expect(a.data.source).toBe('sensor')
    expect(b.data.deviceName).toBe('Stone oven')
    await viewer.close()
  })

  it('shows the simulated oven’s time left counting down reading by reading, while it heats up too', async () => {
    const device = await register('Simulated oven')
    const order = await cookingOrder()
    const viewer = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('subscribed', order.id))
    const curve = ovenCurve({ seed: 2, cookSeconds: 600 })
    const seen: number[] = []
    for (const t of [30, 31, 32]) {
      const { temperatureF, cookingTimeLeft } = curve(t)
      const recordedAt = new Date(Date.now() - (40 - t) * 10).toISOString()
      const res = await ingest(device.key, {
        readings: [{ orderId: order.id, temperatureF, cookingTimeLeft, recordedAt }],
      })
      expect(res.statusCode).toBe(202)
      const message = await viewer.waitFor<Extract<ServerMessage, { type: 'telemetry' }>>(
        (m) => m.type === 'telemetry' && m.orderId === order.id && m.data.recordedAt === recordedAt,
      )
      seen.push(message.data.cookingTime)
    }
    expect(seen).toEqual([570, 569, 568])
    await viewer.close()
  })

  it('shows "Sensor offline" and the estimate again once the sensor is silent for the offline time', async () => {
    const device = await register('Fryer probe')
    const order = await cookingOrder()
    const engine = createKitchenEngine({
      db,
      bus: app.bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: { kitchen: { ...app.config.kitchen, orderMs: 3_600_000 } },
      lock: createEngineLock(app.testDatabase),
      sensors: (active, at) => app.devices.activity(active, at),
    })
    const viewer = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('subscribed', order.id))
    await viewer.next(ofType('telemetry', order.id))
    await ingest(device.key, { readings: [{ orderId: order.id, temperatureF: 355, recordedAt: now() }] })
    await viewer.waitFor((m) => m.type === 'telemetry' && m.data.deviceName === 'Fryer probe')

    // While the sensor reports, the kitchen's pass sends no estimate for the order.
    const before = viewer.messages.length
    await engine.tick()
    await new Promise((r) => setTimeout(r, 100))
    expect(
      viewer.messages.slice(before).filter((m) => m.type === 'telemetry' && m.orderId === order.id),
    ).toEqual([])

    await new Promise((r) => setTimeout(r, OFFLINE_MS + 100))
    await engine.tick()
    // The first estimate after the snapshot (`next` reads on from there).
    const back = await viewer.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      (m) => m.type === 'telemetry' && m.orderId === order.id && m.data.source === 'estimate',
    )
    expect(back.data.sensorOffline).toBe(true)

    // A viewer arriving now sees the same.
    const late = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    late.send({ type: 'subscribe', orderId: order.id })
    const first = await late.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      ofType('telemetry', order.id),
    )
    expect(first.data).toMatchObject({ source: 'estimate', sensorOffline: true })

    // The device list shows it offline.
    const list = await app.inject({
      url: `/api/restaurants/${restaurant.id}/devices`,
      headers: owner.headers,
    })
    expect(list.json<{ id: number; online: boolean }[]>().find((d) => d.id === device.id)?.online).toBe(false)
    await Promise.all([viewer.close(), late.close()])
  })
})

describe("a staffed kitchen's estimate", () => {
  it('gives a viewer who joins after the sensor fell silent the staffed estimate, from its last reading, as the staffed driver sends it', async () => {
    const staffedKitchen = await createKitchen(db, { ownerId: owner.user.id, kitchenMode: 'staffed' })
    const created = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${staffedKitchen.restaurant.id}/devices`,
      headers: owner.headers,
      payload: { name: 'Line oven', kind: 'oven' },
    })
    const device = deviceCreatedSchema.parse(created.json())
    const cookingSince = new Date(Date.now() - 60_000)
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: staffedKitchen.restaurant.id,
      status: 'cooking',
      progress: 40,
      kitchenStartedAt: new Date(Date.now() - 120_000),
    })
    await db
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'cooking', at: cookingSince, actor: 'kitchen' })
    // The sensor's last word, older than the offline time: it has fallen silent.
    const heardAt = new Date(Date.now() - OFFLINE_MS - 3_000)
    const sent = await ingest(device.key, {
      readings: [{ orderId: order.id, temperatureF: 289, recordedAt: heardAt.toISOString() }],
    })
    expect(sent.statusCode).toBe(202)
    const last = { temperature: 289, at: heardAt.getTime() }
    const orderMs = app.config.kitchen.orderMs
    const staffed = staffedEstimate(orderMs)
    const asEstimated = { ...order, statusAt: cookingSince, kitchenMode: 'staffed' as const }

    const late = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    late.send({ type: 'subscribe', orderId: order.id })
    const first = await late.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      ofType('telemetry', order.id),
    )
    expect(first.data).toEqual({ ...staffed.telemetry(asEstimated, first.sentAt, last), sensorOffline: true })
    // Not the autopilot's line nor its oven at the order's target: the staffed estimate, on its
    // way from the 289 °F the sensor last measured to the 375 °F of the estimate's curve.
    expect(first.data.status).toBe('On schedule (estimate)')
    expect(first.data.temperature).toBeGreaterThan(289)
    expect(first.data.temperature).toBeLessThan(375)

    // The staffed driver's next pass sends the viewers already watching the same estimate.
    const driver = createStaffedDriver({
      db,
      bus: app.bus,
      upsells: app.upsells,
      lock: createEngineLock(app.testDatabase, undefined, STAFFED_LOCK_KEY),
      config: { kitchen: { orderMs, tickMs: 100 } },
      sensors: (active, at) => app.devices.activity(active, at),
    })
    const at = Date.now()
    await driver.tick(at)
    const pushed = await late.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      ofType('telemetry', order.id),
    )
    const progress = estimatedProgress('cooking', 40, cookingSince.getTime(), at, orderMs)
    expect(pushed.data).toEqual({
      ...staffed.telemetry({ ...asEstimated, progress }, at, last),
      sensorOffline: true,
    })
    await late.close()
  })

  it('fills in what a staffed sensor does not measure from the staffed estimate', async () => {
    const staffedKitchen = await createKitchen(db, { ownerId: owner.user.id, kitchenMode: 'staffed' })
    const created = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${staffedKitchen.restaurant.id}/devices`,
      headers: owner.headers,
      payload: { name: 'Probe', kind: 'probe' },
    })
    const device = deviceCreatedSchema.parse(created.json())
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: staffedKitchen.restaurant.id,
      status: 'cooking',
      progress: 40,
    })
    const viewer = await connectViewer(liveUrl(app.server), { cookie: diner.cookie })
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('subscribed', order.id))
    const recordedAt = now()
    await ingest(device.key, { readings: [{ orderId: order.id, temperatureF: 362, recordedAt }] })
    const reading = await viewer.waitFor<Extract<ServerMessage, { type: 'telemetry' }>>(
      (m) => m.type === 'telemetry' && m.orderId === order.id && m.data.recordedAt === recordedAt,
    )
    expect(reading.data).toMatchObject({
      source: 'sensor',
      temperature: 362,
      status: 'On schedule (estimate)',
    })
    await viewer.close()
  })
})

describe('two instances', () => {
  it('stops a revoked key at once on the other instance', async () => {
    // A second app on the same database, as a second server would be, hearing the first through
    // the bus: Redis when the tests have one (the app under test then revokes through its own
    // connection), else the first app's in-process bus.
    const second: Database =
      app.testDatabase.kind === 'postgres'
        ? await openDatabase({ url: (app.testDatabase as { url?: string }).url! })
        : app.testDatabase
    const redisUrl = process.env.TEST_REDIS_URL
    const url =
      redisUrl &&
      `${redisUrl}${redisUrl.includes('?') ? '&' : '?'}channelPrefix=test-${randomBytes(4).toString('hex')}:`
    const busA = url ? await createRedisBus(url) : app.bus
    const busB = url ? await createRedisBus(url) : app.bus
    const a = redisUrl
      ? await buildApp({
          world: demoWorld,
          config: testConfig(),
          database: app.testDatabase,
          bus: busA,
          logger: false,
        })
      : app
    const b = await buildApp({
      world: demoWorld,
      config: testConfig(),
      database: second,
      bus: busB,
      logger: false,
    })
    await b.ready()
    try {
      const device = await register('Pass probe')
      const order = await cookingOrder()
      const body = { readings: [{ orderId: order.id, temperatureF: 390, recordedAt: now() }] }
      const onB = () =>
        b.inject({
          method: 'POST',
          url: '/api/telemetry',
          headers: { authorization: `Bearer ${device.key}` },
          payload: body,
        })
      // B has the key in memory now: revoking on A must reach it.
      expect((await onB()).statusCode).toBe(202)
      expect((await onB()).statusCode).toBe(202)
      const revoke = await a.inject({
        method: 'DELETE',
        url: `/api/devices/${device.id}`,
        headers: owner.headers,
      })
      expect(revoke.statusCode).toBe(204)
      // In process the revocation is heard before DELETE answers; through Redis, as soon as the
      // broker delivers it (milliseconds; the test allows two seconds on a busy machine).
      let status = (await onB()).statusCode
      const deadline = Date.now() + 2000
      while (url && status === 202 && Date.now() < deadline) status = (await onB()).statusCode
      expect(status).toBe(401)
      const stored = (await rowsOf(device.id)).length
      expect((await onB()).statusCode).toBe(401)
      expect(await rowsOf(device.id)).toHaveLength(stored)
    } finally {
      await b.close()
      if (a !== app) await a.close()
      if (redisUrl) await Promise.all([busA.close(), busB.close()])
      if (second !== app.testDatabase) await second.close()
    }
  })
})
