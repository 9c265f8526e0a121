import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { asc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createKitchenEngine } from '../../demo/autopilot'
import type { ServerMessage } from '../../shared/live-messages'
import { orderEvents, orders } from '../db/schema'
import { orderChannel } from '../infra/bus'
import { AppError } from '../infra/errors'
import { createEngineLock } from '../kitchen/engine-lock'
import { createKitchen, createKitchenOrder } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { createOrderStatus, statusSteps } from './order-status'
import { createRestaurant, placeOrder } from './orders.fixtures'

const ORDER_MS = 600_000
const app = await buildTestApp({ config: { kitchen: { orderMs: ORDER_MS, tickMs: 1000 } } })
const db = app.db
const orderStatus = createOrderStatus({ db, bus: app.bus, notifications: app.notifications })
afterAll(() => app.close())

async function history(orderId: number) {
  return db
    .select({
      status: orderEvents.status,
      actor: orderEvents.actor,
      actorUserId: orderEvents.actorUserId,
      reason: orderEvents.reason,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id))
}

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row!
}

async function newOrder(fields: { status?: string; progress?: number; isShowcase?: boolean } = {}) {
  const diner = await createUser(app)
  const { restaurant } = await createKitchen(db)
  const order = await createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    ...fields,
  })
  return { order, diner }
}

async function listen(orderId: number) {
  const received: ServerMessage[] = []
  const stop = await app.bus.subscribe(orderChannel(orderId), (m) => received.push(m as ServerMessage))
  afterAll(stop)
  return received
}

const settle = () => new Promise((r) => setTimeout(r, 20))

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('the order state machine', () => {
  it('allows forward steps (skipping ones it passes), cancels of active orders, and recalls only by the kitchen', () => {
    const autopilot = { actor: 'autopilot' } as const
    const kitchen = { actor: 'kitchen', userId: 1 } as const
    expect(statusSteps('preparing', 'cooking', autopilot)).toEqual(['cooking'])
    expect(statusSteps('preparing', 'plating', autopilot)).toEqual(['cooking', 'plating'])
    expect(statusSteps('delivering', 'completed', kitchen)).toEqual(['completed'])
    expect(statusSteps('cooking', 'cancelled', kitchen)).toEqual(['cancelled'])
    expect(statusSteps('plating', 'cooking', kitchen)).toEqual(['cooking'])
    expect(statusSteps('plating', 'cooking', autopilot)).toBeUndefined()
    expect(statusSteps('cooking', 'cooking', kitchen)).toBeUndefined()
    expect(statusSteps('completed', 'cancelled', kitchen)).toBeUndefined()
    expect(statusSteps('cancelled', 'preparing', kitchen)).toBeUndefined()
    // A recall from the console's Recent list: the kitchen only, never the showcase.
    expect(statusSteps('completed', 'delivering', kitchen)).toEqual(['delivering'])
    expect(statusSteps('completed', 'delivering', autopilot)).toBeUndefined()
    expect(statusSteps('completed', 'delivering', kitchen, true)).toBeUndefined()
    expect(statusSteps('completed', 'preparing', autopilot, true)).toEqual(['preparing'])
    expect(statusSteps('completed', 'preparing', autopilot, false)).toBeUndefined()
    expect(statusSteps('completed', 'preparing', kitchen, true)).toBeUndefined()
  })
})

