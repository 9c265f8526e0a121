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

describe('chef shouts, tips and upsells on the live channel', () => {
  it('sends a chef shout once, charges its price, and every viewer of the order sees it', async () => {
    const { diner, order, viewers } = await watchedOrder(10)
    const [tab, chef] = viewers as [Viewer, Viewer]
    const ack = await tab.request(
      {
        type: 'chef_shout',
        orderId: order.id,
        userId: 999,
        shoutType: 'cheese',
        shoutName: 'Free!',
        price: 0,
      },
      (m) => m.type === 'ack' || m.type === 'error',
    )
    expect(ack).toEqual({ type: 'ack', request: 'chef_shout', orderId: order.id, newBalance: 8 })
    for (const viewer of viewers) {
      expect(await viewer.waitFor(ofType('chef_shout', order.id))).toMatchObject({
        shout: { shoutName: 'Add Cheese!', price: 2, status: 'pending' },
      })
    }
    expect(await balanceCents(app, diner.user.id)).toBe(800)
    expect(await ledger(diner)).toEqual([{ type: 'chef_shout', amountCents: -200 }])
    expect(await db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toHaveLength(1)
    expect(chef.messages.filter((m) => m.type === 'chef_shout')).toHaveLength(1)
    await closeAll(viewers)
  })

  it('refuses a shout the wallet cannot pay, and one from a visitor, charging nothing', async () => {
    const { diner, order, viewers } = await watchedOrder(1)
    const [tab] = viewers as [Viewer]
    const answer = await tab.request(
      { type: 'chef_shout', orderId: order.id, shoutType: 'cheese' },
      ofType('error'),
    )
    expect(answer).toEqual({ type: 'error', message: 'Insufficient funds', request: 'chef_shout' })
    const visitor = await connectViewer(url)
    expect(
      await visitor.request({ type: 'chef_shout', orderId: order.id, shoutType: 'garlic' }, ofType('error')),
    ).toMatchObject({
      message: 'Sign in to send a chef shout',
    })
    expect(await balanceCents(app, diner.user.id)).toBe(100)
    expect(await ledger(diner)).toEqual([])
    expect(await db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toEqual([])
    await closeAll([...viewers, visitor])
  })

  it('tips the chef once from the wallet, and every viewer of the order gets the tip', async () => {
    const { diner, order, viewers } = await watchedOrder(20)
    const [tab] = viewers as [Viewer]
    const ack = await tab.request(
      {
        type: 'chef_tip',
        orderId: order.id,
        userId: diner.user.id,
        amount: 5.5,
        message: 'Grazie!',
        timestamp: Date.now(),
      },
      (m) => m.type === 'ack' || m.type === 'error',
    )
    expect(ack).toEqual({ type: 'ack', request: 'chef_tip', orderId: order.id, newBalance: 14.5 })
    for (const viewer of viewers) {
      const tip = await viewer.waitFor(ofType('chef_tip', order.id))
      expect(tip).toMatchObject({ amount: 5.5, message: 'Grazie!' })
      expect(tip).not.toHaveProperty('demo')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(1450)
    expect(await ledger(diner)).toEqual([{ type: 'tip', amountCents: -550 }])

    for (const amount of [0.25, 5.555, 150]) {
      const refused = await tab.request(
        { type: 'chef_tip', orderId: order.id, amount, message: '' },
        ofType('error'),
      )
      expect(refused.type).toBe('error')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(1450)
    await closeAll(viewers)
  })

  it('relays a visitor’s demo tip to the viewers of an order they watch, moving no money', async () => {
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
    const audience = await connectViewer(url)
    for (const v of [visitor, audience]) {
      v.send({ type: 'subscribe', orderId: showcase.id })
      await v.next(ofType('telemetry', showcase.id))
    }
    const before = await balanceCents(app, owner.user.id)
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: showcase.id, amount: 5, message: 'Looks great' },
        ofType('ack'),
      ),
    ).toEqual({
      type: 'ack',
      request: 'chef_tip',
      orderId: showcase.id,
    })
    for (const v of [visitor, audience]) {
      expect(await v.waitFor(ofType('chef_tip', showcase.id))).toMatchObject({
        amount: 5,
        message: 'Looks great',
        demo: true,
      })
    }
    // Only for an order the visitor watches, and not as a flood.
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: order.id, amount: 5, message: 'hi' },
        ofType('error'),
      ),
    ).toMatchObject({
      code: 'forbidden',
    })
    expect(
      await visitor.request(
        { type: 'chef_tip', orderId: showcase.id, amount: 5, message: 'again' },
        ofType('error'),
      ),
    ).toMatchObject({
      code: 'rate_limited',
    })
    await new Promise((r) => setTimeout(r, 100))
    expect(viewers.some((v) => v.messages.some((m) => m.type === 'chef_tip'))).toBe(false)
    expect(await balanceCents(app, owner.user.id)).toBe(before)
    await closeAll([...viewers, visitor, audience])
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

  it('shows the diner a pending upsell on subscribe, charges an accepted one once, and refuses a second answer', async () => {
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
      await chef.request({ type: 'upsell_response', upsellId: upsell!.id, accepted: true }, ofType('error')),
    ).toMatchObject({
      message: 'Only the diner who placed this order can answer its offers',
    })

    const ack = await tab.request(
      { type: 'upsell_response', upsellId: upsell!.id, accepted: true },
      (m) => m.type === 'ack' || m.type === 'error',
    )
    expect(ack).toEqual({ type: 'ack', request: 'upsell_response', orderId: order.id, newBalance: 23.01 })
    for (const viewer of [tab, chef]) {
      expect(await viewer.waitFor(ofType('upsell_result', order.id))).toMatchObject({
        upsellId: upsell!.id,
        accepted: true,
      })
    }
    const again = await tab.request(
      { type: 'upsell_response', upsellId: upsell!.id, accepted: false },
      ofType('error'),
    )
    expect(again).toMatchObject({ message: 'This offer was already answered', request: 'upsell_response' })

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

  it('does not move money for a session that has signed out since the connection opened', async () => {
    const { diner, order, viewers } = await watchedOrder(10)
    const [tab] = viewers as [Viewer]
    await app.inject({ method: 'POST', url: '/api/logout', headers: diner.headers })
    expect(
      await tab.request({ type: 'chef_shout', orderId: order.id, shoutType: 'spicy' }, ofType('error')),
    ).toMatchObject({
      message: 'Sign in to send a chef shout',
    })
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
    await closeAll(viewers)
  })
})
