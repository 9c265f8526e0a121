import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import {
  celsiusToFahrenheit,
  type Device,
  type DeviceCreated,
  type DeviceCreateInput,
  type DeviceKind,
  INGEST_MAX_REQUESTS_PER_SECOND,
  type LastReading,
  type readingSchema,
} from '../../shared/schemas/devices'
import type { Telemetry } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { TelemetryEstimate } from '../kitchen/kitchen-driver'
import { notRestaurantOwner, restaurantNotFound } from '../restaurants/restaurants.errors'
import { createDeviceCache, type DeviceCache } from './device-cache'
import { bearerKey, generateDeviceKey, hashDeviceKey, looksLikeDeviceKey } from './device-key'
import {
  cameraOfAnotherRestaurant,
  deviceKeyInvalid,
  deviceKeyMissing,
  deviceNotFound,
  deviceRateLimited,
  orderOfAnotherRestaurant,
} from './devices.errors'
import {
  createDevicesRepository,
  type DeviceIdentity,
  type DeviceRow,
  type NewTelemetryRow,
} from './devices.repository'
import { createOrderCache, type OrderForEstimate } from './order-cache'
import { createTelemetryWriter } from './telemetry-writer'

export type { OrderForEstimate } from './order-cache'

type Reading = import('zod').infer<typeof readingSchema>

/** One request's readings on their way into the database. */
interface Write {
  deviceId: number
  rows: NewTelemetryRow[]
  lastReading: LastReading & { recordedAt: string }
}

export interface DevicesServiceOptions {
  db: Db
  bus: Bus
  /** A sensor silent this long is offline and the estimate comes back. */
  offlineMs: number
  /** Fills in what a sensor does not measure (cooking time left, the status line). */
  estimate: TelemetryEstimate
  /** Counts accepted readings (the instance's metrics), by device kind. */
  onIngested?: (kind: string, count: number) => void
  log?: Pick<Logger, 'error'>
  now?: () => number
}

