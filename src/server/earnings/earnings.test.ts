import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CHEF_SHOUTS, DELIVERY_FEE_CENTS } from '../../shared/constants'
import {
  chefShouts,
  orders,
  restaurantAccounts,
  restaurantEarnings,
  upsells,
  walletTransactions,
} from '../db/schema'
import { createRestaurant, offerUpsell, placeOrder, setOrderState } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents } from '../wallet/wallet.fixtures'
import { commissionCents } from './commission'

const app = await buildTestApp()

const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) })

const cheese = CHEF_SHOUTS.find((s) => s.key === 'cheese')!

async function ownRestaurant() {
  const owner = await createUser(app)
  const { restaurant, items } = await createRestaurant(app, {
    ownerId: owner.user.id,
    kitchenMode: 'staffed',
    items: [
      { name: 'Ramen', priceCents: 1500 },
      { name: 'Gyoza', priceCents: 733 },
    ],
  })
  return { owner, restaurant, ramen: items[0]!, gyoza: items[1]! }
}

/** The restaurant's lines, oldest first. */
async function linesOf(restaurantId: number) {
  return app.db
    .select()
    .from(restaurantEarnings)
    .where(eq(restaurantEarnings.restaurantId, restaurantId))
    .orderBy(restaurantEarnings.id)
}

async function accountBalance(restaurantId: number) {
  const [row] = await app.db
    .select({ cents: restaurantAccounts.balanceCents })
    .from(restaurantAccounts)
    .where(eq(restaurantAccounts.restaurantId, restaurantId))
  return row?.cents ?? 0
}

/**
 * What the diner paid for an order, net of refunds (the order, its add-ons, shouts and tips), and
 * what its earnings lines say the restaurant, the commission and the fee got.
 */
async function orderMoney(orderId: number) {
  const shoutRefs = (
    await app.db.select({ id: chefShouts.id }).from(chefShouts).where(eq(chefShouts.orderId, orderId))
  ).map((s) => `chef_shout:${s.id}`)
  const upsellRefs = (
    await app.db.select({ id: upsells.id }).from(upsells).where(eq(upsells.orderId, orderId))
  ).map((u) => `upsell:${u.id}`)
  const refs = [`order:${orderId}`, `refund:order:${orderId}`, ...shoutRefs, ...upsellRefs]
  const [paid] = await app.db
    .select({ cents: sql<string>`coalesce(-sum(${walletTransactions.amountCents}), 0)` })
    .from(walletTransactions)
    .where(inArray(walletTransactions.reference, refs))
  const [earned] = await app.db
    .select({
      amount: sql<string>`coalesce(sum(${restaurantEarnings.amountCents}), 0)`,
      commission: sql<string>`coalesce(sum(${restaurantEarnings.commissionCents}), 0)`,
      fee: sql<string>`coalesce(sum(${restaurantEarnings.feeCents}), 0)`,
    })
    .from(restaurantEarnings)
    .where(eq(restaurantEarnings.orderId, orderId))
  return {
    paid: Number(paid!.cents),
    amount: Number(earned!.amount),
    commission: Number(earned!.commission),
    fee: Number(earned!.fee),
  }
}

