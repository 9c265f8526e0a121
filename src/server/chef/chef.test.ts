import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { CHEF_SHOUTS } from '../../shared/constants'
import type { ServerMessage } from '../../shared/live-messages'
import { chefShouts, notifications } from '../db/schema'
import { kitchenChannel } from '../infra/bus'
import {
  cookingOrder as cookingOrderAt,
  createRestaurant,
  listenToOrder,
  setOrderState,
  showcaseOrder,
} from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from '../wallet/wallet.fixtures'
import { shoutStatusConflict } from './chef.errors'

const app = await buildTestApp()

const owner = await createUser(app)
const kitchen = await createRestaurant(app, {
  ownerId: owner.user.id,
  items: [
    { name: 'Margherita Pizza', priceCents: 1450 },
    { name: 'Garlic Bread', priceCents: 499 },
    { name: 'Side Salad', priceCents: 699 },
  ],
})
const [pizza] = kitchen.items as [(typeof kitchen.items)[0]]
const cheese = CHEF_SHOUTS.find((s) => s.key === 'cheese')!
const garlic = CHEF_SHOUTS.find((s) => s.key === 'garlic')!

/** A diner with `spare` dollars left after ordering one pizza, and that order, already cooking. */
const cookingOrder = (spare: number, state?: { status: string; progress: number }) =>
  cookingOrderAt(app, kitchen.restaurant.id, pizza, spare, state)
const listen = (orderId: number) => listenToOrder(app, orderId)

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

