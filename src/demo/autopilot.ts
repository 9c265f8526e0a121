import { and, eq, sql } from 'drizzle-orm'
import type { ChefService } from '../server/chef/chef.service'
import type { Config } from '../server/config'
import type { Db } from '../server/db/client'
import { asOneJob } from '../server/db/pglite-turns'
import { orders, restaurants } from '../server/db/schema'
import { publishActiveOrdersChanged } from '../server/infra/active-orders-cache'
import { type Bus, orderChannel } from '../server/infra/bus'
import { AppError } from '../server/infra/errors'
import type { Logger } from '../server/infra/logger'
import type { EngineLock } from '../server/kitchen/engine-lock'
import { continueFrom } from '../server/kitchen/estimate'
import { inBatches, mergedInBatches } from '../server/kitchen/in-batches'
import { createKitchenRepository } from '../server/kitchen/kitchen.repository'
import type {
  KitchenDriver,
  ModeEstimate,
  SensorState,
  SensorWatch,
  TelemetryEstimate,
} from '../server/kitchen/kitchen-driver'
import { type OrderStatusService, type StatusActor, statusMessage } from '../server/orders/order-status'
import { statusChangeNotAllowed } from '../server/orders/orders.errors'
import type { UpsellsService } from '../server/upsells/upsells.service'
import type { OrderStatus } from '../shared/constants'
import { liveMessage } from '../shared/live-message-builders'
import type { ServerMessage } from '../shared/live-messages'
import type { Telemetry } from '../shared/schemas/orders'
import { readingAt, shoutDelays, statusForProgress, targetTemperature } from './telemetry-model'

const AUTOPILOT: StatusActor = { actor: 'autopilot' }

/** How often an instance that does not drive the kitchen tries to take over. */
export const LEADERSHIP_RETRY_MS = 2000

export interface KitchenEngineOptions {
  db: Db
  bus: Bus
  config: Pick<Config, 'kitchen'>
  lock: EngineLock
  /** The kitchen's state machine: every status change goes through it. */
  orderStatus: OrderStatusService
  /** Offers each cooking order its one upsell. */
  upsells: Pick<UpsellsService, 'offers'>
  /** Answers shouts; the autopilot decides only when. */
  shouts: Pick<ChefService, 'answerShoutsSentBefore'>
  log?: Pick<Logger, 'info' | 'error'>
  /** Orders a sensor reports on: their telemetry is the sensor's while it reports. */
  sensors?: SensorWatch
  /** Called after each status change (the restaurant's kitchen consoles follow the ticket). */
  onStatusChanged?: (orderId: number) => Promise<unknown>
  /** The clock; tests pass their own. */
  now?: () => number
  /** Told how late each pass started compared with its schedule, in seconds. */
  onLoopLag?: (seconds: number) => void
}

/** The autopilot: the demo world's kitchen driver. */
export interface KitchenEngine extends KitchenDriver {
  /** Starts competing for the kitchen and, once this instance holds it, ticking. */
  start(): void
  stop(): Promise<void>
  /** One pass over the kitchen at `now`. */
  tick(now?: number): Promise<void>
  readonly driving: boolean
}

type OrderState = Pick<
  typeof orders.$inferSelect,
  'id' | 'userId' | 'restaurantId' | 'status' | 'progress' | 'kitchenStartedAt' | 'isShowcase' | 'items'
>

/**
 * Drives every active order from preparing to completed: writes status and progress to the
 * database (so a restart, or another instance taking over, resumes where it was) and publishes
 * `status` and `telemetry` messages on the order's channel; the upsells service makes each
 * cooking order its offer, and the chef service answers its kitchens' shouts when they are due. Its telemetry is an estimate, marked as one, and it stays
 * quiet about an order whose sensor reports.
 */
