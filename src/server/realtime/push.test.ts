import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { demoWorld } from '../../demo/world'
import type { ServerMessage } from '../../shared/live-messages'
import { buildApp } from '../app'
import type { Bus } from '../infra/bus'
import { createRedisBus } from '../infra/bus.redis'
import { buildTestApp, createUser, testConfig } from '../testing/build-test-app'
import { connectViewer, createKitchen, createKitchenOrder, liveUrl, ofType } from './live.fixtures'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)
const { restaurant, items } = await createKitchen(app.db)

type WalletMessage = Extract<ServerMessage, { type: 'wallet' }>

/** Nothing of `type` arrives within `ms`. */
async function silence(viewer: Awaited<ReturnType<typeof connectViewer>>, type: string, ms = 300) {
  await new Promise((r) => setTimeout(r, ms))
  return viewer.messages.filter((m) => m.type === type)
}

describe('the live channel pushes a diner’s own changes', () => {
  it('tells every open connection of the diner their new balance and the transaction when they add funds', async () => {
    const diner = await createUser(app, { balance: 5 })
    const stranger = await createUser(app, { balance: 5 })
    const tabs = [
      await connectViewer(url, { cookie: diner.cookie }),
      await connectViewer(url, { cookie: diner.cookie }),
    ]
    const other = await connectViewer(url, { cookie: stranger.cookie })
    const visitor = await connectViewer(url)
    // The connection knows its user once the session is resolved; a ping round trip waits for it.
    for (const v of [...tabs, other]) await v.request({ type: 'ping' }, ofType('pong'))

    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/add-funds`,
      headers: diner.headers,
      payload: { amount: 12.5 },
    })
    expect(res.statusCode).toBe(200)
    const { transaction } = res.json()
    for (const tab of tabs) {
      const message = await tab.waitFor<WalletMessage>(ofType('wallet'))
      expect(message.balance).toBe(17.5)
      expect(message.transaction).toMatchObject({ id: transaction.id, type: 'deposit', amount: 12.5 })
    }
    expect(await silence(other, 'wallet')).toEqual([])
    expect(await silence(visitor, 'wallet', 0)).toEqual([])
    await Promise.all([...tabs, other, visitor].map((v) => v.close()))
  })

  it('pushes the charge of a placed order, and nothing for a replayed request', async () => {
    const diner = await createUser(app, { balance: 50 })
    const tab = await connectViewer(url, { cookie: diner.cookie })
    await tab.request({ type: 'ping' }, ofType('pong'))
    const place = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...diner.headers, 'idempotency-key': 'push-order-1' },
        payload: { restaurantId: restaurant.id, items: [{ menuItemId: items[0]!.id, quantity: 1 }] },
      })
    expect((await place()).statusCode).toBe(201)
    const message = await tab.waitFor<WalletMessage>(ofType('wallet'))
    expect(message.transaction.type).toBe('order')
    expect(message.balance).toBeCloseTo(50 - 14.5 - 2.99, 2)
    expect((await place()).statusCode).toBe(201)
    expect(await silence(tab, 'wallet')).toHaveLength(1)
    await tab.close()
  })

  it('sends the whole shout to the order’s viewers and the charge to the diner alone', async () => {
    const diner = await createUser(app, { balance: 20 })
    const order = await createKitchenOrder(app.db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [items[0]!],
      status: 'cooking',
      progress: 45,
      kitchenStartedAt: new Date(Date.now() + 3_600_000),
    })
    const tab = await connectViewer(url, { cookie: diner.cookie })
    tab.send({ type: 'subscribe', orderId: order.id })
    await tab.next(ofType('subscribed', order.id))
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/chef-shouts`,
      headers: diner.headers,
      payload: { shoutType: 'cheese' },
    })
    expect(res.statusCode).toBe(201)
    const shout = await tab.waitFor<Extract<ServerMessage, { type: 'chef_shout' }>>(
      ofType('chef_shout', order.id),
    )
    const { newBalance, ...listed } = res.json()
    expect(shout.shout).toEqual(listed)
    const wallet = await tab.waitFor<WalletMessage>(ofType('wallet'))
    expect(wallet.balance).toBe(newBalance)
    expect(wallet.transaction).toMatchObject({ type: 'chef_shout', amount: -listed.price })
    await tab.close()
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.runIf(redisUrl)('wallet messages across instances', () => {
  it('reaches the diner’s connection on another instance through Redis', async () => {
    const prefixed = `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=test-${randomBytes(4).toString('hex')}:`
    const buses: Bus[] = [await createRedisBus(prefixed), await createRedisBus(prefixed)]
    const [a, b] = await Promise.all(
      buses.map((bus) =>
        buildApp({ world: demoWorld, config: testConfig(), database: app.testDatabase, bus, logger: false }),
      ),
    )
    try {
      await b!.listen({ port: 0, host: '127.0.0.1' })
      const diner = await createUser(app, { balance: 1 })
      const tab = await connectViewer(liveUrl(b!.server), { cookie: diner.cookie })
      await tab.request({ type: 'ping' }, ofType('pong'))
      const res = await a!.inject({
        method: 'POST',
        url: `/api/users/${diner.user.id}/wallet/add-funds`,
        headers: diner.headers,
        payload: { amount: 2 },
      })
      expect(res.statusCode).toBe(200)
      expect((await tab.waitFor<WalletMessage>(ofType('wallet'))).balance).toBe(3)
      await tab.close()
    } finally {
      await a!.close()
      await b!.close()
      await Promise.all(buses.map((bus) => bus.close()))
    }
  })
})