const shout = (user: TestUser | undefined, orderId: number, payload: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/chef-shouts`,
    headers: { ...(user?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  })

const tip = (user: TestUser | undefined, orderId: number, payload: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/tip-chef`,
    headers: { ...(user?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  })

describe('sending a chef shout', () => {
  it('charges the price of the shout, answers 201 with the shout and the new balance, and tells viewers', async () => {
    const { diner, order } = await cookingOrder(10)
    const live = await listen(order.id)
    const res = await shout(diner, order.id, { shoutType: 'cheese' })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      orderId: order.id,
      userId: diner.user.id,
      shoutType: 'cheese',
      shoutName: 'Add Cheese!',
      price: 2,
      status: 'pending',
      newBalance: 8,
    })
    expect(await balanceCents(app, diner.user.id)).toBe(800)
    expect(await ledgerCents(app, diner.user.id)).toBe(800)
    const charge = (await transactionsOf(app, diner.user.id)).find((t) => t.type === 'chef_shout')
    expect(charge).toMatchObject({
      amountCents: -cheese.priceCents,
      description: `Chef shout "Add Cheese!" on order #${String(order.id).padStart(4, '0')}`,
    })
    await vi.waitFor(() => expect(live.messages).toHaveLength(1))
    expect(live.messages[0]).toMatchObject({
      type: 'chef_shout',
      orderId: order.id,
      shout: { id: body.id, shoutName: 'Add Cheese!', price: 2, status: 'pending' },
    })
    await live.stop()
  })

  it('prices the shout on the server: a price or name in the request is ignored', async () => {
    const { diner, order } = await cookingOrder(10)
    const res = await shout(diner, order.id, { shoutType: 'garlic', price: 0.01, shoutName: 'Free lunch' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ shoutName: 'Extra Garlic!', price: 0.75, newBalance: 9.25 })
  })

  it('refuses an unknown shout with 400 "Unknown chef shout"', async () => {
    const { diner, order } = await cookingOrder(10)
    for (const payload of [{ shoutType: 'caviar' }, {}]) {
      const res = await shout(diner, order.id, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Unknown chef shout')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
  })

  it('refuses a shout before cooking has started with 409, and accepts it from progress 30', async () => {
    const { diner, order } = await cookingOrder(10, { status: 'preparing', progress: 29 })
    const early = await shout(diner, order.id, { shoutType: 'spicy' })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('Chef shouts open once cooking has started')
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
    await setOrderState(app, order.id, { status: 'preparing', progress: 30 })
    expect((await shout(diner, order.id, { shoutType: 'spicy' })).statusCode).toBe(201)
  })

  it('refuses a shout once the dish is being plated with 409, charging nothing', async () => {
    const { diner, order } = await cookingOrder(10, { status: 'cooking', progress: 74 })
    expect((await shout(diner, order.id, { shoutType: 'spicy' })).statusCode).toBe(201)
    const before = await balanceCents(app, diner.user.id)
    for (const state of [
      { status: 'plating', progress: 75 },
      { status: 'delivering', progress: 95 },
    ]) {
      await setOrderState(app, order.id, state)
      const late = await shout(diner, order.id, { shoutType: 'spicy' })
      expect(late.statusCode).toBe(409)
      expect(late.json().message).toBe('Chef shouts close once the dish is being plated')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })

  it('refuses a shout on an order that is no longer active with 409', async () => {
    const { diner, order } = await cookingOrder(10, { status: 'completed', progress: 100 })
    const res = await shout(diner, order.id, { shoutType: 'spicy' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This order is no longer active')
  })

  it('answers 402 when the balance is short, creating no shout and charging nothing', async () => {
    const { diner, order } = await cookingOrder(1.99)
    const res = await shout(diner, order.id, { shoutType: 'cheese' })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Insufficient funds', code: 'wallet.insufficient_funds' })
    expect(await balanceCents(app, diner.user.id)).toBe(199)
    expect(await app.db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toHaveLength(0)
  })

  it("answers 401 to a visitor, 404 to another diner and 403 to the restaurant's owner", async () => {
    const { order } = await cookingOrder(10)
    const other = await createUser(app, { balance: 10 })
    expect((await shout(undefined, order.id, { shoutType: 'spicy' })).statusCode).toBe(401)
    const stranger = await shout(other, order.id, { shoutType: 'spicy' })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().message).toBe('Order not found')
    const chef = await shout(owner, order.id, { shoutType: 'spicy' })
    expect(chef.statusCode).toBe(403)
    expect(chef.json().message).toBe('Only the diner who placed this order can send chef shouts')
    expect((await shout(other, 999_999, { shoutType: 'spicy' })).statusCode).toBe(404)
    expect(await balanceCents(app, other.user.id)).toBe(1000)
  })

  it('sends one shout for a retried request with the same Idempotency-Key', async () => {
    const { diner, order } = await cookingOrder(10)
    const live = await listen(order.id)
    const first = await shout(diner, order.id, { shoutType: 'crispy' }, 'shout-1')
    const retry = await shout(diner, order.id, { shoutType: 'crispy' }, 'shout-1')
    expect(retry.statusCode).toBe(201)
    expect(retry.json()).toEqual(first.json())
    expect(await balanceCents(app, diner.user.id)).toBe(850)
    expect(await app.db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toHaveLength(1)
    await settle()
    expect(live.messages).toHaveLength(1)
    await live.stop()
  })

  it('refuses the same Idempotency-Key for a different shout with 409 and charges nothing more', async () => {
    const { diner, order } = await cookingOrder(10)
    expect((await shout(diner, order.id, { shoutType: 'garlic' }, 'shout-2')).statusCode).toBe(201)
    const other = await shout(diner, order.id, { shoutType: 'cheese' }, 'shout-2')
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toBe('This Idempotency-Key was used for a different request')
    expect(await balanceCents(app, diner.user.id)).toBe(925)
    expect(await app.db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toHaveLength(1)
  })

  it('applies exactly as many of 100 concurrent shouts as the balance pays for, and never goes below zero', async () => {
    const { diner, order } = await cookingOrder(10)
    const startCents = await balanceCents(app, diner.user.id)
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => shout(diner, order.id, { shoutType: 'garlic' })),
    )
    const applied = Math.floor(startCents / garlic.priceCents)
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(applied)
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(100 - applied)
    const finalCents = await balanceCents(app, diner.user.id)
    expect(finalCents).toBe(startCents - applied * garlic.priceCents)
    expect(finalCents).toBeGreaterThanOrEqual(0)
    expect(await ledgerCents(app, diner.user.id)).toBe(finalCents)
    expect(await app.db.select().from(chefShouts).where(eq(chefShouts.orderId, order.id))).toHaveLength(
      applied,
    )
  })
})

describe('listing chef shouts', () => {
  it('answers the diner and the restaurant owner the shouts of the order, newest first', async () => {
    const { diner, order } = await cookingOrder(10)
    const first = (await shout(diner, order.id, { shoutType: 'spicy' })).json()
    const second = (await shout(diner, order.id, { shoutType: 'blackened' })).json()
    for (const user of [diner, owner]) {
      const res = await app.inject({ url: `/api/orders/${order.id}/chef-shouts`, headers: user.headers })
      expect(res.statusCode).toBe(200)
      expect(res.json().map((s: { id: number }) => s.id)).toEqual([second.id, first.id])
      expect(res.json()[0]).toMatchObject({ shoutName: 'Blackened!', price: 1.5, status: 'pending' })
    }
  })

  it('answers 401 to a visitor and 404 to another diner, but anyone may read the showcase', async () => {
    const { order } = await cookingOrder(1)
    const other = await createUser(app)
    expect((await app.inject({ url: `/api/orders/${order.id}/chef-shouts` })).statusCode).toBe(401)
    expect(
      (await app.inject({ url: `/api/orders/${order.id}/chef-shouts`, headers: other.headers })).statusCode,
    ).toBe(404)
    const showcase = await showcaseOrder(app)
    const res = await app.inject({ url: `/api/orders/${showcase.id}/chef-shouts` })
    expect(res.statusCode).toBe(200)
    expect(Array.isArray(res.json())).toBe(true)
  })
})

describe('tipping the chef', () => {
  it('charges the tip, answers its id, the amount and the new balance, and sends chef_tip with that id to viewers', async () => {
    const { diner, order } = await cookingOrder(20)
    const live = await listen(order.id)
    const res = await tip(diner, order.id, {
      userId: diner.user.id,
      amount: 5,
      message: '  Smells amazing!  ',
    })
    expect(res.statusCode).toBe(200)
    const charge = (await transactionsOf(app, diner.user.id)).find((t) => t.type === 'tip')
    expect(res.json()).toEqual({ tipId: charge!.id, tipAmount: 5, newBalance: 15 })
    expect(await balanceCents(app, diner.user.id)).toBe(1500)
    expect(await ledgerCents(app, diner.user.id)).toBe(1500)
    expect(charge).toMatchObject({ amountCents: -500, reference: `order:${order.id}` })
    await vi.waitFor(() => expect(live.messages).toHaveLength(1))
    const [message] = live.messages
    expect(message).toMatchObject({
      type: 'chef_tip',
      orderId: order.id,
      tipId: charge!.id,
      senderId: diner.user.id,
      amount: 5,
      message: 'Smells amazing!',
    })
    expect(message).not.toHaveProperty('demo')
    expect(typeof (message as { sentAt: number }).sentAt).toBe('number')
    await live.stop()
  })

  it('charges the signed-in diner whatever userId the body names', async () => {
    const { diner, order } = await cookingOrder(10)
    const other = await createUser(app, { balance: 10 })
    const res = await tip(diner, order.id, { userId: other.user.id, amount: 2 })
    expect(res.statusCode).toBe(200)
    expect(await balanceCents(app, diner.user.id)).toBe(800)
    expect(await balanceCents(app, other.user.id)).toBe(1000)
  })

  it('accepts the limits $0.50 and $100.00', async () => {
    const { diner, order } = await cookingOrder(200)
    expect((await tip(diner, order.id, { amount: 0.5, message: '' })).json().tipAmount).toBe(0.5)
    expect((await tip(diner, order.id, { amount: 100, message: 'x'.repeat(100) })).json().tipAmount).toBe(100)
  })

  it.each([
    [{ amount: 0.49 }, 'Tips are between $0.50 and $100.00'],
    [{ amount: 100.01 }, 'Tips are between $0.50 and $100.00'],
    [{ amount: -5 }, 'Tips are between $0.50 and $100.00'],
    [{ amount: '5' }, 'Tips are between $0.50 and $100.00'],
    [{}, 'Tips are between $0.50 and $100.00'],
    [{ amount: 2.555 }, 'Amounts have at most two decimals'],
    [{ amount: 5, message: 'x'.repeat(101) }, 'Message must be at most 100 characters'],
  ])('refuses %o with 400 "%s" and charges nothing', async (payload, message) => {
    const { diner, order } = await cookingOrder(10)
    const live = await listen(order.id)
    const res = await tip(diner, order.id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
    await settle()
    expect(live.messages).toHaveLength(0)
    await live.stop()
  })

  it('answers 402 when the balance is short, charging nothing and telling no one', async () => {
    const { diner, order } = await cookingOrder(4.99)
    const live = await listen(order.id)
    const res = await tip(diner, order.id, { amount: 5 })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Insufficient funds', code: 'wallet.insufficient_funds' })
    expect(await balanceCents(app, diner.user.id)).toBe(499)
    await settle()
    expect(live.messages).toHaveLength(0)
    await live.stop()
  })

  it("answers 401 to a visitor and 404 for another diner's order or one that does not exist", async () => {
    const { order } = await cookingOrder(10)
    const other = await createUser(app, { balance: 10 })
    expect((await tip(undefined, order.id, { amount: 5 })).statusCode).toBe(401)
    const stranger = await tip(other, order.id, { amount: 5 })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().message).toBe('Order not found')
    expect((await tip(other, 999_999, { amount: 5 })).statusCode).toBe(404)
    expect(await balanceCents(app, other.user.id)).toBe(1000)
  })

  it('charges once and tells viewers once for a retried tip with the same Idempotency-Key', async () => {
    const { diner, order } = await cookingOrder(20)
    const live = await listen(order.id)
    const first = await tip(diner, order.id, { amount: 3, message: 'Thanks' }, 'tip-abc')
    const retry = await tip(diner, order.id, { amount: 3, message: 'Thanks' }, 'tip-abc')
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual(first.json())
    expect(await balanceCents(app, diner.user.id)).toBe(1700)
    await settle()
    expect(live.messages).toHaveLength(1)
    await live.stop()
  })

  it('charges once for concurrent duplicate tips with one Idempotency-Key', async () => {
    const { diner, order } = await cookingOrder(20)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => tip(diner, order.id, { amount: 2 }, 'tip-burst')),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    expect(await balanceCents(app, diner.user.id)).toBe(1800)
    expect(await ledgerCents(app, diner.user.id)).toBe(1800)
  })

  it('refuses a tip key that was used for a chef shout with 409', async () => {
    const { diner, order } = await cookingOrder(20)
    expect((await shout(diner, order.id, { shoutType: 'spicy' }, 'one-key')).statusCode).toBe(201)
    const res = await tip(diner, order.id, { amount: 2 }, 'one-key')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This Idempotency-Key was used for a different request')
    expect(await balanceCents(app, diner.user.id)).toBe(1900)
  })
})

describe('answering a chef shout', () => {
  it('answers on time only the shouts of the orders asked about, telling the diner, the console and the notifications', async () => {
    const { diner, order } = await cookingOrder(10)
    const other = await cookingOrder(10)
    const sent = await shout(diner, order.id, { shoutType: 'cheese' })
    const untouched = await shout(other.diner, other.order.id, { shoutType: 'garlic' })
    const viewers = await listen(order.id)
    const consoleFeed: ServerMessage[] = []
    const stopConsole = await app.bus.subscribe(kitchenChannel(kitchen.restaurant.id), (m) =>
      consoleFeed.push(m as ServerMessage),
    )
    const later = new Date(Date.now() + 60_000)
    await app.chef.answerShoutsSentBefore({
      orderIds: [order.id],
      acknowledgeBefore: later,
      doneBefore: new Date(0),
      at: later,
    })
    await vi.waitFor(() => expect(consoleFeed.some((m) => m.type === 'kitchen_order')).toBe(true))
    await viewers.stop()
    await stopConsole()
    const rows = await app.db.select().from(chefShouts).where(eq(chefShouts.id, sent.json().id))
    expect(rows[0]!.status).toBe('acknowledged')
    const otherRows = await app.db.select().from(chefShouts).where(eq(chefShouts.id, untouched.json().id))
    expect(otherRows[0]!.status).toBe('pending')
    expect(viewers.messages).toContainEqual(
      expect.objectContaining({
        type: 'chef_shout',
        shout: expect.objectContaining({ status: 'acknowledged' }),
      }),
    )
    expect(consoleFeed).toContainEqual(
      expect.objectContaining({
        type: 'chef_shout',
        restaurantId: kitchen.restaurant.id,
        shout: expect.objectContaining({ status: 'acknowledged' }),
      }),
    )
    const notices = await app.db.select().from(notifications).where(eq(notifications.orderId, order.id))
    expect(notices.filter((n) => n.kind === 'shout_acknowledged')).toHaveLength(1)

    // Done from acknowledged; a second answer of the same step has moved on already.
    expect((await app.chef.answerShout(sent.json().id, 'done')).status).toBe('done')
    await expect(app.chef.answerShout(sent.json().id, 'acknowledged')).rejects.toMatchObject({
      code: shoutStatusConflict.code,
    })
    const after = await app.db.select().from(notifications).where(eq(notifications.orderId, order.id))
    expect(after.filter((n) => n.kind === 'shout_acknowledged')).toHaveLength(1)
  })
})