describe('what a restaurant earns', () => {
  it('earns an order’s subtotal less 15% commission; the delivery fee is the platform’s', async () => {
    const { restaurant, ramen, gyoza } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    const order = await placeOrder(app, diner, restaurant.id, [
      { menuItemId: ramen.id, quantity: 2 },
      { menuItemId: gyoza.id, quantity: 1 },
    ])
    const subtotal = 1500 * 2 + 733
    const commission = Math.round(subtotal * 0.15)
    const [line] = await linesOf(restaurant.id)
    expect(line).toMatchObject({
      kind: 'order',
      orderId: order.id,
      amountCents: subtotal - commission,
      commissionCents: commission,
      feeCents: DELIVERY_FEE_CENTS,
      reference: `order:${order.id}`,
    })
    expect(await accountBalance(restaurant.id)).toBe(subtotal - commission)
    expect(await orderMoney(order.id)).toEqual({
      paid: subtotal + DELIVERY_FEE_CENTS,
      amount: subtotal - commission,
      commission,
      fee: DELIVERY_FEE_CENTS,
    })
  })

  it('earns tips and chef shouts in full and add-ons less commission, all on the order', async () => {
    const { restaurant, ramen, gyoza } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: ramen.id, quantity: 1 }], {
      fulfilment: 'pickup',
    })
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const upsell = await offerUpsell(app, order.id, gyoza.id)
    expect(
      (await call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true })).statusCode,
    ).toBe(200)
    expect(
      (await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })).statusCode,
    ).toBe(201)
    expect(
      (await call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 4.5, message: '' }))
        .statusCode,
    ).toBe(200)

    const lines = await linesOf(restaurant.id)
    expect(lines.map((l) => [l.kind, l.amountCents, l.commissionCents, l.feeCents])).toEqual([
      ['order', 1500 - 225, 225, 0],
      ['add_on', 733 - commissionCents('add_on', 733, 15), commissionCents('add_on', 733, 15), 0],
      ['shout', cheese.priceCents, 0, 0],
      ['tip', 450, 0, 0],
    ])
    const money = await orderMoney(order.id)
    expect(money.paid).toBe(1500 + 733 + cheese.priceCents + 450)
    expect(money.amount + money.commission + money.fee).toBe(money.paid)
  })

  it('reverses exactly what an order earned when it is cancelled, and the diner gets everything back', async () => {
    const { owner, restaurant, ramen, gyoza } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: ramen.id, quantity: 1 }])
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const upsell = await offerUpsell(app, order.id, gyoza.id)
    await call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true })
    await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })
    await call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 2, message: 'Thanks' })
    const before = await orderMoney(order.id)
    expect(before.paid).toBeGreaterThan(0)

    const res = await call(owner, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'out_of_stock' })
    expect(res.statusCode).toBe(200)
    expect(await orderMoney(order.id)).toEqual({ paid: 0, amount: 0, commission: 0, fee: 0 })
    const refund = (await linesOf(restaurant.id)).at(-1)!
    expect(refund).toMatchObject({
      kind: 'refund',
      amountCents: -before.amount,
      commissionCents: -before.commission,
      feeCents: -before.fee,
    })
    expect(await accountBalance(restaurant.id)).toBe(0)
    expect(await balanceCents(app, diner.user.id)).toBe(10_000)
  })

  it('refuses a chef shout on an order cancelled meanwhile, charging nothing', async () => {
    const { owner, restaurant, ramen } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: ramen.id, quantity: 1 }])
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const [cancelled, shout, tip] = await Promise.all([
      call(owner, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'kitchen_closed' }),
      call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' }),
      call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 2, message: '' }),
    ])
    expect(cancelled.statusCode).toBe(200)
    const money = await orderMoney(order.id)
    // Whatever ran before the cancel was refunded with it; whatever came after was refused.
    expect(money).toEqual({ paid: 0, amount: 0, commission: 0, fee: 0 })
    expect([shout.statusCode, tip.statusCode].every((s) => s < 300 || s === 409)).toBe(true)
    expect(await balanceCents(app, diner.user.id)).toBe(10_000)
  })
})