/** Sensor state of an order, as the kitchen's estimate and a new viewer need it. */
export interface SensorActivity {
  /** When the newest reading concerning the order was measured, ms since epoch. */
  lastReadingAt: number
  /** True while that is within the offline window. */
  live: boolean
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export async function createDevicesService(options: DevicesServiceOptions) {
  const { db, bus, offlineMs, estimate, log, onIngested } = options
  const clock = options.now ?? Date.now
  const repo = createDevicesRepository(db)
  // The hot path of ingest reads nothing: keys and orders come from memory, and the readings of
  // requests arriving together are stored by one statement.
  const keys: DeviceCache = await createDeviceCache({ bus, load: (hash) => repo.findByKeyHash(hash) })
  const orderCache = createOrderCache({
    load: (ids) => repo.ordersByIds(ids),
    onError: (err) => log?.error({ err }, 'could not refresh the orders sensors report on'),
  })
  const writer = createTelemetryWriter<Write>({
    write: (writes) => repo.record(writes),
    sizeOf: (w) => w.rows.length,
  })
  /** Requests of each device in the current one-second window (per instance). */
  const windows = new Map<number, { start: number; count: number }>()
  let sweep = clock()

  async function requireOwner(restaurantId: number, userId: number) {
    const row = await repo.ownerOf(restaurantId)
    if (!row) throw restaurantNotFound()
    if (row.ownerId !== userId) throw notRestaurantOwner()
  }

  function toDevice(row: DeviceRow, now = clock()): Device {
    const lastSeen = row.lastSeenAt?.getTime()
    return {
      id: row.id,
      restaurantId: row.restaurantId,
      name: row.name,
      kind: row.kind as DeviceKind,
      cameraId: row.cameraId,
      keyLast4: row.keyLast4,
      lastSeenAt: iso(row.lastSeenAt),
      online: lastSeen !== undefined && now - lastSeen < offlineMs,
      lastReading: (row.lastReading as LastReading | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    }
  }

  function takeRequest(deviceId: number, now: number) {
    if (now - sweep > 10_000) {
      sweep = now
      for (const [id, w] of windows) if (now - w.start >= 1000) windows.delete(id)
    }
    const w = windows.get(deviceId)
    if (!w || now - w.start >= 1000) {
      windows.set(deviceId, { start: now, count: 1 })
      return
    }
    w.count++
    if (w.count > INGEST_MAX_REQUESTS_PER_SECOND) throw deviceRateLimited()
  }

  function messageFor(
    order: OrderForEstimate,
    reading: { temperature: number; humidity?: number | null; cookingTime?: number | null; recordedAt: Date },
    deviceName: string | null | undefined,
    now: number,
  ): ServerMessage {
    const expected = estimate(order, now)
    const data: Telemetry = {
      temperature: reading.temperature,
      cookingTime: reading.cookingTime ?? expected.cookingTime,
      status: expected.status,
      source: 'sensor',
      recordedAt: reading.recordedAt.toISOString(),
    }
    if (deviceName) data.deviceName = deviceName
    if (reading.humidity !== null && reading.humidity !== undefined) data.humidity = reading.humidity
    return liveMessage.telemetry({ orderId: order.id, data })
  }

  return {
    repo,
    toDevice,

    async register(restaurantId: number, userId: number, input: DeviceCreateInput): Promise<DeviceCreated> {
      await requireOwner(restaurantId, userId)
      const cameraId = input.cameraId ? Number(input.cameraId) : null
      if (cameraId !== null && (await repo.cameraRestaurant(cameraId)) !== restaurantId)
        throw cameraOfAnotherRestaurant(undefined, { cameraId: "Choose one of this restaurant's cameras" })
      const key = generateDeviceKey()
      const row = await repo.create({
        restaurantId,
        name: input.name.trim(),
        kind: input.kind,
        cameraId,
        keyHash: key.hash,
        keyLast4: key.last4,
      })
      return {
        id: row.id,
        name: row.name,
        kind: row.kind as DeviceKind,
        cameraId: row.cameraId,
        key: key.key,
        keyLast4: row.keyLast4,
      }
    },

    async list(restaurantId: number, userId: number): Promise<Device[]> {
      await requireOwner(restaurantId, userId)
      const now = clock()
      return (await repo.listActive(restaurantId)).map((row) => toDevice(row, now))
    },

    async revoke(deviceId: number, userId: number): Promise<void> {
      const device = await repo.findActive(deviceId)
      if (!device) throw deviceNotFound()
      await requireOwner(device.restaurantId, userId)
      await repo.revoke(deviceId)
      await keys.revoke(deviceId)
    },

    /** The device behind the request's key (401 otherwise), counted against its rate limit (429). */
    async authenticate(authorization: string | undefined): Promise<DeviceIdentity> {
      const key = bearerKey(authorization)
      if (!key) throw deviceKeyMissing()
      if (!looksLikeDeviceKey(key)) throw deviceKeyInvalid()
      const device = await keys.get(hashDeviceKey(key))
      if (!device) throw deviceKeyInvalid()
      takeRequest(device.id, clock())
      return device
    },

    /**
     * Stores every reading (all or nothing) and sends the newest one of each order to its viewers.
     * A reading without an order is its station's and reaches every order cooking at the
     * restaurant.
     */
    async ingest(device: DeviceIdentity, readings: Reading[]): Promise<number> {
      const now = clock()
      const orderIds = [...new Set(readings.flatMap((r) => (r.orderId ? [r.orderId] : [])))]
      const byId = await orderCache.get(orderIds)
      for (const id of orderIds) {
        const order = byId.get(id)
        if (!order || order.restaurantId !== device.restaurantId)
          throw orderOfAnotherRestaurant(`Order ${id} is not one of this restaurant's orders`)
      }

      const rows: NewTelemetryRow[] = readings.map((r) => ({
        restaurantId: device.restaurantId,
        orderId: r.orderId ?? null,
        deviceId: device.id,
        temperature:
          r.temperatureF ??
          (r.temperatureC !== undefined ? Math.round(celsiusToFahrenheit(r.temperatureC) * 100) / 100 : null),
        humidity: r.humidityPct ?? null,
        cookingTime: r.cookingTimeLeft ?? null,
        recordedAt: r.recordedAt ? new Date(r.recordedAt) : new Date(now),
      }))
      const newest = rows.reduce((a, b) => (b.recordedAt >= a.recordedAt ? b : a))
      try {
        await writer.submit({
          deviceId: device.id,
          rows,
          lastReading: {
            temperatureF: newest.temperature ?? null,
            humidityPct: newest.humidity ?? null,
            orderId: newest.orderId ?? null,
            recordedAt: newest.recordedAt.toISOString(),
          },
        })
      } catch (error) {
        // An order deleted since it was cached: read it again next time.
        for (const id of orderIds) orderCache.forget(id)
        throw error
      }
      onIngested?.(device.kind, rows.length)

      // The newest reading per order (and per station) goes live; older ones in a batch are history.
      const latest = new Map<number | null, NewTelemetryRow>()
      for (const row of rows) {
        const key = row.orderId ?? null
        const seen = latest.get(key)
        if (!seen || row.recordedAt >= seen.recordedAt) latest.set(key, row)
      }
      const messages: { orderId: number; message: ServerMessage }[] = []
      for (const [orderId, row] of latest) {
        const targets =
          orderId === null ? await repo.cookingOrders(device.restaurantId) : [byId.get(orderId)!]
        for (const order of targets) {
          const temperature = row.temperature ?? (await repo.latestTemperature(order.id))
          if (temperature === undefined || temperature === null) continue
          messages.push({
            orderId: order.id,
            message: messageFor(
              order,
              {
                temperature,
                humidity: row.humidity,
                cookingTime: row.cookingTime,
                recordedAt: row.recordedAt,
              },
              device.name,
              now,
            ),
          })
        }
      }
      await Promise.all(
        messages.map(({ orderId, message }) =>
          bus.publish(orderChannel(orderId), message).catch((err: unknown) => {
            log?.error({ err, orderId }, 'could not publish a sensor reading')
          }),
        ),
      )
      return rows.length
    },

    /** Waits for readings accepted but not yet written (shutdown), and stops listening. */
    async close(): Promise<void> {
      await writer.flushed()
      await keys.close()
    },

    /**
     * When the newest sensor reading concerning each order was measured: its own readings, and
     * for an order that is cooking, its restaurant's station readings.
     */
    async activity(ordersNow: OrderForEstimate[], now = clock()): Promise<Map<number, SensorActivity>> {
      const result = new Map<number, SensorActivity>()
      if (ordersNow.length === 0) return result
      const [own, stations] = await Promise.all([
        repo.lastReadingAtByOrder(ordersNow.map((o) => o.id)),
        repo.lastStationReadingAt([
          ...new Set(ordersNow.filter((o) => o.status === 'cooking').map((o) => o.restaurantId)),
        ]),
      ])
      for (const order of ordersNow) {
        const station = order.status === 'cooking' ? stations.get(order.restaurantId) : undefined
        const at = Math.max(own.get(order.id) ?? 0, station ?? 0)
        if (at > 0) result.set(order.id, { lastReadingAt: at, live: now - at < offlineMs })
      }
      return result
    },

    /** The telemetry a new viewer of the order sees first: the sensor's, while it reports. */
    async snapshot(order: OrderForEstimate, now = clock()): Promise<Telemetry> {
      const own = await repo.latestOfOrder(order.id)
      const station = order.status === 'cooking' ? await repo.latestOfStation(order.restaurantId) : undefined
      const newest = [own, station]
        .filter((r): r is NonNullable<typeof r> => r !== undefined)
        .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0]
      const heardAt = newest && Math.min(newest.recordedAt.getTime(), newest.receivedAt.getTime())
      if (newest && heardAt !== undefined && now - heardAt < offlineMs) {
        const temperature = newest.temperature ?? (await repo.latestTemperature(order.id))
        if (temperature !== undefined && temperature !== null) {
          const message = messageFor(order, { ...newest, temperature }, newest.deviceName, now)
          if (message.type === 'telemetry') return message.data
        }
      }
      const estimated: Telemetry = { ...estimate(order, now), source: 'estimate' }
      if (newest) estimated.sensorOffline = true
      return estimated
    },
  }
}
export type DevicesService = Awaited<ReturnType<typeof createDevicesService>>