export function createKitchenEngine(options: KitchenEngineOptions): KitchenEngine {
  const { db, bus, lock, log, sensors } = options
  const { orderStatus, shouts } = options
  const { orderMs, tickMs } = options.config.kitchen
  const clock = options.now ?? Date.now
  const delays = shoutDelays(orderMs)
  const offerUpsells = options.upsells.offers()
  const showcasesToRestart = new Set<number>()
  let scanShowcases = true

  let started = false
  let stopped = false
  let driving = false
  let leadershipTimer: NodeJS.Timeout | undefined
  let tickTimer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let checking: Promise<void> | undefined

  const publish = (orderId: number, message: ServerMessage) =>
    bus.publish(orderChannel(orderId), message).catch((err: unknown) => {
      log?.error({ err, orderId }, 'kitchen could not publish')
    })

  async function tick(now = clock()): Promise<void> {
    // A completed showcase starts over on the pass after it completed. Which ones are waiting is
    // kept in memory; the first pass looks in the database, in case the last driver stopped there.
    if (scanShowcases) {
      const waiting = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.isShowcase, true), eq(orders.status, 'completed')))
      for (const row of waiting) showcasesToRestart.add(row.id)
      scanShowcases = false
    }
    if (showcasesToRestart.size > 0) {
      const ids = [...showcasesToRestart]
      showcasesToRestart.clear()
      await restartShowcases(ids, now)
    }

    // The autopilot drives autopilot kitchens (and the showcase); staffed kitchens move their own orders.
    const active: OrderState[] = await createKitchenRepository(db).drivenOrders('autopilot')

    const changes: { id: number; from: string; status: string; progress: number }[] = []
    const readings = new Map<number, ReturnType<typeof readingAt>>()
    await inBatches(active, (batch) => {
      for (const order of batch) {
        const reading = readingAt(order.id, order.kitchenStartedAt.getTime(), now, orderMs)
        // Never backwards: someone in the kitchen may have moved the order ahead by hand.
        const progress = Math.max(reading.progress, order.progress)
        const status = statusForProgress(progress)
        readings.set(order.id, { ...reading, progress, status })
        if (progress !== order.progress || status !== order.status)
          changes.push({ id: order.id, from: order.status, status, progress })
      }
    })

    const changed = await writeStatuses(changes, now)
    // A status change cleared its diner's cached active orders; progress alone is cleared here,
    // once for every diner whose order moved.
    const dinerOf = new Map(active.map((o) => [o.id, o.userId]))
    await publishActiveOrdersChanged(
      bus,
      changed.filter((row) => !row.published).map((row) => dinerOf.get(row.id)!),
      log,
    )
    const showcases = new Set(active.filter((o) => o.isShowcase).map((o) => o.id))
    for (const row of changed)
      if (row.status === 'completed' && showcases.has(row.id)) showcasesToRestart.add(row.id)
    const watched = sensors
      ? await mergedInBatches(active, (batch) => sensors(batch, now))
      : new Map<number, SensorState>()

    // The pass's other database work comes first: once its telemetry is published, the live rooms
    // write it to every viewer, and nothing of this pass should wait between their turns.
    await offerUpsells(
      active.map((o) => {
        const reading = readings.get(o.id)!
        return { ...o, status: reading.status, progress: reading.progress }
      }),
    )
    await advanceShouts(now)

    const sentAt = Date.now()
    const messages: Promise<void>[] = []
    await inBatches(changed, (batch) => {
      for (const row of batch)
        if (!row.published)
          messages.push(publish(row.id, statusMessage(row.id, row.status, row.progress, sentAt)))
    })
    await inBatches(active, (batch) => {
      for (const order of batch) {
        const sensor = watched.get(order.id)
        if (sensor?.live) continue
        const data: Telemetry = { ...readings.get(order.id)!.telemetry, source: 'estimate' }
        if (sensor) {
          data.sensorOffline = true
          // Continues from what the sensor last measured instead of jumping to the model's curve.
          if (typeof sensor.lastTemperature === 'number')
            data.temperature =
              Math.round(
                continueFrom(data.temperature, now, {
                  temperature: sensor.lastTemperature,
                  at: sensor.lastReadingAt,
                }) * 10,
              ) / 10
        }
        messages.push(publish(order.id, liveMessage.telemetry({ orderId: order.id, data }, sentAt)))
      }
    })
    await Promise.all(messages)
  }

  async function restartShowcases(ids: number[], now: number) {
    for (const orderId of ids) {
      await changeStatus({ orderId, from: 'completed', to: 'preparing', progress: 0 }, now)
    }
  }

  /** A status change through the kitchen's state machine; false when the order moved meanwhile. */
  async function changeStatus(
    change: { orderId: number; from: OrderStatus; to: OrderStatus; progress: number },
    now: number,
  ) {
    try {
      await orderStatus.change({ ...change, by: AUTOPILOT, at: new Date(now) })
      await options.onStatusChanged?.(change.orderId).catch((err: unknown) => {
        log?.error({ err, orderId: change.orderId }, 'kitchen console could not be told')
      })
      return true
    } catch (err) {
      if (err instanceof AppError && err.code === statusChangeNotAllowed.code) return false
      throw err
    }
  }

  /**
   * Status changes go one by one through the state machine (which keeps the history and
   * publishes them); progress alone is one statement for every order that moved, which publishes
   * nothing here. Returns the orders that changed (not cancelled or moved by hand meanwhile).
   */
  async function writeStatuses(
    changes: { id: number; from: string; status: string; progress: number }[],
    now: number,
  ) {
    const moved: { id: number; status: string; progress: number; published: boolean }[] = []
    const progressOnly = changes.filter((c) => c.status === c.from)
    for (const c of changes) {
      if (c.status === c.from) continue
      const ok = await changeStatus(
        { orderId: c.id, from: c.from as OrderStatus, to: c.status as OrderStatus, progress: c.progress },
        now,
      )
      if (ok) moved.push({ id: c.id, status: c.status, progress: c.progress, published: true })
    }
    // One statement per batch: on the embedded database a statement holds the thread while it runs.
    await inBatches(progressOnly, async (batch) => {
      const values = sql.join(
        batch.map((c) => sql`(${c.id}::int, ${c.status}::text, ${c.progress}::int)`),
        sql`, `,
      )
      const result = await db.execute<{ id: number; status: string; progress: number }>(sql`
        update ${orders} as o
        set progress = v.progress, updated_at = now()
        from (values ${values}) as v(id, status, progress)
        where o.id = v.id and o.status = v.status
        returning o.id, o.status, o.progress`)
      for (const r of result.rows)
        moved.push({
          id: Number(r.id),
          status: String(r.status),
          progress: Number(r.progress),
          published: false,
        })
    })
    return moved
  }

  /** Orders of autopilot kitchens: in a staffed kitchen, people answer the shouts. */
  const autopilotOrders = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(eq(restaurants.kitchenMode, 'autopilot'))

  /** The autopilot answers its kitchens' shouts on time, through the chef service. */
  async function advanceShouts(now: number) {
    await shouts.answerShoutsSentBefore({
      orderIds: autopilotOrders(),
      acknowledgeBefore: new Date(now - delays.acknowledgeMs),
      doneBefore: new Date(now - delays.doneMs),
      at: new Date(now),
    })
  }

  function scheduleTick(delay: number) {
    if (stopped || !driving) return
    const due = Date.now() + delay
    tickTimer = setTimeout(() => {
      tickTimer = undefined
      const startedAt = Date.now()
      options.onLoopLag?.(Math.max(0, startedAt - due) / 1000)
      // One job: the pass's statements keep their place in line from when it started.
      running = asOneJob(() => tick())
        .catch((err: unknown) => log?.error({ err }, 'kitchen tick failed'))
        .finally(() => {
          running = undefined
          scheduleTick(Math.max(0, tickMs - (Date.now() - startedAt)))
        })
    }, delay)
    tickTimer.unref()
  }

  async function checkLeadership() {
    if (stopped) return
    if (driving) {
      if (!(await lock.check())) {
        driving = false
        if (tickTimer) clearTimeout(tickTimer)
        tickTimer = undefined
        log?.info({}, 'kitchen engine lost the lock; another instance drives the kitchen')
      }
    } else if (await lock.acquire()) {
      if (stopped) return
      driving = true
      scanShowcases = true
      log?.info({}, 'kitchen engine drives the kitchen on this instance')
      scheduleTick(0)
    }
  }

  function scheduleLeadership(delay: number) {
    if (stopped) return
    leadershipTimer = setTimeout(() => {
      checking = checkLeadership()
        .catch((err: unknown) => log?.error({ err }, 'kitchen leadership check failed'))
        .finally(() => {
          checking = undefined
          scheduleLeadership(LEADERSHIP_RETRY_MS)
        })
    }, delay)
    leadershipTimer.unref()
  }

  return {
    start() {
      if (started) return
      started = true
      scheduleLeadership(0)
    },
    async stop() {
      stopped = true
      driving = false
      if (leadershipTimer) clearTimeout(leadershipTimer)
      if (tickTimer) clearTimeout(tickTimer)
      await checking
      await running
      await lock.release()
    },
    tick,
    get driving() {
      return driving
    },
  }
}

/** The autopilot's telemetry for an order, continuing from a silent sensor's last reading. */
export function autopilotTelemetry(orderMs: number): TelemetryEstimate {
  return (order, now, last) => {
    const telemetry = readingAt(order.id, order.kitchenStartedAt.getTime(), now, orderMs).telemetry
    return { ...telemetry, temperature: Math.round(continueFrom(telemetry.temperature, now, last) * 10) / 10 }
  }
}

/** The autopilot kitchen's estimate: the demo model's curve around each order's own target. */
export function autopilotEstimate(orderMs: number): ModeEstimate {
  return { telemetry: autopilotTelemetry(orderMs), targetTemperature: (order) => targetTemperature(order.id) }
}
