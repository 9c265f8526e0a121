/**
 * The staffed kitchen's driver: in a restaurant whose kitchen runs in `staffed` mode only the
 * kitchen's bumps change an order's status. Within a status, progress follows the time estimate
 * of that status (its share of the configured order duration, counted from when the status was
 * reached), never going back and never reaching the next status's band. Telemetry comes from
 * the same estimate (`staffedEstimate`, the one every other reader of a staffed order uses),
 * marked `source: "estimate"`.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { Db } from '../db/client'
import { asOneJob } from '../db/pglite-turns'
import { orderEvents, orders } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { UpsellsService } from '../upsells/upsells.service'
import type { EngineLock } from './engine-lock'
import { estimatedProgress, staffedEstimate } from './estimate'
import { inBatches, mergedInBatches } from './in-batches'
import { createKitchenRepository } from './kitchen.repository'
import type { KitchenDriver, SensorState, SensorWatch } from './kitchen-driver'

const RETRY_MS = 2000

export function createStaffedDriver(options: {
  db: Db
  bus: Bus
  lock: EngineLock
  /** Offers each cooking order its one upsell, as the autopilot's orders get theirs. */
  upsells: Pick<UpsellsService, 'offers'>
  config: { kitchen: { orderMs: number; tickMs: number } }
  log?: Pick<Logger, 'info' | 'error'>
  /** Orders a sensor reports on: their telemetry is the sensor's while it reports. */
  sensors?: SensorWatch
  now?: () => number
}): KitchenDriver & { tick(now?: number): Promise<void> } {
  const { db, bus, lock, log, sensors } = options
  const { orderMs, tickMs } = options.config.kitchen
  const clock = options.now ?? Date.now
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const offerUpsells = options.upsells.offers()
  const estimate = staffedEstimate(orderMs)

  const publish = (orderId: number, message: ServerMessage) =>
    bus.publish(orderChannel(orderId), message).catch((err: unknown) => {
      log?.error({ err, orderId }, 'staffed kitchen could not publish')
    })

  async function tick(now = clock()) {
    const active = await createKitchenRepository(db).drivenOrders('staffed')
    if (active.length === 0) return offerUpsells([])
    const reached = await mergedInBatches(active, async (batch) => {
      const rows = await db
        .select({ orderId: orderEvents.orderId, at: sql<Date>`max(${orderEvents.at})` })
        .from(orderEvents)
        .where(
          inArray(
            orderEvents.orderId,
            batch.map((o) => o.id),
          ),
        )
        .groupBy(orderEvents.orderId)
      return new Map(rows.map((r) => [r.orderId, new Date(r.at).getTime()]))
    })
    const statusAt = reached
    const watched = sensors
      ? await mergedInBatches(active, (batch) => sensors(batch, now))
      : new Map<number, SensorState>()
    const sentAt = Date.now()
    const messages: Promise<void>[] = []
    const estimated: (typeof active)[number][] = []
    const movedDiners: number[] = []
    await inBatches(active, async (batch) => {
      for (const order of batch) {
        const since = statusAt.get(order.id) ?? order.createdAt.getTime()
        const progress = estimatedProgress(order.status, order.progress, since, now, orderMs)
        estimated.push({ ...order, progress })
        if (progress > order.progress) {
          const [moved] = await db
            .update(orders)
            .set({ progress, updatedAt: new Date() })
            .where(
              and(eq(orders.id, order.id), eq(orders.status, order.status), lt(orders.progress, progress)),
            )
            .returning({ id: orders.id })
          if (moved) {
            movedDiners.push(order.userId)
            messages.push(
              publish(
                order.id,
                liveMessage.status({ orderId: order.id, status: order.status, progress }, sentAt),
              ),
            )
          }
        }
        // While a sensor reports on the order, its readings are the order's telemetry.
        const sensor = watched.get(order.id)
        if (sensor?.live) continue
        const last =
          typeof sensor?.lastTemperature === 'number'
            ? { temperature: sensor.lastTemperature, at: sensor.lastReadingAt }
            : undefined
        const data = estimate.telemetry(
          { ...order, progress, statusAt: new Date(since), kitchenMode: 'staffed' },
          now,
          last,
        )
        if (sensor) data.sensorOffline = true
        messages.push(publish(order.id, liveMessage.telemetry({ orderId: order.id, data }, sentAt)))
      }
    })
    await publishActiveOrdersChanged(bus, movedDiners, log)
    await Promise.all(messages)
    await offerUpsells(estimated)
  }

  function schedule(delay: number) {
    if (stopped) return
    timer = setTimeout(() => {
      running = (async () => {
        // One job: the pass's statements keep their place in line from when it started.
        if (await lock.acquire()) await asOneJob(() => tick())
      })()
        .catch((err: unknown) => log?.error({ err }, 'staffed kitchen tick failed'))
        .finally(() => {
          running = undefined
          schedule(RETRY_MS > tickMs ? tickMs : RETRY_MS)
        })
    }, delay)
    timer.unref()
  }

  return {
    start() {
      stopped = false
      schedule(0)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
      await lock.release()
    },
    tick,
  }
}
