import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../e2e/support/server'
import { demoWorld } from '../../demo/world'
import type { ServerMessage } from '../../shared/live-messages'
import { buildApp } from '../app'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { connectViewer, ofType, type Viewer } from '../realtime/live.fixtures'
import { balanceCents, createUser, type TestApp, testConfig } from '../testing/build-test-app'
import { redisAvailable, startRedis, stopRedis, until } from '../testing/private-redis'
import { openTestDatabase } from '../testing/test-database'
import type { Bus } from './bus'
import { createRedisBus } from './bus.redis'

describe.runIf(redisAvailable)('Redis stopped mid-test, two instances on one database', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  })

  it('answers a tip within 2 s without charging twice, then resyncs caches and rooms when Redis is back', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort()
    let redis = await startRedis(port)
    cleanups.push(() => stopRedis(redis))
    const url = `redis://127.0.0.1:${port}`
    const database = await openTestDatabase()
    cleanups.push(() => database.close())

    async function instance() {
      const bus: Bus = await createRedisBus(url, { onError: () => {}, commandTimeoutMs: 500 })
      const app = await buildApp({ world: demoWorld, config: testConfig(), database, bus, logger: false })
      await app.listen({ port: 0, host: '127.0.0.1' })
      cleanups.push(async () => {
        await app.close()
        await bus.close()
      })
      return { app: app as unknown as TestApp, bus }
    }
    const a = await instance()
    const b = await instance()
    const wsUrl = (app: TestApp) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`
    const viewers: Viewer[] = []
    cleanups.push(() => Promise.all(viewers.map((v) => v.close())))

    const diner = await createUser(a.app, { balance: 50 })
    const owner = await createUser(a.app)
    const { restaurant, items } = await createRestaurant(a.app, { ownerId: owner.user.id })
    const order = await placeOrder(a.app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const second = await placeOrder(a.app, diner, restaurant.id, [{ menuItemId: items[1]!.id, quantity: 1 }])
    const afterOrder = await balanceCents(a.app, diner.user.id)

    // B caches the public list; a viewer on A watches the order.
    const names = async (app: TestApp) => {
      const res = await app.inject({ url: '/api/restaurants?limit=100' })
      expect(res.statusCode).toBe(200)
      return (res.json() as { restaurants: Array<{ name: string }> }).restaurants.map((r) => r.name)
    }
    expect(await names(b.app)).not.toContain('Outage Grill')
    const watcher = await connectViewer(wsUrl(a.app), { cookie: diner.cookie })
    viewers.push(watcher)
    watcher.send({ type: 'subscribe', orderId: order.id })
    await watcher.next(ofType('subscribed', order.id))

    await stopRedis(redis)
    await until(() => !a.bus.status().connected && !b.bus.status().connected, 5000, 'both buses to notice')

    const health = await a.app.inject({ url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      bus: { kind: 'redis', connected: false },
    })

    // The money moves and the answer comes at once; the retry with the same key charges nothing.
    const tip = () =>
      a.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/tip-chef`,
        headers: { ...diner.headers, 'idempotency-key': 'tip-during-outage' },
        payload: { amount: 2, message: 'Thank you' },
      })
    const startedAt = Date.now()
    const first = await tip()
    expect(Date.now() - startedAt).toBeLessThan(2000)
    expect(first.statusCode).toBe(200)
    const retry = await tip()
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual(first.json())
    expect(await balanceCents(a.app, diner.user.id)).toBe(afterOrder - 200)

    // Creating a restaurant answers 201 at once, so nobody retries into a duplicate.
    const createdAt = Date.now()
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: {
        name: 'Outage Grill',
        description: 'Opened while the broker was away.',
        cuisine: 'American',
        address: '9 Broker Lane, Austin',
        priceRange: '$$',
      },
    })
    expect(created.statusCode).toBe(201)
    expect(Date.now() - createdAt).toBeLessThan(2000)

    // A new room can still open during the outage: it listens on Redis once Redis is back.
    const late = await connectViewer(wsUrl(a.app), { cookie: diner.cookie })
    viewers.push(late)
    late.send({ type: 'subscribe', orderId: second.id })
    await late.next(ofType('subscribed', second.id), 2000)

    // Redis comes back: both instances reconnect, B drops its stale list, A's rooms resync.
    redis = await startRedis(port)
    await until(() => a.bus.status().connected && b.bus.status().connected, 15_000, 'both buses to reconnect')
    await watcher.waitFor(ofType('resync', order.id), 5000)
    await late.waitFor(ofType('resync', second.id), 5000)
    await until(
      async () => (await names(b.app)).includes('Outage Grill'),
      5000,
      "B's list to show the new restaurant",
    )
    expect((await b.app.inject({ url: '/healthz' })).json().status).toBe('ready')

    // Messages cross instances again: a tip on B reaches the room A opened during the outage.
    const tipOnB = await b.app.inject({
      method: 'POST',
      url: `/api/orders/${second.id}/tip-chef`,
      headers: diner.headers,
      payload: { amount: 1, message: 'After the outage' },
    })
    expect(tipOnB.statusCode).toBe(200)
    const relayed = await late.waitFor<Extract<ServerMessage, { type: 'chef_tip' }>>(
      (m) => m.type === 'chef_tip' && m.message === 'After the outage',
      5000,
    )
    expect(relayed.amount).toBe(1)
    expect(await balanceCents(a.app, diner.user.id)).toBe(afterOrder - 300)
  })
})
