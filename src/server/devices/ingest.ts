import type { ServerMessage } from '../../shared/live-messages'
import {
  celsiusToFahrenheit,
  INGEST_MAX_REQUESTS_PER_SECOND,
  type LastReading,
  type readingSchema,
} from '../../shared/schemas/devices'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { TelemetryEstimate } from '../kitchen/estimate'
import type { DeviceCache } from './device-cache'
import { bearerKey, hashDeviceKey, looksLikeDeviceKey } from './device-key'
import {
  deviceKeyInvalid,
  deviceKeyMissing,
  deviceRateLimited,
  orderFinished,
  orderOfAnotherRestaurant,
  readingOutOfWindow,
} from './devices.errors'
import type { DeviceIdentity, DevicesRepository, NewTelemetryRow } from './devices.repository'
import type { OrderCache } from './order-cache'
import { sensorTelemetryMessage } from './sensor-telemetry'
import type { TelemetryWriter } from './telemetry-writer'

type Reading = import('zod').infer<typeof readingSchema>

/** One request's readings on their way into the database. */
export interface Write {
  deviceId: number
  rows: NewTelemetryRow[]
  lastReading: LastReading & { recordedAt: string }
}

const DAY_MS = 86_400_000
/** A device's clock may run this far behind the server's when it reads an order's start. */
const CLOCK_SKEW_MS = 60_000
const FINISHED_STATUSES = new Set(['completed', 'cancelled'])

/**
 * A sensor's requests: its key checked (from memory) and counted against the rate limit, its
 * readings stored and the newest of each order sent to the order's viewers.
 */
export function createIngest(deps: {
  repo: DevicesRepository
  bus: Bus
  keys: DeviceCache
  orderCache: OrderCache
  writer: TelemetryWriter<Write>
  estimate: TelemetryEstimate
  retentionMs: number
  onIngested?: (kind: string, count: number) => void
  log?: Pick<Logger, 'error'>
  clock: () => number
}) {
  const { repo, bus, keys, orderCache, writer, estimate, retentionMs, onIngested, log, clock } = deps
  /** Requests of each device in the current one-second window (per instance). */
  const windows = new Map<number, { start: number; count: number }>()
  let sweep = clock()

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

  return {
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
        if (FINISHED_STATUSES.has(order.status))
          throw orderFinished(`Order ${id} is ${order.status}: it takes no more sensor readings`)
      }
      // A reading is about its order's cooking, and kept for the retention time: one recorded
      // before its order was placed, or too old to keep, would be stored only to be deleted.
      readings.forEach((r, i) => {
        if (!r.recordedAt) return
        const at = Date.parse(r.recordedAt)
        const field = `readings.${i}.recordedAt`
        const placedAt = r.orderId ? byId.get(r.orderId)?.createdAt : undefined
        let problem: string | undefined
        if (now - at > retentionMs)
          problem = `recordedAt is older than the ${Math.round(retentionMs / DAY_MS)} days sensor readings are kept`
        else if (placedAt && at < placedAt.getTime() - CLOCK_SKEW_MS)
          problem = `recordedAt is before order ${r.orderId} was placed`
        if (problem) throw readingOutOfWindow(problem, { [field]: problem })
      })

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
            message: sensorTelemetryMessage(
              estimate,
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
  }
}