describe('GET /api/restaurants/{id}/earnings', () => {
  it('answers the owner the lines in the range with totals per kind and the available balance', async () => {
    const { owner, restaurant, ramen } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: ramen.id, quantity: 1 }])
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    await call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 3, message: '' })

    const res = await call(owner, 'GET', `/api/restaurants/${restaurant.id}/earnings`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.lines).toEqual([
      expect.objectContaining({ kind: 'order', orderId: order.id, amount: 12.75, gross: 17.99, fee: 2.99 }),
      expect.objectContaining({ kind: 'tip', orderId: order.id, amount: 3, gross: 3, commission: 0 }),
    ])
    expect(body.totals).toEqual({ order: 12.75, add_on: 0, tip: 3, shout: 0, refund: 0, payout: 0 })
    expect(body.available).toBe(15.75)

    const future = await call(
      owner,
      'GET',
      `/api/restaurants/${restaurant.id}/earnings?from=2099-01-01&to=2099-02-01`,
    )
    expect(future.json()).toMatchObject({ lines: [], available: 15.75 })
  })

  it('answers 401 to a visitor, 403 to someone else, 404 for no such restaurant and 400 for a bad range', async () => {
    const { owner, restaurant } = await ownRestaurant()
    const stranger = await createUser(app)
    expect((await call(undefined, 'GET', `/api/restaurants/${restaurant.id}/earnings`)).statusCode).toBe(401)
    expect((await call(stranger, 'GET', `/api/restaurants/${restaurant.id}/earnings`)).statusCode).toBe(403)
    expect((await call(stranger, 'GET', `/api/restaurants/${restaurant.id}/earnings.csv`)).statusCode).toBe(
      403,
    )
    expect((await call(owner, 'GET', '/api/restaurants/999999/earnings')).statusCode).toBe(404)
    const backwards = await call(
      owner,
      'GET',
      `/api/restaurants/${restaurant.id}/earnings?from=2026-02-01&to=2026-01-01`,
    )
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().code).toBe('earnings.invalid_range')
    expect(
      (await call(owner, 'GET', `/api/restaurants/${restaurant.id}/earnings?from=yesterday`)).statusCode,
    ).toBe(400)
  })

  it('downloads the same as a CSV statement a spreadsheet opens, with a totals row', async () => {
    const { owner, restaurant, ramen } = await ownRestaurant()
    const diner = await createUser(app, { balance: 100 })
    await placeOrder(app, diner, restaurant.id, [{ menuItemId: ramen.id, quantity: 1 }])
    const res = await call(owner, 'GET', `/api/restaurants/${restaurant.id}/earnings.csv`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="earnings-\d+-.*\.csv"$/)
    const rows = res.body.trim().split('\r\n')
    expect(rows[0]).toBe(
      'Date,Kind,Order,Description,Paid by diner,Platform commission,Delivery fee (platform),Restaurant earning',
    )
    expect(rows).toHaveLength(3)
    expect(rows[1]).toMatch(/,order,\d+,Order #\d+ at Test Kitchen \d+,17\.99,2\.25,2\.99,12\.75$/)
    expect(rows[2]).toMatch(/,total,,Available for payout now: 12\.75,17\.99,2\.25,2\.99,12\.75$/)
  })
})

