import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { describe, expect, it, onTestFinished } from 'vitest'
import { freePort, type RunningServer, startServer } from '../../../e2e/support/server'
import type { ServerMessage } from '../../shared/live-messages'
import { createAuthRepository } from '../auth/auth.repository'
import { users, walletTransactions } from '../db/schema'
import { openTestDatabase } from '../testing/test-database'
import { vapidEnv } from '../testing/vapid-env'
import { connectViewer, createKitchen, createKitchenOrder, ofType, type Viewer } from './live.fixtures'

/**
 * Two real server processes on one PostgreSQL database, sharing live messages through Redis.
 * Runs in the PostgreSQL project only (PGlite is one process).
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const redisUrl = process.env.TEST_REDIS_URL
const ORDER_SECONDS = 30
const TICK_MS = 250

describe.runIf(onPostgres && process.env.CI === 'true' && !redisUrl)('two instances on CI', () => {
  it('needs TEST_REDIS_URL', () => {
    throw new Error(
      'Set TEST_REDIS_URL (for example redis://127.0.0.1:6379): CI must test live messages across instances',
    )
  })
})

describe.runIf(onPostgres && redisUrl)('two server instances with Redis', () => {
  it('delivers every message to viewers on both, from exactly one kitchen driver, which hands over when it dies', {
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

    const diner = await createSignedInDiner(database.db)
    const { restaurant } = await createKitchen(database.db)
    // Other files' runs may share this Redis: keep this test's channels apart.
    const env = {
      DATABASE_URL: database.url!,
      APP_SECRET: 'cluster-secret-shared-by-both-instances-1',
      ...vapidEnv(),
      REDIS_URL: `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=cluster-${randomBytes(4).toString('hex')}:`,
      KITCHEN_ORDER_SECONDS: String(ORDER_SECONDS),
      KITCHEN_TICK_MS: String(TICK_MS),
      CAMERAS_ENABLED: 'false',
      LOG_LEVEL: 'info',
    }
    // One after the other: the first takes the kitchen.
    const a = await startServer({ ...env, PORT: String(await freePort()) })
    servers.push(a)
    await waitFor(
      () => a.output().includes('kitchen engine drives the kitchen'),
      10_000,
      'A to drive the kitchen',
    )
    const b = await startServer({ ...env, PORT: String(await freePort()) })
    servers.push(b)

    const order = await createKitchenOrder(database.db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      kitchenStartedAt: new Date(),
    })
    const ws = (s: RunningServer) => `${s.url.replace('http', 'ws')}/ws`
    const onA = await connectViewer(ws(a), { cookie: diner.cookie })
    const onB = await connectViewer(ws(b), { cookie: diner.cookie })
    viewers.push(onA, onB)
    for (const v of [onA, onB]) {
      v.send({ type: 'subscribe', orderId: order.id })
      await v.next(ofType('subscribed', order.id))
    }

    // The engine on A publishes; the viewer on B receives.
    const windowStart = Date.now()
    await onB.next(ofType('telemetry', order.id), 5000)
    await onB.next(ofType('status', order.id), 5000)
    await sleep(3000)
    const windowMs = Date.now() - windowStart
    for (const viewer of [onA, onB]) {
      const readings = after(viewer.messages, 'telemetry', order.id, windowStart)
      // One driver: about one reading per tick, not two.
      expect(readings.length).toBeGreaterThanOrEqual(windowMs / TICK_MS / 4)
      expect(readings.length).toBeLessThanOrEqual(windowMs / TICK_MS + 3)
      const progress = after(viewer.messages, 'status', order.id, windowStart).map((m) => m.progress)
      expect(progress.length).toBeGreaterThan(3)
      expect(new Set(progress).size).toBe(progress.length)
      expect(progress).toEqual([...progress].sort((x, y) => x - y))
    }
    expect(b.output()).not.toContain('kitchen engine drives the kitchen')

    // A tip paid through B (money moves only over REST, with its idempotency key) reaches the
    // viewer on A, and a retry with the same key charges once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const paid = await fetch(`${b.url}/api/orders/${order.id}/tip-chef`, {
        method: 'POST',
        headers: {
          cookie: diner.cookie,
          'content-type': 'application/json',
          origin: b.url,
          'idempotency-key': `cluster-tip-${order.id}`,
        },
        body: JSON.stringify({ amount: 3, message: 'From B' }),
      })
      expect(paid.status).toBe(200)
      expect(await paid.json()).toMatchObject({ newBalance: 17 })
    }
    expect(await onA.waitFor(ofType('chef_tip', order.id))).toMatchObject({ amount: 3, message: 'From B' })
    const tips = (await database.db.select().from(walletTransactions)).filter(
      (t) => t.userId === diner.user.id && t.type === 'tip',
    )
    expect(tips.map((t) => t.amountCents)).toEqual([-300])

    // The driver dies without a word; B takes the kitchen over within seconds.
    const exited = new Promise((resolve) => a.process.once('exit', resolve))
    a.process.kill('SIGKILL')
    const killedAt = Date.now()
    await exited
    servers.splice(servers.indexOf(a), 1)
    rmSync(a.dataDir, { recursive: true, force: true })
    await waitFor(() => b.output().includes('kitchen engine drives the kitchen'), 10_000, 'B to take over')
    const resumed = await onB.next<Extract<ServerMessage, { type: 'telemetry' }>>(
      (m) => m.type === 'telemetry' && m.orderId === order.id && m.sentAt > killedAt,
      10_000,
    )
    expect(resumed.sentAt - killedAt).toBeLessThan(8000)
    await sleep(1500)
    const progress = after(onB.messages, 'status', order.id, windowStart).map((m) => m.progress)
    expect(new Set(progress).size).toBe(progress.length)
  })
})

async function createSignedInDiner(db: Awaited<ReturnType<typeof openTestDatabase>>['db']) {
  const name = `cluster_${randomBytes(4).toString('hex')}`
  const [user] = await db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.com`,
      fullName: 'Cluster Diner',
      passwordHash: 'x',
      walletBalanceCents: 2000,
    })
    .returning()
  await db
    .insert(walletTransactions)
    .values({ userId: user!.id, amountCents: 2000, type: 'deposit', description: 'Opening balance' })
  const session = await createAuthRepository(db).createSession(user!.id)
  return { user: user!, cookie: `clearplate_session=${session.token}` }
}

function after<K extends 'telemetry' | 'status'>(
  messages: ServerMessage[],
  type: K,
  orderId: number,
  since: number,
) {
  return messages.filter(
    (m): m is Extract<ServerMessage, { type: K }> =>
      m.type === type &&
      (m as { orderId: number }).orderId === orderId &&
      (m as { sentAt: number }).sentAt >= since,
  )
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitFor(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await sleep(100)
  }
}
