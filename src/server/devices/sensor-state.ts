import type { Telemetry } from '../../shared/schemas/orders'
import type { TelemetryEstimate } from '../kitchen/estimate'
import type { DevicesRepository } from './devices.repository'
import type { OrderForEstimate } from './order-cache'
import { sensorTelemetryMessage } from './sensor-telemetry'

/** Sensor state of an order, as the kitchen's estimate and a new viewer need it. */
export interface SensorActivity {
  /** When the newest reading concerning the order was measured, ms since epoch. */
  lastReadingAt: number
  /** True while that is within the offline window. */
  live: boolean
  /** The temperature that reading measured (null when it measured none). */
  lastTemperature: number | null
}

/** What the sensors say about orders now: when they last reported, and what a new viewer sees. */
export function createSensorState(deps: {
  repo: DevicesRepository
  estimate: TelemetryEstimate
  /** A sensor silent this long is offline and the estimate comes back. */
  offlineMs: number
  clock: () => number
}) {
  const { repo, estimate, offlineMs, clock } = deps
  return {
    /**
     * When the newest sensor reading concerning each order was measured: its own readings, and
     * for an order that is cooking, its restaurant's station readings.
     */
    async activity(
      ordersNow: Pick<OrderForEstimate, 'id' | 'restaurantId' | 'status'>[],
      now = clock(),
    ): Promise<Map<number, SensorActivity>> {
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
        const mine = own.get(order.id)
        const newest = station && (!mine || station.at > mine.at) ? station : mine
        if (newest && newest.at > 0)
          result.set(order.id, {
            lastReadingAt: newest.at,
            live: now - newest.at < offlineMs,
            lastTemperature: newest.temperature,
          })
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
          const message = sensorTelemetryMessage(
            estimate,
            order,
            { ...newest, temperature },
            newest.deviceName,
            now,
          )
          if (message.type === 'telemetry') return message.data
        }
      }
      // A silent sensor: the estimate of the order's kitchen mode, continuing from its last reading,
      // as the driver's next pass sends it to the viewers already watching.
      const last =
        newest && heardAt !== undefined && typeof newest.temperature === 'number'
          ? { temperature: newest.temperature, at: heardAt }
          : undefined
      const estimated: Telemetry = { ...estimate(order, now, last), source: 'estimate' }
      if (newest) estimated.sensorOffline = true
      return estimated
    },
  }
}
