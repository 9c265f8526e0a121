import type { ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../e2e/support/server'
import { demoWorld } from '../../demo/world'
import type { ServerMessage } from '../../shared/live-messages'
import { buildApp } from '../app'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { connectViewer, ofType, type Viewer } from '../realtime/live.fixtures'
import { balanceCents, createUser, type TestApp, testConfig } from '../testing/build-test-app'
import { freezeRedis, redisAvailable, startRedis, stopRedis, until } from '../testing/private-redis'
import { openTestDatabase } from '../testing/test-database'
import type { Bus } from './bus'
import { createRedisBus } from './bus.redis'
import { replaceableKey } from './create-bus'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
type Tip = Extract<ServerMessage, { type: 'chef_tip' }>

describe.runIf(redisAvailable)('Redis frozen (SIGSTOP) mid-test', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  })

  async function privateRedis() {
    const port = await freePort()
    const redis: ChildProcess = await startRedis(port)
    cleanups.push(async () => {
      // A frozen server cannot take SIGKILL's exit until it runs again.
      process.kill(redis.pid!, 'SIGCONT')
      await stopRedis(redis)
    })
    return { redis, url: `redis://127.0.0.1:${port}` }
  }

  it('says degraded while messages wait, then sends every tip and invalidation once when Redis answers again', {
    timeout: 60_000,
  }, async () => {
    const { redis, url } = await privateRedis()
    const database = await openTestDatabase()
    cleanups.push(() => database.close())
    async function instance() {
      const bus: Bus = await createRedisBus(url, {
        onError: () => {},
        publishTimeoutMs: 300,
        retryMs: 100,
        replaceKey: replaceableKey,
      })
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

    const diner = await createUser(a.app, { balance: 50 })
    const owner = await createUser(a.app)
    const { restaurant, items } = await createRestaurant(a.app, { ownerId: owner.user.id })
    const order = await placeOrder(a.app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const afterOrder = await balanceCents(a.app, diner.user.id)
    const names = async (app: TestApp) =>
      (
        (await app.inject({ url: '/api/restaurants?limit=100' })).json() as {
          restaurants: { name: string }[]
        }
      ).restaurants.map((r) => r.name)
    expect(await names(b.app)).not.toContain('Frozen Grill')

    // The viewer watches the order on B; the tips are sent on A.
    const viewer: Viewer = await connectViewer(wsUrl(b.app), { cookie: diner.cookie })
    cleanups.push(() => viewer.close())
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('subscribed', order.id))
    const tip = (message: string) =>
      a.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/tip-chef`,
        headers: diner.headers,
        payload: { amount: 1, message },
      })
    expect((await tip('Before the freeze')).statusCode).toBe(200)
    await viewer.waitFor((m) => m.type === 'chef_tip' && m.message === 'Before the freeze')
    expect((await a.app.inject({ url: '/healthz' })).json().status).toBe('ready')

    const thaw = freezeRedis(redis)
    try {
      // The first publish is left unanswered; A notices and says so.
      expect((await tip('First during the freeze')).statusCode).toBe(200)
      await until(
        async () => (await a.app.inject({ url: '/healthz' })).json().status === 'degraded',
        5000,
        'A to report the bus degraded',
      )
      // What follows waits in A's queue, and the requests answer at once.
      expect((await tip('Second during the freeze')).statusCode).toBe(200)
      expect((await tip('Third during the freeze')).statusCode).toBe(200)
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/restaurants',
        headers: owner.headers,
        payload: {
          name: 'Frozen Grill',
          description: 'Opened while the broker was frozen.',
          cuisine: 'American',
          address: '9 Broker Lane, Austin',
          priceRange: '$$',
        },
      })
      expect(created.statusCode).toBe(201)
      const health = (await a.app.inject({ url: '/healthz' })).json()
      expect(health).toMatchObject({ status: 'degraded', bus: { kind: 'redis', connected: false } })
      expect(health.bus.queued).toBeGreaterThanOrEqual(3)
      // Frozen for a few seconds: longer than any publish timeout.
      await sleep(3000)
      expect((await a.app.inject({ url: '/healthz' })).json().status).toBe('degraded')
    } finally {
      thaw()
    }

    // Redis answers again: the queue drains without a reconnect, in order, each message once.
    await until(
      async () => (await a.app.inject({ url: '/healthz' })).json().status === 'ready',
      10_000,
      'A to report the bus ready again',
    )
    expect((await a.app.inject({ url: '/healthz' })).json().bus).toEqual({
      kind: 'redis',
      connected: true,
      queued: 0,
    })
    await viewer.waitFor((m) => m.type === 'chef_tip' && m.message === 'Third during the freeze', 5000)
    await until(
      async () => (await names(b.app)).includes('Frozen Grill'),
      5000,
      "B's list to show the restaurant",
    )
    await sleep(300)
    const tips = viewer.messages.filter((m): m is Tip => m.type === 'chef_tip').map((m) => m.message)
    expect(tips).toEqual([
      'Before the freeze',
      'First during the freeze',
      'Second during the freeze',
      'Third during the freeze',
    ])
    expect(await balanceCents(a.app, diner.user.id)).toBe(afterOrder - 400)

    // And the bus keeps working: a tip made on A after the thaw crosses at once.
    expect((await tip('After the thaw')).statusCode).toBe(200)
    await viewer.waitFor((m) => m.type === 'chef_tip' && m.message === 'After the thaw', 2000)
  })

  it('keeps every tip through an outage flooded with telemetry, and only the newest reading of each order', {
    timeout: 60_000,
  }, async () => {
    const { redis, url } = await privateRedis()
    const bus = async () => {
      const created = await createRedisBus(url, {
        onError: () => {},
        publishTimeoutMs: 300,
        retryMs: 100,
        replaceKey: replaceableKey,
      })
      cleanups.push(() => created.close())
      return created
    }
    const publisher = await bus()
    const listener = await bus()
    const tipped: unknown[] = []
    const watchedOrders = [1, 1000, 2000]
    const telemetry = new Map<number, number[]>(watchedOrders.map((id) => [id, []]))
    await listener.subscribe('order:1', (m) => {
      if ((m as { type: string }).type === 'chef_tip') tipped.push((m as { message: string }).message)
    })
    for (const id of watchedOrders)
      await listener.subscribe(`order:${id}`, (m) => {
        if ((m as { type: string }).type === 'telemetry')
          telemetry.get(id)!.push((m as { sentAt: number }).sentAt)
      })

    const thaw = freezeRedis(redis)
    try {
      // Five tips at the start of the outage, then ten passes of telemetry for 2,000 orders:
      // 20,000 readings, twice the queue's bound for messages that must arrive.
      const sendTip = (i: number) =>
        publisher.publish('order:1', {
          type: 'chef_tip',
          orderId: 1,
          amount: 1,
          message: `tip ${i}`,
          sentAt: i,
        })
      // The first is sent and left unanswered; the others wait in the queue.
      await sendTip(1)
      await until(() => !publisher.status().connected, 5000, 'the publisher to notice')
      for (let i = 2; i <= 5; i++) await sendTip(i)
      for (let pass = 1; pass <= 10; pass++) {
        for (let id = 1; id <= 2000; id++)
          await publisher.publish(`order:${id}`, {
            type: 'telemetry',
            orderId: id,
            data: { temperature: 300 + pass, cookingTime: 60, status: 'On schedule', source: 'estimate' },
            sentAt: pass,
          })
      }
      // Four tips and one reading per order wait; nothing was dropped.
      expect(publisher.status().queued).toBe(4 + 2000)
      await sleep(1000)
    } finally {
      thaw()
    }

    await until(() => tipped.length === 5, 10_000, 'the five tips')
    await until(() => publisher.status().queued === 0, 10_000, 'the queue to drain')
    await sleep(300)
    expect(tipped).toEqual(['tip 1', 'tip 2', 'tip 3', 'tip 4', 'tip 5'])
    // Each watched order got its newest reading, once.
    for (const id of watchedOrders) expect(telemetry.get(id)).toEqual([10])
  })
})