describe('changing an order status', () => {
  it('starts the history of an order placed through the API with preparing, by its diner, at its creation', async () => {
    const diner = await createUser(app, { balance: 100 })
    const { restaurant, items } = await createRestaurant(app)
    const placed = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const row = await orderRow(placed.id)
    expect(await history(placed.id)).toEqual([
      { status: 'preparing', actor: 'diner', actorUserId: diner.user.id, reason: null, at: row.createdAt },
    ])
  })

  it('updates the order, keeps each step in its history with who moved it, and publishes the status once', async () => {
    const { order } = await newOrder()
    const cook = await createUser(app)
    const received = await listen(order.id)
    const at = new Date('2026-11-24T18:00:00Z')
    const changed = await orderStatus.change({
      orderId: order.id,
      to: 'plating',
      by: { actor: 'kitchen', userId: cook.user.id },
      reason: 'Bumped twice',
      at,
    })
    await settle()
    expect(changed).toEqual({
      orderId: order.id,
      userId: order.userId,
      from: 'preparing',
      to: 'plating',
      progress: 75,
      at,
      // The diner hears of it too.
      notification: expect.objectContaining({ kind: 'status', orderId: order.id, userId: order.userId }),
    })
    const row = await orderRow(order.id)
    expect({ status: row.status, progress: row.progress }).toEqual({ status: 'plating', progress: 75 })
    expect(await history(order.id)).toEqual([
      { status: 'cooking', actor: 'kitchen', actorUserId: cook.user.id, reason: 'Bumped twice', at },
      { status: 'plating', actor: 'kitchen', actorUserId: cook.user.id, reason: 'Bumped twice', at },
    ])
    expect(received).toEqual([
      { type: 'status', orderId: order.id, status: 'plating', progress: 75, sentAt: expect.any(Number) },
    ])
  })

  it('keeps a cancelled order’s progress and refuses any change after it, writing nothing', async () => {
    const { order, diner } = await newOrder({ status: 'cooking', progress: 40 })
    await orderStatus.change({
      orderId: order.id,
      to: 'cancelled',
      by: { actor: 'diner', userId: diner.user.id },
      reason: 'Changed my mind',
    })
    expect((await orderRow(order.id)).progress).toBe(40)
    const error = await refusal(
      orderStatus.change({ orderId: order.id, to: 'cooking', by: { actor: 'system' } }),
    )
    expect({ status: error.statusCode, code: error.code }).toEqual({
      status: 409,
      code: 'kitchen.status_conflict',
    })
    expect((await orderRow(order.id)).status).toBe('cancelled')
    expect((await history(order.id)).map((e) => e.status)).toEqual(['cancelled'])
  })

  it('refuses a change made from a status the order has left, and an unknown order', async () => {
    const { order } = await newOrder({ status: 'cooking', progress: 50 })
    const error = await refusal(
      orderStatus.change({ orderId: order.id, from: 'preparing', to: 'cooking', by: { actor: 'autopilot' } }),
    )
    expect(error.statusCode).toBe(409)
    expect(await history(order.id)).toEqual([])
    const missing = await refusal(
      orderStatus.change({ orderId: 999_999, to: 'cooking', by: { actor: 'system' } }),
    )
    expect(missing.statusCode).toBe(404)
  })

  it('writes nothing when the caller’s transaction fails after the change', async () => {
    const { order } = await newOrder()
    await expect(
      db.transaction(async (tx) => {
        await orderStatus.changeIn(tx, { orderId: order.id, to: 'cancelled', by: { actor: 'system' } })
        throw new Error('the refund failed')
      }),
    ).rejects.toThrow('the refund failed')
    expect((await orderRow(order.id)).status).toBe('preparing')
    expect(await history(order.id)).toEqual([])
  })

  it('restarts the showcase with a fresh history when the autopilot starts it over', async () => {
    const { order } = await newOrder({ status: 'delivering', progress: 96, isShowcase: true })
    await orderStatus.change({ orderId: order.id, to: 'completed', by: { actor: 'autopilot' } })
    const at = new Date()
    await orderStatus.change({
      orderId: order.id,
      to: 'preparing',
      progress: 0,
      by: { actor: 'autopilot' },
      at,
    })
    const row = await orderRow(order.id)
    expect({ status: row.status, progress: row.progress, kitchenStartedAt: row.kitchenStartedAt }).toEqual({
      status: 'preparing',
      progress: 0,
      kitchenStartedAt: at,
    })
    expect((await history(order.id)).map((e) => [e.status, e.actor])).toEqual([['preparing', 'autopilot']])
  })
})

describe('the autopilot', () => {
  it('changes statuses through the state machine: every step it passes is in the order’s history', async () => {
    const { order } = await newOrder()
    const engine = createKitchenEngine({
      db,
      bus: app.bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: app.config,
      lock: createEngineLock(app.testDatabase),
    })
    const t0 = order.kitchenStartedAt.getTime()
    await engine.tick(t0 + 0.5 * ORDER_MS) // preparing -> cooking
    await engine.tick(t0 + 0.99 * ORDER_MS) // -> plating and delivering in one pass
    await engine.tick(t0 + 1.0 * ORDER_MS) // -> completed
    const steps = await history(order.id)
    expect(steps.map((e) => [e.status, e.actor, e.at.getTime()])).toEqual([
      ['cooking', 'autopilot', t0 + 0.5 * ORDER_MS],
      ['plating', 'autopilot', t0 + 0.99 * ORDER_MS],
      ['delivering', 'autopilot', t0 + 0.99 * ORDER_MS],
      ['completed', 'autopilot', t0 + ORDER_MS],
    ])
  })

  it('leaves an order the kitchen cancelled meanwhile as it is', async () => {
    const { order } = await newOrder()
    await orderStatus.change({ orderId: order.id, to: 'cancelled', by: { actor: 'system' } })
    const engine = createKitchenEngine({
      db,
      bus: app.bus,
      upsells: app.upsells,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      config: app.config,
      lock: createEngineLock(app.testDatabase),
    })
    await engine.tick(order.kitchenStartedAt.getTime() + 0.5 * ORDER_MS)
    expect((await orderRow(order.id)).status).toBe('cancelled')
    expect((await history(order.id)).map((e) => e.status)).toEqual(['cancelled'])
  })
})

describe('the order_events migration', () => {
  it('backfills a preparing event at created_at for every existing order', async () => {
    const pg = new PGlite()
    const run = async (file: string) => {
      const text = readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8')
      for (const statement of text.split('--> statement-breakpoint')) await pg.exec(statement)
    }
    await run('0000_init.sql')
    await run('0001_idempotency-request-hash.sql')
    await pg.exec(`
      insert into users (username, password_hash, email, full_name) values ('old', 'x', 'old@example.com', 'Old Diner');
      insert into restaurants (name, description, cuisine, address, price_range) values ('Old Kitchen', 'd', 'Italian', 'a', '$$');
      insert into orders (user_id, restaurant_id, status, total_price_cents, items, created_at)
        values (1, 1, 'completed', 1000, '[]', '2026-01-02T03:04:05Z'), (1, 1, 'cooking', 1200, '[]', '2026-02-03T04:05:06Z');`)
    await run('0002_order-events.sql')
    const { rows } = await pg.query<{ order_id: number; status: string; at: Date; actor: string }>(
      'select order_id, status, at, actor from order_events order by order_id',
    )
    expect(rows).toEqual([
      { order_id: 1, status: 'preparing', at: new Date('2026-01-02T03:04:05Z'), actor: 'system' },
      { order_id: 2, status: 'preparing', at: new Date('2026-02-03T04:05:06Z'), actor: 'system' },
    ])
    await pg.close()
  })
})