describe('payouts', () => {
  async function restaurantWithEarnings(orderCount: number) {
    const own = await ownRestaurant()
    const diner = await createUser(app, { balance: 500 })
    for (let i = 0; i < orderCount; i++)
      await placeOrder(app, diner, own.restaurant.id, [{ menuItemId: own.ramen.id, quantity: 1 }])
    return own
  }

  it('refuses a payout under $10 available, paying nothing', async () => {
    const { owner, restaurant } = await restaurantWithEarnings(0)
    const res = await call(owner, 'POST', `/api/restaurants/${restaurant.id}/payouts`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'earnings.payout_below_minimum' })
    expect((await call(owner, 'GET', `/api/restaurants/${restaurant.id}/payouts`)).json()).toEqual([])
  })

  it('pays the whole available balance with the test provider at once, as a payout line', async () => {
    const { owner, restaurant } = await restaurantWithEarnings(1)
    const res = await call(owner, 'POST', `/api/restaurants/${restaurant.id}/payouts`)
    expect(res.statusCode).toBe(201)
    const payout = res.json()
    expect(payout).toMatchObject({
      amount: 12.75,
      status: 'paid',
      provider: 'test',
      restaurantId: restaurant.id,
    })
    expect(payout.transferId).toBe(`test_tr_${payout.id}`)
    const earnings = (await call(owner, 'GET', `/api/restaurants/${restaurant.id}/earnings`)).json()
    expect(earnings.available).toBe(0)
    expect(earnings.lines.at(-1)).toMatchObject({ kind: 'payout', amount: -12.75 })
    expect((await call(owner, 'GET', `/api/restaurants/${restaurant.id}/payouts`)).json()).toEqual([payout])
    expect((await call(owner, 'POST', `/api/restaurants/${restaurant.id}/payouts`)).statusCode).toBe(409)
  })

  it('pays once under 20 concurrent requests, with or without one Idempotency-Key', async () => {
    const { owner, restaurant } = await restaurantWithEarnings(2)
    const url = `/api/restaurants/${restaurant.id}/payouts`
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url, headers: owner.headers })),
    )
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19)
    expect(await accountBalance(restaurant.id)).toBe(0)

    const again = await restaurantWithEarnings(2)
    const keyed = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/restaurants/${again.restaurant.id}/payouts`,
          headers: { ...again.owner.headers, 'idempotency-key': 'payout-week-48' },
        }),
      ),
    )
    const ids = new Set(keyed.filter((r) => r.statusCode === 201).map((r) => r.json().id))
    expect(ids.size).toBe(1)
    expect(keyed.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true)
    const payouts = (await call(again.owner, 'GET', `/api/restaurants/${again.restaurant.id}/payouts`)).json()
    expect(payouts).toHaveLength(1)
    expect(payouts[0].amount).toBe(25.5)
  })

  it('refuses another owner’s payout with 403 and an unknown restaurant with 404, paying nothing', async () => {
    const { restaurant } = await restaurantWithEarnings(1)
    const stranger = await createUser(app)
    expect((await call(stranger, 'POST', `/api/restaurants/${restaurant.id}/payouts`)).statusCode).toBe(403)
    expect((await call(stranger, 'GET', `/api/restaurants/${restaurant.id}/payouts`)).statusCode).toBe(403)
    expect((await call(stranger, 'POST', '/api/restaurants/999999/payouts')).statusCode).toBe(404)
    expect(await accountBalance(restaurant.id)).toBe(1275)
  })
})

describe('the ledgers under a storm', () => {
  it('keeps every diner’s ledger equal to the balance, every restaurant’s equal to its lines, and every order paid = earning + commission + fee', async () => {
    const kitchens = await Promise.all(Array.from({ length: 5 }, () => ownRestaurant()))
    const diners = await Promise.all(Array.from({ length: 50 }, () => createUser(app, { balance: 60 })))
    const placed = await Promise.all(
      diners.map(async (diner, i) => {
        const k = kitchens[i % kitchens.length]!
        const order = await placeOrder(app, diner, k.restaurant.id, [{ menuItemId: k.ramen.id, quantity: 1 }])
        await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
        const upsell = await offerUpsell(app, order.id, k.gyoza.id)
        return { diner, order, upsell, kitchen: k, i }
      }),
    )
    // In waves of ten diners (about 45 requests at once): every request gets a connection
    // within the pool's wait, as behind a real instance.
    const answers = []
    for (let wave = 0; wave < placed.length; wave += 10) {
      answers.push(
        ...(await Promise.all(
          placed
            .slice(wave, wave + 10)
            .flatMap(({ diner, order, upsell, kitchen, i }) => [
              call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true }),
              call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' }),
              call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'crispy' }),
              call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 1 + (i % 4), message: '' }),
              ...(i % 3 === 0
                ? [call(kitchen.owner, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'out_of_stock' })]
                : []),
            ]),
        )),
      )
    }
    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([])

    for (const diner of diners)
      expect(await ledgerCents(app, diner.user.id)).toBe(await balanceCents(app, diner.user.id))
    for (const { restaurant } of kitchens) {
      const lines = await linesOf(restaurant.id)
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(await accountBalance(restaurant.id))
    }
    let cancelled = 0
    for (const { order } of placed) {
      const money = await orderMoney(order.id)
      expect(money.amount + money.commission + money.fee).toBe(money.paid)
      const [row] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
      if (row!.status === 'cancelled') {
        cancelled++
        expect(money).toEqual({ paid: 0, amount: 0, commission: 0, fee: 0 })
      } else expect(money.paid).toBeGreaterThan(1500)
    }
    expect(cancelled).toBe(17)
  }, 180_000)
})
