import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { freePort, type RunningServer, startServer } from '../../../e2e/support/server'
import type { ServerMessage } from '../../shared/live-messages'
import { createAuthRepository } from '../auth/auth.repository'
import type { Db } from '../db/client'
import { notifications, users, walletTransactions } from '../db/schema'
import { createRedisBus } from '../infra/bus.redis'
import { createConsolePresence } from '../kitchen/console-presence'
import { openTestDatabase } from '../testing/test-database'
import { vapidEnv } from '../testing/vapid-env'
import { connectViewer, createKitchen, ofType, type Viewer } from './live.fixtures'

/**
 * Two real server processes on one PostgreSQL database, sharing live messages through Redis: the
 * kitchen console on one instance, the diner on the other; which restaurants have a console open,
 * known to both. PostgreSQL project only.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(onPostgres && redisUrl)('the kitchen console across two instances', () => {
  /** Instances A and B on one fresh database, with an owner's staffed kitchen and a diner with money. */
  async function twoInstances() {
    const database = await openTestDatabase()
    const servers: RunningServer[] = []
    const viewers: Viewer[] = []
    const closing: (() => Promise<void>)[] = []
    onTestFinished(async () => {
      await Promise.all(viewers.map((v) => v.close()))
      for (const close of closing) await close()
      await Promise.all(servers.map((s) => s.stop()))
      await database.close()
    })

    const owner = await signedInUser(database.db, 0)
    const diner = await signedInUser(database.db, 20_000)
    const { restaurant, items } = await createKitchen(database.db, {
      ownerId: owner.id,
      kitchenMode: 'staffed',
    })
    const env = {
      DATABASE_URL: database.url!,
      // Instances on one database share their key.
      APP_SECRET: randomBytes(32).toString('hex'),
      ...vapidEnv(),
      REDIS_URL: `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=kitchen-${randomBytes(4).toString('hex')}:`,
      KITCHEN_ORDER_SECONDS: '600',
      KITCHEN_TICK_MS: '500',
      CAMERAS_ENABLED: 'false',
    }
    const [a, b] = await Promise.all([
      startServer({ ...env, PORT: String(await freePort()) }),
      startServer({ ...env, PORT: String(await freePort()) }),
    ])
    servers.push(a!, b!)
    const ws = (s: RunningServer) => `${s.url.replace('http', 'ws')}/ws`
    const placeOrder = async (on: RunningServer) => {
      const placed = await fetch(`${on.url}/api/orders`, {
        method: 'POST',
        headers: { cookie: diner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          restaurantId: restaurant.id,
          items: [{ menuItemId: items[0]!.id, quantity: 1 }],
          fulfilment: 'pickup',
        }),
      })
      expect(placed.status).toBe(201)
      return (await placed.json()) as { id: number }
    }
    return { database, a: a!, b: b!, ws, viewers, closing, owner, diner, restaurant, env, placeOrder }
  }

  it('shows the console on A an order placed on B, and a bump on A reaches the diner on B', {
    timeout: 60_000,
  }, async () => {
    const { a, b, ws, viewers, owner, diner, restaurant, placeOrder } = await twoInstances()
    const chef = await connectViewer(ws(a), { cookie: owner.cookie })
    viewers.push(chef)
    expect(
      await chef.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_subscribed' || m.type === 'error',
      ),
    ).toEqual({ type: 'kitchen_subscribed', restaurantId: restaurant.id })

    // The diner orders through B; the console on A gets the ticket.
    const order = await placeOrder(b)
    const ticket = await chef.waitFor<Extract<ServerMessage, { type: 'kitchen_order' }>>(
      (m) => m.type === 'kitchen_order' && m.order.id === order.id,
    )
    expect(ticket.order).toMatchObject({ status: 'preparing', dinerName: 'Cluster' })

    // The diner watches on B; the kitchen bumps on A.
    const watcher = await connectViewer(ws(b), { cookie: diner.cookie })
    viewers.push(watcher)
    watcher.send({ type: 'subscribe', orderId: order.id })
    await watcher.next(ofType('subscribed', order.id))
    const bumped = await fetch(`${a.url}/api/orders/${order.id}/advance`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'preparing' }),
    })
    expect(bumped.status).toBe(200)
    await watcher.waitFor((m) => m.type === 'status' && m.orderId === order.id && m.status === 'cooking')
    await chef.waitFor(
      (m) => m.type === 'kitchen_order' && m.order.id === order.id && m.order.status === 'cooking',
    )
  })

  it('keeps the owner’s new-order notice back while a console is open on another instance, and forgets an instance that died', {
    timeout: 120_000,
  }, async () => {
    const { database, a, b, ws, viewers, closing, owner, restaurant, env, placeOrder } = await twoInstances()
    const newOrderNotices = async () =>
      (
        await database.db
          .select({ orderId: notifications.orderId })
          .from(notifications)
          .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'new_order')))
      ).map((n) => n.orderId)
    /** Waits until a new order's notice is stored. */
    const noticeOf = async (orderId: number) => {
      const deadline = Date.now() + 10_000
      while (!(await newOrderNotices()).includes(orderId)) {
        if (Date.now() > deadline) throw new Error(`no new-order notice for order ${orderId}`)
        await sleep(100)
      }
    }
    // What the instances tell each other, heard here as a third instance would hear it.
    const busOf = async () => {
      const bus = await createRedisBus(env.REDIS_URL)
      closing.unshift(() => bus.close())
      return bus
    }
    const observer = await createConsolePresence({ bus: await busOf() })
    closing.unshift(() => observer.close())
    const until = async (open: boolean) => {
      const deadline = Date.now() + 10_000
      while (observer.isOpen(restaurant.id) !== open) {
        if (Date.now() > deadline) throw new Error(`the console never became ${open ? 'open' : 'closed'}`)
        await sleep(50)
      }
      // B heard the same message at the same moment; a little slack for its event loop.
      await sleep(150)
    }

    // A console on A: an order placed through B tells nobody.
    const chef = await connectViewer(ws(a), { cookie: owner.cookie })
    viewers.push(chef)
    await chef.request(
      { type: 'subscribe_kitchen', restaurantId: restaurant.id },
      (m) => m.type === 'kitchen_subscribed',
    )
    await until(true)
    const seen = await placeOrder(b)
    await chef.waitFor((m) => m.type === 'kitchen_order' && m.order.id === seen.id)
    await sleep(500)
    expect(await newOrderNotices()).toEqual([])

    // The console closed: the next order through B is told.
    await chef.close()
    await until(false)
    const unseen = await placeOrder(b)
    await noticeOf(unseen.id)

    // An instance with a console open that dies without a word: counted while it lives...
    const dyingBus = await busOf()
    const dying = await createConsolePresence({ bus: dyingBus, heartbeatMs: 200, ttlMs: 1500 })
    dying.opened(restaurant.id)
    await until(true)
    const whileAlive = await placeOrder(b)
    await sleep(500)
    expect(await newOrderNotices()).not.toContain(whileAlive.id)
    // ...and forgotten once its last word runs out: its broker connection goes first, so no
    // goodbye leaves.
    await dyingBus.close()
    await dying.close()
    await until(false)
    const afterDeath = await placeOrder(b)
    await noticeOf(afterDeath.id)
  })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function signedInUser(db: Db, balanceCents: number) {
  const name = `cluster_${randomBytes(4).toString('hex')}`
  const [user] = await db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.com`,
      fullName: 'Cluster Diner',
      passwordHash: 'x',
      walletBalanceCents: balanceCents,
    })
    .returning()
  if (balanceCents > 0)
    await db.insert(walletTransactions).values({
      userId: user!.id,
      amountCents: balanceCents,
      type: 'deposit',
      description: 'Opening balance',
    })
  const session = await createAuthRepository(db).createSession(user!.id)
  return { id: user!.id, cookie: `clearplate_session=${session.token}` }
}
