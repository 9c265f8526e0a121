import { randomBytes } from 'node:crypto'
import { describe, expect, it, onTestFinished } from 'vitest'
import { freePort, type RunningServer, startServer } from '../../../e2e/support/server'
import type { ServerMessage } from '../../shared/live-messages'
import { createAuthRepository } from '../auth/auth.repository'
import type { Db } from '../db/client'
import { users, walletTransactions } from '../db/schema'
import { openTestDatabase } from '../testing/test-database'
import { vapidEnv } from '../testing/vapid-env'
import { connectViewer, createKitchen, ofType, type Viewer } from './live.fixtures'

/**
 * Two real server processes on one PostgreSQL database, sharing live messages through Redis: the
 * kitchen console on one instance, the diner on the other. PostgreSQL project only.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(onPostgres && redisUrl)('the kitchen console across two instances', () => {
  it('shows the console on A an order placed on B, and a bump on A reaches the diner on B', {
    timeout: 60_000,
  }, async () => {
    const database = await openTestDatabase()
    const servers: RunningServer[] = []
    const viewers: Viewer[] = []
    onTestFinished(async () => {
      await Promise.all(viewers.map((v) => v.close()))
      await Promise.all(servers.map((s) => s.stop()))
      await database.close()
    })

    const owner = await signedInUser(database.db, 0)
    const diner = await signedInUser(database.db, 5000)
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

    const chef = await connectViewer(ws(a!), { cookie: owner.cookie })
    viewers.push(chef)
    expect(
      await chef.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_subscribed' || m.type === 'error',
      ),
    ).toEqual({ type: 'kitchen_subscribed', restaurantId: restaurant.id })

    // The diner orders through B; the console on A gets the ticket.
    const placed = await fetch(`${b!.url}/api/orders`, {
      method: 'POST',
      headers: { cookie: diner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        restaurantId: restaurant.id,
        items: [{ menuItemId: items[0]!.id, quantity: 1 }],
        fulfilment: 'pickup',
      }),
    })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as { id: number }
    const ticket = await chef.waitFor<Extract<ServerMessage, { type: 'kitchen_order' }>>(
      (m) => m.type === 'kitchen_order' && m.order.id === order.id,
    )
    expect(ticket.order).toMatchObject({ status: 'preparing', dinerName: 'Cluster' })

    // The diner watches on B; the kitchen bumps on A.
    const watcher = await connectViewer(ws(b!), { cookie: diner.cookie })
    viewers.push(watcher)
    watcher.send({ type: 'subscribe', orderId: order.id })
    await watcher.next(ofType('subscribed', order.id))
    const bumped = await fetch(`${a!.url}/api/orders/${order.id}/advance`, {
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
})

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
