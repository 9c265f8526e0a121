import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cameras, devices, orders, restaurants, telemetry } from '../db/schema'
import { estimatedOrderColumns } from '../orders/estimated-order'

export type DeviceRow = typeof devices.$inferSelect
export type NewTelemetryRow = typeof telemetry.$inferInsert

/** The device behind a key, as ingest needs it. */
export interface DeviceIdentity {
  id: number
  restaurantId: number
  name: string
  kind: string
  cameraId: number | null
}

export function createDevicesRepository(db: Db) {
  return {
    async ownerOf(restaurantId: number): Promise<{ ownerId: number | null } | undefined> {
      const [row] = await db
        .select({ ownerId: restaurants.ownerId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row
    },

    async cameraRestaurant(cameraId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ restaurantId: cameras.restaurantId })
        .from(cameras)
        .where(eq(cameras.id, cameraId))
      return row?.restaurantId
    },

    async create(values: typeof devices.$inferInsert): Promise<DeviceRow> {
      const [row] = await db.insert(devices).values(values).returning()
      return row!
    },

    /** The restaurant's devices that have not been revoked, oldest first. */
    async listActive(restaurantId: number): Promise<DeviceRow[]> {
      return db
        .select()
        .from(devices)
        .where(and(eq(devices.restaurantId, restaurantId), isNull(devices.revokedAt)))
        .orderBy(devices.id)
    },

    async findActive(id: number): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.id, id), isNull(devices.revokedAt)))
      return row
    },

    /** Marks the device revoked; false when it already was. */
    async revoke(id: number): Promise<boolean> {
      const rows = await db
        .update(devices)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(devices.id, id), isNull(devices.revokedAt)))
        .returning({ id: devices.id })
      return rows.length > 0
    },

    /** The unrevoked device holding this key hash: one indexed read per request. */
    async findByKeyHash(keyHash: string): Promise<DeviceIdentity | undefined> {
      const [row] = await db
        .select({
          id: devices.id,
          restaurantId: devices.restaurantId,
          name: devices.name,
          kind: devices.kind,
          cameraId: devices.cameraId,
        })
        .from(devices)
        .where(and(eq(devices.keyHash, keyHash), isNull(devices.revokedAt)))
      return row
    },

    async ordersByIds(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ ...estimatedOrderColumns, createdAt: orders.createdAt })
        .from(orders)
        .where(inArray(orders.id, ids))
    },

    /** The restaurant's orders that are cooking now: a station's reading concerns them. */
    async cookingOrders(restaurantId: number) {
      return db
        .select(estimatedOrderColumns)
        .from(orders)
        .where(and(eq(orders.restaurantId, restaurantId), eq(orders.status, 'cooking')))
    },

    /**
     * Stores the readings of many requests and what the device list shows (each device's newest
     * reading) in one statement, a data-modifying CTE: atomic without a transaction's extra round
     * trips, which count on the embedded database.
     */
    async record(
      writes: { deviceId: number; rows: NewTelemetryRow[]; lastReading: { recordedAt: string } }[],
    ): Promise<void> {
      const values = sql.join(
        writes.flatMap((w) =>
          w.rows.map(
            (r) =>
              sql`(${r.restaurantId}::int, ${r.orderId ?? null}::int, ${r.deviceId ?? null}::int, ${r.temperature ?? null}::float8, ${r.humidity ?? null}::float8, ${r.cookingTime ?? null}::int, ${(r.recordedAt as Date).toISOString()}::timestamptz)`,
          ),
        ),
        sql`, `,
      )
      // Each device's newest reading in the group is what its list entry shows.
      const newest = new Map<number, { recordedAt: string }>()
      for (const w of writes) {
        const seen = newest.get(w.deviceId)
        if (!seen || w.lastReading.recordedAt >= seen.recordedAt) newest.set(w.deviceId, w.lastReading)
      }
      const last = sql.join(
        [...newest].map(([id, reading]) => sql`(${id}::int, ${JSON.stringify(reading)}::jsonb)`),
        sql`, `,
      )
      await db.execute(sql`
        with stored as (
          insert into ${telemetry} (restaurant_id, order_id, device_id, temperature, humidity, cooking_time, recorded_at)
          values ${values}
          returning 1
        )
        update ${devices}
        set last_seen_at = now(), last_reading = last.reading
        from (values ${last}) as last(id, reading)
        where ${devices.id} = last.id and (select count(*) from stored) > 0`)
    },

    /** The newest temperature a device reported for an order (a humidity reading carries it along). */
    async latestTemperature(orderId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ temperature: telemetry.temperature })
        .from(telemetry)
        .where(and(eq(telemetry.orderId, orderId), isNotNull(telemetry.temperature)))
        .orderBy(desc(telemetry.recordedAt))
        .limit(1)
      return row?.temperature ?? undefined
    },

    /** The newest reading of an order, with the name of the device that sent it. */
    async latestOfOrder(orderId: number) {
      const [row] = await db
        .select({
          temperature: telemetry.temperature,
          humidity: telemetry.humidity,
          cookingTime: telemetry.cookingTime,
          recordedAt: telemetry.recordedAt,
          receivedAt: telemetry.receivedAt,
          deviceName: devices.name,
        })
        .from(telemetry)
        .leftJoin(devices, eq(devices.id, telemetry.deviceId))
        .where(eq(telemetry.orderId, orderId))
        .orderBy(desc(telemetry.recordedAt))
        .limit(1)
      return row
    },

    /** The newest station reading (no order) of a restaurant. */
    async latestOfStation(restaurantId: number) {
      const [row] = await db
        .select({
          temperature: telemetry.temperature,
          humidity: telemetry.humidity,
          cookingTime: telemetry.cookingTime,
          recordedAt: telemetry.recordedAt,
          receivedAt: telemetry.receivedAt,
          deviceName: devices.name,
        })
        .from(telemetry)
        .leftJoin(devices, eq(devices.id, telemetry.deviceId))
        .where(and(eq(telemetry.restaurantId, restaurantId), isNull(telemetry.orderId)))
        .orderBy(desc(telemetry.recordedAt))
        .limit(1)
      return row
    },

    /**
     * When each order last had a reading of its own: its newest reading (by the index on
     * `(order_id, recorded_at desc)`, one row per order however many it has), measured, or received
     * when the device's clock runs ahead (a reading dated in the future must not keep a silent
     * sensor online). The same reading a new viewer's snapshot shows.
     */
    async lastReadingAtByOrder(orderIds: number[]): Promise<Map<number, LastReadingAt>> {
      const result = new Map<number, LastReadingAt>()
      if (orderIds.length === 0) return result
      const ids = sql.join(
        orderIds.map((id) => sql`(${id}::int)`),
        sql`, `,
      )
      const { rows } = await db.execute<{ id: number; at: string | Date; temperature: number | null }>(sql`
        select o.id, least(t.recorded_at, t.received_at) as at, t.temperature
        from (values ${ids}) as o(id)
        cross join lateral (
          select recorded_at, received_at, temperature from ${telemetry}
          where order_id = o.id
          order by recorded_at desc
          limit 1
        ) t`)
      for (const row of rows)
        result.set(Number(row.id), {
          at: new Date(row.at).getTime(),
          temperature: row.temperature === null ? null : Number(row.temperature),
        })
      return result
    },

    /** When each restaurant's stations last reported (their newest reading, as above). */
    async lastStationReadingAt(restaurantIds: number[]): Promise<Map<number, LastReadingAt>> {
      const result = new Map<number, LastReadingAt>()
      if (restaurantIds.length === 0) return result
      const ids = sql.join(
        restaurantIds.map((id) => sql`(${id}::int)`),
        sql`, `,
      )
      const { rows } = await db.execute<{ id: number; at: string | Date; temperature: number | null }>(sql`
        select r.id, least(t.recorded_at, t.received_at) as at, t.temperature
        from (values ${ids}) as r(id)
        cross join lateral (
          select recorded_at, received_at, temperature from ${telemetry}
          where restaurant_id = r.id and order_id is null
          order by recorded_at desc
          limit 1
        ) t`)
      for (const row of rows)
        result.set(Number(row.id), {
          at: new Date(row.at).getTime(),
          temperature: row.temperature === null ? null : Number(row.temperature),
        })
      return result
    },
  }
}
/** When a newest reading was taken (ms since epoch) and the temperature it measured, if any. */
export interface LastReadingAt {
  at: number
  temperature: number | null
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>
