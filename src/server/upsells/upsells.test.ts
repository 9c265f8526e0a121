import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { DELIVERY_FEE_CENTS } from '../../shared/constants'
import { parseOrderItems } from '../../shared/order-lines'
import { notifications, orderEvents, orders, upsells } from '../db/schema'
import { createEngineLock, STAFFED_LOCK_KEY } from '../kitchen/engine-lock'
import { createStaffedDriver } from '../kitchen/staffed-driver'
import {
  cookingOrder as cookingOrderAt,
  createRestaurant,
  listenToOrder,
  offerUpsell,
  placeOrder,
  setOrderState,
} from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from '../wallet/wallet.fixtures'

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
const [pizza, garlicBread, salad] = kitchen.items as [
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
]
const ORDER_CENTS = pizza.priceCents + DELIVERY_FEE_CENTS

/** A diner with `spare` dollars left after ordering one pizza, and that order, already cooking. */
const cookingOrder = (spare: number, state?: { status: string; progress: number }) =>
  cookingOrderAt(app, kitchen.restaurant.id, pizza, spare, state)
const listen = (orderId: number) => listenToOrder(app, orderId)

const answer = (user: TestUser | undefined, upsellId: number, accepted: unknown, key?: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/upsells/${upsellId}/response`,
    headers: { ...(user?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { accepted } as object,
  })

describe('answering an upsell', () => {
  it('accepting charges the current menu price, appends the item to the order and tells viewers', async () => {
    const { diner, order } = await cookingOrder(10)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const live = await listen(order.id)
    const res = await answer(diner, offer.id, true)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ upsellId: offer.id, accepted: true, newBalance: 5.01 })
    expect(parseOrderItems(body.order.items)).toEqual([
      { menuItemId: pizza.id, name: 'Margherita Pizza', quantity: 1, price: 14.5 },
      { menuItemId: garlicBread.id, name: 'Garlic Bread', quantity: 1, price: 4.99 },
    ])
    expect(body.order.totalPrice).toBe((ORDER_CENTS + garlicBread.priceCents) / 100)

    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(stored!.totalPriceCents).toBe(ORDER_CENTS + garlicBread.priceCents)
    const [row] = await app.db.select().from(upsells).where(eq(upsells.id, offer.id))
    expect(row!.accepted).toBe(true)
    expect(row!.respondedAt).toBeInstanceOf(Date)
    expect(await balanceCents(app, diner.user.id)).toBe(501)
    expect(await ledgerCents(app, diner.user.id)).toBe(501)
    const charge = (await transactionsOf(app, diner.user.id)).find((t) => t.type === 'upsell')
    expect(charge).toMatchObject({ amountCents: -garlicBread.priceCents, reference: `upsell:${offer.id}` })
    await vi.waitFor(() => expect(live.messages).toHaveLength(1))
    expect(live.messages[0]).toMatchObject({
      type: 'upsell_result',
      orderId: order.id,
      upsellId: offer.id,
      accepted: true,
    })
    await live.stop()
  })

  it('refuses a second answer with 409 "This offer was already answered"', async () => {
    const { diner, order } = await cookingOrder(20)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    expect((await answer(diner, offer.id, true)).statusCode).toBe(200)
    for (const accepted of [true, false]) {
      const again = await answer(diner, offer.id, accepted)
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe('This offer was already answered')
    }
    expect(await balanceCents(app, diner.user.id)).toBe(2000 - garlicBread.priceCents)
  })

  it('declining records the answer and moves no money', async () => {
    const { diner, order } = await cookingOrder(10)
    const offer = await offerUpsell(app, order.id, salad.id)
    const res = await answer(diner, offer.id, false)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ upsellId: offer.id, accepted: false })
    const [row] = await app.db.select().from(upsells).where(eq(upsells.id, offer.id))
    expect(row!.accepted).toBe(false)
    expect(row!.respondedAt).toBeInstanceOf(Date)
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(stored!.totalPriceCents).toBe(ORDER_CENTS)
    expect((await answer(diner, offer.id, true)).statusCode).toBe(409)
  })

  it('answers 402 when the balance is short and leaves the offer open', async () => {
    const { diner, order } = await cookingOrder(4.98)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const res = await answer(diner, offer.id, true)
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Insufficient funds', code: 'wallet.insufficient_funds' })
    const [row] = await app.db.select().from(upsells).where(eq(upsells.id, offer.id))
    expect(row!.respondedAt).toBeNull()
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(parseOrderItems(JSON.stringify(stored!.items))).toHaveLength(1)
    expect((await answer(diner, offer.id, false)).statusCode).toBe(200)
  })

  it('refuses an answer once the order is no longer active with 409', async () => {
    const { diner, order } = await cookingOrder(10)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    await setOrderState(app, order.id, { status: 'completed', progress: 100 })
    const res = await answer(diner, offer.id, true)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This order is no longer active')
  })

  it("answers 404 for an offer not yet shown, a missing one, or another diner's, 403 to the owner and 401 to a visitor", async () => {
    const { diner, order } = await cookingOrder(10)
    const hidden = await offerUpsell(app, order.id, garlicBread.id, false)
    const notShown = await answer(diner, hidden.id, true)
    expect(notShown.statusCode).toBe(404)
    expect(notShown.json().message).toBe('Offer not found')
    expect((await answer(diner, 999_999, true)).statusCode).toBe(404)
    await app.db.update(upsells).set({ shown: true }).where(eq(upsells.id, hidden.id))
    const other = await createUser(app, { balance: 10 })
    expect((await answer(other, hidden.id, true)).statusCode).toBe(404)
    expect((await answer(owner, hidden.id, true)).statusCode).toBe(403)
    expect((await answer(undefined, hidden.id, true)).statusCode).toBe(401)
    expect((await answer(diner, hidden.id, 'yes')).statusCode).toBe(400)
    const [row] = await app.db
      .select()
      .from(upsells)
      .where(and(eq(upsells.id, hidden.id)))
    expect(row!.respondedAt).toBeNull()
    expect(await balanceCents(app, diner.user.id)).toBe(1000)
  })

  it('charges once when the same offer is accepted many times at once', async () => {
    const { diner, order } = await cookingOrder(50)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const answers = await Promise.all(Array.from({ length: 10 }, () => answer(diner, offer.id, true)))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9)
    expect(await balanceCents(app, diner.user.id)).toBe(5000 - garlicBread.priceCents)
    expect(await ledgerCents(app, diner.user.id)).toBe(5000 - garlicBread.priceCents)
  })

  it('answers a retried acceptance with the same Idempotency-Key with the first answer', async () => {
    const { diner, order } = await cookingOrder(10)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const first = await answer(diner, offer.id, true, 'upsell-yes')
    const retry = await answer(diner, offer.id, true, 'upsell-yes')
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual(first.json())
    expect(await balanceCents(app, diner.user.id)).toBe(1000 - garlicBread.priceCents)
  })
})

describe('offering an upsell', () => {
  const staffed = createRestaurant(app, {
    ownerId: owner.user.id,
    kitchenMode: 'staffed',
    items: [
      { name: 'Margherita Pizza', priceCents: 1450 },
      { name: 'Garlic Bread', priceCents: 499, allergens: ['wheat', 'milk'] },
    ],
  })

  it('offers a staffed kitchen’s cooking order its one dish with its allergens, live and in the diner’s notifications, once', async () => {
    const { restaurant, items } = await staffed
    const diner = await createUser(app, { balance: 50 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const reached = new Date(Date.now() - 60_000)
    await setOrderState(app, order.id, { status: 'cooking', progress: 30 })
    await app.db.update(orderEvents).set({ at: reached }).where(eq(orderEvents.orderId, order.id))
    const live = await listen(order.id)
    const driver = createStaffedDriver({
      db: app.db,
      bus: app.bus,
      upsells: app.upsells,
      lock: createEngineLock(app.testDatabase, undefined, STAFFED_LOCK_KEY),
      config: { kitchen: { orderMs: 100_000, tickMs: 100 } },
    })
    await driver.tick()
    await driver.tick()
    await driver.stop()
    const rows = await app.db.select().from(upsells).where(eq(upsells.orderId, order.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ menuItemId: items[1]!.id, shown: true, respondedAt: null })
    await vi.waitFor(() => expect(live.messages.filter((m) => m.type === 'upsell')).toHaveLength(1))
    expect(live.messages.find((m) => m.type === 'upsell')).toMatchObject({
      orderId: order.id,
      upsellId: rows[0]!.id,
      menuItem: { id: items[1]!.id, name: 'Garlic Bread', price: 4.99, allergens: ['wheat', 'milk'] },
    })
    await live.stop()
    const notices = await app.db.select().from(notifications).where(eq(notifications.orderId, order.id))
    expect(notices.filter((n) => n.kind === 'upsell_offered')).toHaveLength(1)
  })

  it('offers nothing before 40% of cooking, on the showcase, or when every dish is ordered', async () => {
    const { restaurant, items } = await staffed
    const diner = await createUser(app, { balance: 50 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const offers = app.upsells.offers()
    const kitchenOrder = {
      id: order.id,
      userId: diner.user.id,
      restaurantId: restaurant.id,
      status: 'cooking',
      progress: 39,
      isShowcase: false,
      items: [{ menuItemId: items[0]!.id, name: 'Margherita Pizza', quantity: 1, price: 14.5 }],
    }
    await offers([kitchenOrder])
    await offers([{ ...kitchenOrder, progress: 60, isShowcase: true }])
    await offers([{ ...kitchenOrder, progress: 60, status: 'plating' }])
    const everything = [
      ...kitchenOrder.items,
      { menuItemId: items[1]!.id, name: 'Garlic Bread', quantity: 1, price: 4.99 },
    ]
    await offers([{ ...kitchenOrder, progress: 60, items: everything }])
    expect(await app.db.select().from(upsells).where(eq(upsells.orderId, order.id))).toEqual([])
  })
})

describe('the open offer for a new viewer', () => {
  it('shows the unanswered offer to the order’s diner while it cooks, and to no one else', async () => {
    const { diner, order } = await cookingOrder(10)
    const offer = await offerUpsell(app, order.id, garlicBread.id)
    const facts = { id: order.id, userId: diner.user.id, isShowcase: false, status: 'cooking' }
    expect(await app.upsells.openOfferFor(facts, diner.user.id)).toMatchObject({
      type: 'upsell',
      orderId: order.id,
      upsellId: offer.id,
      menuItem: { id: garlicBread.id, name: 'Garlic Bread', price: 4.99, allergens: [] },
    })
    expect(await app.upsells.openOfferFor(facts, owner.user.id)).toBeUndefined()
    expect(await app.upsells.openOfferFor(facts, undefined)).toBeUndefined()
    expect(await app.upsells.openOfferFor({ ...facts, status: 'plating' }, diner.user.id)).toBeUndefined()
    expect((await answer(diner, offer.id, false)).statusCode).toBe(200)
    expect(await app.upsells.openOfferFor(facts, diner.user.id)).toBeUndefined()
  })
})
