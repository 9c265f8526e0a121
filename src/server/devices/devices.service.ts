import type {
  Device,
  DeviceCreated,
  DeviceCreateInput,
  DeviceKind,
  LastReading,
} from '../../shared/schemas/devices'
import type { Db } from '../db/client'
import type { Bus } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { TelemetryEstimate } from '../kitchen/estimate'
import { notRestaurantOwner, restaurantNotFound } from '../restaurants/restaurants.errors'
import { createDeviceCache, type DeviceCache } from './device-cache'
import { generateDeviceKey } from './device-key'
import { cameraOfAnotherRestaurant, deviceNotFound } from './devices.errors'
import { createDevicesRepository, type DeviceRow } from './devices.repository'
import { createIngest, type Write } from './ingest'
import { createOrderCache } from './order-cache'
import { createSensorState } from './sensor-state'
import { createTelemetryWriter } from './telemetry-writer'

export type { OrderForEstimate } from './order-cache'
export type { SensorActivity } from './sensor-state'

export interface DevicesServiceOptions {
  db: Db
  bus: Bus
  /** A sensor silent this long is offline and the estimate comes back. */
  offlineMs: number
  /**
   * The kitchen's estimate of the order's kitchen mode: fills in what a sensor does not measure
   * (cooking time left, the status line), and a silent sensor, continuing from its last reading.
   */
  estimate: TelemetryEstimate
  /** Counts accepted readings (the instance's metrics), by device kind. */
  onIngested?: (kind: string, count: number) => void
  /** How long readings are kept (TELEMETRY_RETENTION_DAYS): an older one would be deleted at once. */
  retentionMs?: number
  log?: Pick<Logger, 'error'>
  now?: () => number
  /** The restaurant rule (app.restaurantAccess); without it, only the owner may handle devices. */
  access?: (restaurantId: number, userId: number, capability: 'manage_restaurant') => Promise<unknown>
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const DAY_MS = 86_400_000

/**
 * A restaurant's sensors: the owner registers, lists and revokes them here; their readings come
 * in through `ingest.ts` and are read back through `sensor-state.ts`.
 */
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
  const ingest = createIngest({
    repo,
    bus,
    keys,
    orderCache,
    writer,
    estimate,
    retentionMs: options.retentionMs ?? 30 * DAY_MS,
    onIngested,
    log,
    clock,
  })
  const sensors = createSensorState({ repo, estimate, offlineMs, clock })

  async function requireOwner(restaurantId: number, userId: number) {
    if (options.access) {
      await options.access(restaurantId, userId, 'manage_restaurant')
      return
    }
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

  return {
    repo,
    toDevice,
    ...ingest,
    ...sensors,

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

    /** Waits for readings accepted but not yet written (shutdown), and stops listening. */
    async close(): Promise<void> {
      await writer.flushed()
      await keys.close()
    },
  }
}
export type DevicesService = Awaited<ReturnType<typeof createDevicesService>>
