import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { chefShouts, orders, upsells, walletTransactions } from '../db/schema'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import {
  connectViewer,
  createKitchen,
  createKitchenOrder,
  liveUrl,
  ofType,
  type Viewer,
} from './live.fixtures'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)
const db = app.db

const owner = await createUser(app)
const { restaurant, items } = await createKitchen(db, { ownerId: owner.user.id })

/** A diner with a wallet, a cooking order of theirs, and two open viewers on it (two tabs). */
async function watchedOrder(balance: number) {
  const diner = await createUser(app, { balance })
  const order = await createKitchenOrder(db, {
    userId: diner.user.id,
    restaurantId: restaurant.id,
    items: [items[0]!],
    status: 'cooking',
    progress: 45,
    kitchenStartedAt: new Date(Date.now() + 3_600_000),
  })
  const viewers = [
    await connectViewer(url, { cookie: diner.cookie }),
    await connectViewer(url, { cookie: owner.cookie }),
  ]
  for (const viewer of viewers) {
    viewer.send({ type: 'subscribe', orderId: order.id })
    await viewer.next(ofType('telemetry', order.id))
  }
  return { diner, order, viewers }
}

async function ledger(user: TestUser) {
  const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.user.id))
  return rows.filter((r) => r.type !== 'deposit').map((r) => ({ type: r.type, amountCents: r.amountCents }))
}

const closeAll = (viewers: Viewer[]) => Promise.all(viewers.map((v) => v.close()))

/** A REST call as the diner's client makes it, with its Idempotency-Key. */
function call(method: 'POST' | 'PUT', user: TestUser, url: string, payload: Record<string, unknown>) {
  return app.inject({
    method,
    url,
    headers: { ...user.headers, 'idempotency-key': crypto.randomUUID() },
    payload,
  })
}

