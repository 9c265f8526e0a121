/**
 * The staffed kitchen's driver: in a restaurant whose kitchen runs in `staffed` mode only the
 * kitchen's bumps change an order's status. Within a status, progress follows the time estimate
 * of that status (its share of the configured order duration, counted from when the status was
 * reached), never going back and never reaching the next status's band. Telemetry comes from
 * the same estimate, marked `source: "estimate"`.
 */
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { Telemetry } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { orderEvents, orders, restaurants } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { UpsellsService } from '../upsells/upsells.service'
import type { EngineLock } from './engine-lock'
import { STATUS_CEILING, STATUS_FLOOR } from './kitchen.service'
import type { KitchenDriver, SensorWatch } from './kitchen-driver'

const RETRY_MS = 2000

/** Where a staffed order is by the estimate: progress within its status's band. */
export function estimatedProgress(
  status: string,
  current: number,
  statusAt: number,
  now: number,
  orderMs: number,
): number {
  const lo = STATUS_FLOOR[status]
  const hi = STATUS_CEILING[status]
  if (lo === undefined || hi === undefined || status === 'completed') return current
  const bandMs = (orderMs * (hi - lo)) / 100
  const into = bandMs > 0 ? Math.max(0, now - statusAt) / bandMs : 1
  const estimate = Math.min(hi - 1, lo + Math.floor(into * (hi - lo)))
  return Math.max(current, estimate)
}

/** The estimate's telemetry for an order at `progress` of a status reached at `statusAt`. */
export function estimatedTelemetry(
  status: string,
  progress: number,
  statusAt: number,
  now: number,
  orderMs: number,
): Telemetry {
  const lo = STATUS_FLOOR[status] ?? 0
  const hi = STATUS_CEILING[status] ?? 100
  const within = Math.min(1, Math.max(0, (progress - lo) / Math.max(1, hi - lo)))
  let temperature: number
  if (status === 'preparing') temperature = 72 + 16 * within
  else if (status === 'cooking') temperature = 375
  else if (status === 'plating') temperature = 375 - 200 * within
  else temperature = 150
  const bandMs = (orderMs * (hi - lo)) / 100
  const late = now - statusAt > bandMs
  return {
    temperature: Math.round(temperature),
    cookingTime: Math.max(0, Math.round(((100 - progress) / 100) * (orderMs / 1000))),
    status: late ? 'Taking longer than estimated' : 'On schedule (estimate)',
    source: 'estimate',
  }
}

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

  const publish = (orderId: number, message: ServerMessage) =>
    bus.publish(orderChannel(orderId), message).catch((err: unknown) => {
      log?.error({ err, orderId }, 'staffed kitchen could not publish')
    })

  async function tick(now = clock()) {
    const active = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        restaurantId: orders.restaurantId,
        status: orders.status,
        progress: orders.progress,
        isShowcase: orders.isShowcase,
        items: orders.items,
        createdAt: orders.createdAt,
        kitchenStartedAt: orders.kitchenStartedAt,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(
        and(
          eq(restaurants.kitchenMode, 'staffed'),
          eq(orders.isShowcase, false),
          notInArray(orders.status, ['completed', 'cancelled']),
        ),
      )
    if (active.length === 0) return offerUpsells([])
    const reached = await db
      .select({ orderId: orderEvents.orderId, at: sql<Date>`max(${orderEvents.at})` })
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          active.map((o) => o.id),
        ),
      )
      .groupBy(orderEvents.orderId)
    const statusAt = new Map(reached.map((r) => [r.orderId, new Date(r.at).getTime()]))
    const watched = sensors ? await sensors(active, now) : new Map<number, { live: boolean }>()
    const sentAt = Date.now()
    const messages: Promise<void>[] = []
    const estimated: (typeof active)[number][] = []
    const movedDiners: number[] = []
    for (const order of active) {
      const since = statusAt.get(order.id) ?? order.createdAt.getTime()
      const progress = estimatedProgress(order.status, order.progress, since, now, orderMs)
      estimated.push({ ...order, progress })
      if (progress > order.progress) {
        const [moved] = await db
          .update(orders)
          .set({ progress, updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.status, order.status), lt(orders.progress, progress)))
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
      const data = estimatedTelemetry(order.status, progress, since, now, orderMs)
      if (sensor) data.sensorOffline = true
      messages.push(publish(order.id, liveMessage.telemetry({ orderId: order.id, data }, sentAt)))
    }
    await publishActiveOrdersChanged(bus, movedDiners, log)
    await Promise.all(messages)
    await offerUpsells(estimated)
  }

  function schedule(delay: number) {
    if (stopped) return
    timer = setTimeout(() => {
      running = (async () => {
        if (await lock.acquire()) await tick()
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