describe('money on the live channel: one door, the REST routes', () => {
  it('refuses a paid chef shout on the socket, charging nothing; the REST shout reaches every viewer once', async () => {
    const { diner, order, viewers } = await watchedOrder(10)
    const [tab, chef] = viewers as [Viewer, Viewer]
    const refused = await tab.request(
      { type: 'chef_shout', orderId: order.id, userId: 999, shoutType: 'cheese', price: 0 },
      (m) => m.type === 'ack' || m.type === 'error',
    )
    expect(refused).toMatchObject({ type: 'error', code: 'rest_only', request: 'chef_shout' })
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
    expect(await db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toEqual([])

    const res = await call('POST', diner, `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })
    expect(res.statusCode).toBe(201)
    for (const viewer of viewers) {
      expect(await viewer.waitFor(ofType('chef_shout', order.id))).toMatchObject({
        shout: { shoutName: 'Add Cheese!', price: 2, status: 'pending' },
      })
    }
    expect(await balanceCents(app, diner.user.id)).toBe(800)
    expect(await ledger(diner)).toEqual([{ type: 'chef_shout', amountCents: -200 }])
    expect(chef.messages.filter((m) => m.type === 'chef_shout')).toHaveLength(1)
    await closeAll(viewers)
  })

  it('refuses a signed-in diner’s tip on the socket; the REST tip reaches every viewer with its id and sender', async () => {
    const { diner, order, viewers } = await watchedOrder(20)
    const [tab] = viewers as [Viewer]
    const refused = await tab.request(
      { type: 'chef_tip', orderId: order.id, userId: diner.user.id, amount: 5.5, message: 'Grazie!' },
      (m) => m.type === 'ack' || m.type === 'error',
    )
    expect(refused).toMatchObject({ type: 'error', code: 'rest_only', request: 'chef_tip' })
    await new Promise((r) => setTimeout(r, 50))
    expect(viewers.some((v) => v.messages.some((m) => m.type === 'chef_tip'))).toBe(false)
    expect(await balanceCents(app, diner.user.id)).toBe(2000)

    const res = await call('POST', diner, `/api/orders/${order.id}/tip-chef`, {
      amount: 5.5,
      message: 'Grazie!',
    })
    expect(res.statusCode).toBe(200)
    const { tipId } = res.json() as { tipId: number }
    for (const viewer of viewers) {
      const tip = await viewer.waitFor(ofType('chef_tip', order.id))
      expect(tip).toMatchObject({ tipId, senderId: diner.user.id, amount: 5.5, message: 'Grazie!' })
      expect(tip).not.toHaveProperty('demo')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(1450)
    expect(await ledger(diner)).toEqual([{ type: 'tip', amountCents: -550 }])
    await closeAll(viewers)
  })

  it('shows a visitor’s demo tip only to that visitor, moving no money', async () => {
    const showcase = await createKitchenOrder(db, {
      userId: owner.user.id,
      restaurantId: restaurant.id,
      isShowcase: true,
      status: 'cooking',
      progress: 50,
      kitchenStartedAt: new Date(Date.now() + 3_600_000),
    })
    const { order, viewers } = await watchedOrder(5)
    const visitor = await connectViewer(url)
    const secondViewer = await connectViewer(url)
    for (const v of [visitor, secondViewer]) {
      v.send({ type: 'subscribe', orderId: showcase.id })
      await v.next(ofType('telemetry', showcase.id))
    }
    const before = await balanceCents(app, owner.user.id)
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: showcase.id, amount: 5, message: 'Looks great' },
        ofType('ack'),
      ),
    ).toEqual({ type: 'ack', request: 'chef_tip', orderId: showcase.id })
    expect(await visitor.waitFor(ofType('chef_tip', showcase.id))).toEqual({
      type: 'chef_tip',
      orderId: showcase.id,
      amount: 5,
      message: 'Looks great',
      demo: true,
      sentAt: expect.any(Number),
    })
    // Only for an order the visitor watches, and not as a flood.
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: order.id, amount: 5, message: 'hi' },
        ofType('error'),
      ),
    ).toMatchObject({ code: 'forbidden' })
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: showcase.id, amount: 5, message: 'again' },
        ofType('error'),
      ),
    ).toMatchObject({ code: 'rate_limited' })
    // A ping answered after the tip: anything sent to the second viewer before it has arrived.
    await secondViewer.request({ type: 'ping' }, ofType('pong'))
    await new Promise((r) => setTimeout(r, 100))
    expect(secondViewer.messages.some((m) => m.type === 'chef_tip')).toBe(false)
    expect(viewers.some((v) => v.messages.some((m) => m.type === 'chef_tip'))).toBe(false)
    expect(await balanceCents(app, owner.user.id)).toBe(before)
    await closeAll([...viewers, visitor, secondViewer])
  })

  it('does not show an unanswered offer again to a diner who joins once the dish is plating', async () => {
    const diner = await createUser(app, { balance: 30 })
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [items[0]!],
      status: 'plating',
      progress: 80,
      kitchenStartedAt: new Date(Date.now() + 3_600_000),
    })
    await db
      .insert(upsells)
      .values({ orderId: order.id, menuItemId: items[2]!.id, shown: true, shownAt: new Date() })
    const tab = await connectViewer(url, { cookie: diner.cookie })
    tab.send({ type: 'subscribe', orderId: order.id })
    await tab.waitFor(ofType('subscribed', order.id))
    await tab.waitFor(ofType('telemetry', order.id))
    expect(tab.messages.some((m) => m.type === 'upsell')).toBe(false)
    await tab.close()
  })

  it('shows the diner a pending upsell on subscribe; answers go through REST, and every viewer sees the result', async () => {
    const diner = await createUser(app, { balance: 30 })
    const order = await createKitchenOrder(db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [items[0]!],
      status: 'cooking',
      progress: 45,
      kitchenStartedAt: new Date(Date.now() + 3_600_000),
    })
    const salad = items[2]!
    const [upsell] = await db
      .insert(upsells)
      .values({ orderId: order.id, menuItemId: salad.id, shown: true, shownAt: new Date() })
      .returning()

    const tab = await connectViewer(url, { cookie: diner.cookie })
    const chef = await connectViewer(url, { cookie: owner.cookie })
    tab.send({ type: 'subscribe', orderId: order.id })
    chef.send({ type: 'subscribe', orderId: order.id })
    expect(await tab.waitFor(ofType('upsell', order.id))).toMatchObject({
      upsellId: upsell!.id,
      menuItem: { id: salad.id, name: salad.name, price: 6.99 },
    })
    await chef.waitFor(ofType('telemetry', order.id))
    expect(chef.messages.some((m) => m.type === 'upsell')).toBe(false)
    expect(
      await tab.request({ type: 'upsell_response', upsellId: upsell!.id, accepted: true }, ofType('error')),
    ).toMatchObject({ code: 'rest_only', request: 'upsell_response' })
    expect(await balanceCents(app, diner.user.id)).toBe(3000)

    const res = await call('PUT', diner, `/api/upsells/${upsell!.id}/response`, { accepted: true })
    expect(res.statusCode).toBe(200)
    for (const viewer of [tab, chef]) {
      expect(await viewer.waitFor(ofType('upsell_result', order.id))).toMatchObject({
        upsellId: upsell!.id,
        accepted: true,
      })
    }
    expect(await balanceCents(app, diner.user.id)).toBe(2301)
    expect(await ledger(diner)).toEqual([{ type: 'upsell', amountCents: -699 }])
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.totalPriceCents).toBe(order.totalPriceCents + 699)

    // Answered: a new subscription no longer shows the offer.
    const later = await connectViewer(url, { cookie: diner.cookie })
    later.send({ type: 'subscribe', orderId: order.id })
    await later.next(ofType('telemetry', order.id))
    await new Promise((r) => setTimeout(r, 50))
    expect(later.messages.some((m) => m.type === 'upsell')).toBe(false)
    await closeAll([tab, chef, later])
  })
})
