import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DELIVERY_FEE_CENTS, STREAM_ACCESS_MS } from '../../shared/constants'
import { parseOrderItems } from '../../shared/order-lines'
import { orders } from '../db/schema'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from '../wallet/wallet.fixtures'
import { createRestaurant, placeOrder, setOrderState, showcaseOrder } from './orders.fixtures'

const app = await buildTestApp()

const kitchen = await createRestaurant(app, {
  items: [
    { name: 'Margherita Pizza', priceCents: 1450 },
    { name: 'Tiramisu', priceCents: 899 },
    { name: 'Truffle Risotto', priceCents: 2400, isAvailable: false },
  ],
})
const [pizza, tiramisu, risotto] = kitchen.items as [
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
]
const elsewhere = await createRestaurant(app, { items: [{ name: 'Pad Thai', priceCents: 1300 }] })
const padThai = elsewhere.items[0]!

const post = (user: TestUser | undefined, payload: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...(user?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  })

async function ordersOf(userId: number) {
  return app.db.select().from(orders).where(eq(orders.userId, userId))
}

describe('placing an order', () => {
  it('prices every line from the menu, adds the delivery fee, charges the wallet and answers 201', async () => {
    const diner = await createUser(app, { balance: 50 })
    const before = Date.now()
    const res = await post(diner, {
      restaurantId: kitchen.restaurant.id,
      items: [
        { menuItemId: pizza.id, quantity: 2 },
        { menuItemId: tiramisu.id, quantity: 1 },
      ],
    })
    expect(res.statusCode).toBe(201)
    const order = res.json()
    const expectedCents = 2 * pizza.priceCents + tiramisu.priceCents + DELIVERY_FEE_CENTS
    expect(order).toMatchObject({
      userId: diner.user.id,
      restaurantId: kitchen.restaurant.id,
      status: 'preparing',
      progress: 0,
      totalPrice: expectedCents / 100,
    })
    expect(parseOrderItems(order.items)).toEqual([
      { menuItemId: pizza.id, name: 'Margherita Pizza', quantity: 2, price: 14.5 },
      { menuItemId: tiramisu.id, name: 'Tiramisu', quantity: 1, price: 8.99 },
    ])
    // Delivery is promised when the kitchen's planned run ends.
    const eta = Date.parse(order.estimatedDelivery) - Date.parse(order.createdAt)
    expect(Math.abs(eta - app.config.kitchen.orderMs)).toBeLessThan(1000)
    expect(order.promisedAt).toBe(order.estimatedDelivery)
    expect(order.fulfilment).toBe('delivery')
    expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 5_000)

    expect(await balanceCents(app, diner.user.id)).toBe(5000 - expectedCents)
    expect(await ledgerCents(app, diner.user.id)).toBe(5000 - expectedCents)
    const charge = (await transactionsOf(app, diner.user.id)).find((t) => t.type === 'order')
    expect(charge).toMatchObject({
      amountCents: -expectedCents,
      reference: `order:${order.id}`,
      description: `Order #${String(order.id).padStart(4, '0')} at ${kitchen.restaurant.name}`,
    })
  })

  it('ignores a price sent by the client', async () => {
    const diner = await createUser(app, { balance: 50 })
    const res = await post(diner, {
      restaurantId: kitchen.restaurant.id,
      totalPrice: 0.01,
      items: [{ menuItemId: pizza.id, quantity: 1, price: 0.01, name: 'Cheap pizza' }],
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().totalPrice).toBe((pizza.priceCents + DELIVERY_FEE_CENTS) / 100)
    expect(parseOrderItems(res.json().items)).toEqual([
      { menuItemId: pizza.id, name: 'Margherita Pizza', quantity: 1, price: 14.5 },
    ])
    expect(await balanceCents(app, diner.user.id)).toBe(5000 - pizza.priceCents - DELIVERY_FEE_CENTS)
  })

  it('merges the same menu item on several lines into one line', async () => {
    const diner = await createUser(app, { balance: 100 })
    const res = await post(diner, {
      restaurantId: kitchen.restaurant.id,
      items: [
        { menuItemId: tiramisu.id, quantity: 1 },
        { menuItemId: tiramisu.id, quantity: 2 },
      ],
    })
    expect(res.statusCode).toBe(201)
    expect(parseOrderItems(res.json().items)).toEqual([
      { menuItemId: tiramisu.id, name: 'Tiramisu', quantity: 3, price: 8.99 },
    ])
    expect(res.json().totalPrice).toBe((3 * tiramisu.priceCents + DELIVERY_FEE_CENTS) / 100)
  })

  it.each([
    [
      'an unavailable item',
      () => [{ menuItemId: risotto.id, quantity: 1 }],
      '"Truffle Risotto" is not available right now',
    ],
    [
      'an item of another restaurant',
      () => [{ menuItemId: padThai.id, quantity: 1 }],
      `"Pad Thai" is not on the menu of ${kitchen.restaurant.name}`,
    ],
    [
      'an item that does not exist',
      () => [{ menuItemId: 999_999, quantity: 1 }],
      `Menu item 999999 is not on the menu of ${kitchen.restaurant.name}`,
    ],
    [
      'more than 20 of one item over several lines',
      () => [
        { menuItemId: pizza.id, quantity: 15 },
        { menuItemId: pizza.id, quantity: 6 },
      ],
      'You can order at most 20 of "Margherita Pizza"',
    ],
  ])('refuses %s with 400 naming it, creating and charging nothing', async (_what, items, message) => {
    const diner = await createUser(app, { balance: 500 })
    const res = await post(diner, {
      restaurantId: kitchen.restaurant.id,
      items: [{ menuItemId: pizza.id, quantity: 1 }, ...items()],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await ordersOf(diner.user.id)).toHaveLength(0)
    expect(await balanceCents(app, diner.user.id)).toBe(50_000)
  })

  it('answers 404 for a restaurant that does not exist', async () => {
    const diner = await createUser(app, { balance: 50 })
    const res = await post(diner, { restaurantId: 999_999, items: [{ menuItemId: pizza.id, quantity: 1 }] })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Restaurant not found')
    expect(await ordersOf(diner.user.id)).toHaveLength(0)
  })

  it.each([
    [{ items: [] }, 'Cart is empty: Please add items to your cart before placing an order.'],
    [{}, 'Cart is empty: Please add items to your cart before placing an order.'],
    [{ items: [{ menuItemId: 1, quantity: 0 }] }, 'Quantity must be between 1 and 20'],
    [{ items: [{ menuItemId: 1, quantity: 21 }] }, 'Quantity must be between 1 and 20'],
    [{ items: [{ menuItemId: 1, quantity: 1.5 }] }, 'Quantity must be between 1 and 20'],
    [{ items: [{ menuItemId: 1, quantity: '2' }] }, 'Quantity must be between 1 and 20'],
    [{ items: [{ menuItemId: -1, quantity: 1 }] }, 'Must be a positive number'],
  ])('validates the cart: %o gives 400 "%s"', async (cart, message) => {
    const diner = await createUser(app, { balance: 50 })
    const res = await post(diner, { restaurantId: kitchen.restaurant.id, ...cart })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await ordersOf(diner.user.id)).toHaveLength(0)
  })

  it('answers 402 "Insufficient funds" when the wallet is short, creating and charging nothing', async () => {
    const total = pizza.priceCents + DELIVERY_FEE_CENTS
    const diner = await createUser(app, { balance: (total - 1) / 100 })
    const res = await post(diner, {
      restaurantId: kitchen.restaurant.id,
      items: [{ menuItemId: pizza.id, quantity: 1 }],
    })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Insufficient funds', code: 'wallet.insufficient_funds' })
    expect(await ordersOf(diner.user.id)).toHaveLength(0)
    expect(await balanceCents(app, diner.user.id)).toBe(total - 1)
    expect(await transactionsOf(app, diner.user.id)).toHaveLength(1)
  })

  it('asks a visitor who is not signed in to sign in first', async () => {
    const res = await post(undefined, {
      restaurantId: kitchen.restaurant.id,
      items: [{ menuItemId: pizza.id, quantity: 1 }],
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Please sign in first')
  })

  it('places one order for a retried request with the same Idempotency-Key and answers the same body', async () => {
    const diner = await createUser(app, { balance: 100 })
    const cart = { restaurantId: kitchen.restaurant.id, items: [{ menuItemId: pizza.id, quantity: 1 }] }
    const first = await post(diner, cart, 'checkout-1')
    const retry = await post(diner, cart, 'checkout-1')
    expect(first.statusCode).toBe(201)
    expect(retry.statusCode).toBe(201)
    expect(retry.json()).toEqual(first.json())
    expect(await ordersOf(diner.user.id)).toHaveLength(1)
    expect(await balanceCents(app, diner.user.id)).toBe(10_000 - pizza.priceCents - DELIVERY_FEE_CENTS)
  })

  it('places one order for concurrent duplicates of the same request', async () => {
    const diner = await createUser(app, { balance: 100 })
    const cart = { restaurantId: kitchen.restaurant.id, items: [{ menuItemId: tiramisu.id, quantity: 2 }] }
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(diner, cart, 'double-click')))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1)
    expect(await ordersOf(diner.user.id)).toHaveLength(1)
    expect(await balanceCents(app, diner.user.id)).toBe(10_000 - 2 * tiramisu.priceCents - DELIVERY_FEE_CENTS)
    expect(await ledgerCents(app, diner.user.id)).toBe(await balanceCents(app, diner.user.id))
  })
})

describe('reading an order', () => {
  it('answers the diner their order and the restaurant owner the same order', async () => {
    const owner = await createUser(app)
    const own = await createRestaurant(app, { ownerId: owner.user.id })
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, own.restaurant.id, [
      { menuItemId: own.items[0]!.id, quantity: 1 },
    ])
    const mine = await app.inject({ url: `/api/orders/${placed.id}`, headers: diner.headers })
    expect(mine.statusCode).toBe(200)
    const { timeline, review, ...read } = mine.json()
    expect(review).toBeNull()
    expect(read).toEqual(placed)
    expect(timeline[0]).toMatchObject({ status: 'preparing', estimated: false })
    const asOwner = await app.inject({ url: `/api/orders/${placed.id}`, headers: owner.headers })
    expect(asOwner.statusCode).toBe(200)
    expect(asOwner.json().id).toBe(placed.id)
  })

  it('answers another diner 404 "Order not found", the same as for an order that does not exist', async () => {
    const diner = await createUser(app, { balance: 50 })
    const other = await createUser(app)
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: tiramisu.id, quantity: 1 },
    ])
    const theirs = await app.inject({ url: `/api/orders/${placed.id}`, headers: other.headers })
    const missing = await app.inject({ url: '/api/orders/999999', headers: other.headers })
    expect(theirs.statusCode).toBe(404)
    expect(missing.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ message: 'Order not found', code: 'orders.not_found' })
    expect(missing.json()).toEqual(theirs.json())
  })

  it('answers a visitor who is not signed in 401, whether or not the order exists', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: tiramisu.id, quantity: 1 },
    ])
    expect((await app.inject({ url: `/api/orders/${placed.id}` })).statusCode).toBe(401)
    expect((await app.inject({ url: '/api/orders/999999' })).statusCode).toBe(401)
  })

  it('lets anyone read the showcase order', async () => {
    const showcase = await showcaseOrder(app)
    const res = await app.inject({ url: `/api/orders/${showcase.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: showcase.id, restaurantId: showcase.restaurantId })
  })

  it('answers 400 for an order id that is not a positive whole number', async () => {
    const diner = await createUser(app)
    expect((await app.inject({ url: '/api/orders/abc', headers: diner.headers })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/orders/0', headers: diner.headers })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/orders/99999999999', headers: diner.headers })).statusCode).toBe(
      400,
    )
  })
})

describe("a diner's orders", () => {
  it('lists all orders newest first, and active orders without completed or cancelled ones', async () => {
    const diner = await createUser(app, { balance: 200 })
    const line = [{ menuItemId: tiramisu.id, quantity: 1 }]
    const first = await placeOrder(app, diner, kitchen.restaurant.id, line)
    const second = await placeOrder(app, diner, kitchen.restaurant.id, line)
    const third = await placeOrder(app, diner, kitchen.restaurant.id, line)
    const fourth = await placeOrder(app, diner, kitchen.restaurant.id, line)
    await setOrderState(app, first.id, { status: 'completed', progress: 100 })
    await setOrderState(app, third.id, { status: 'cancelled', progress: 40 })
    await setOrderState(app, fourth.id, { status: 'cooking', progress: 40 })
    const other = await createUser(app, { balance: 50 })
    await placeOrder(app, other, kitchen.restaurant.id, line)

    const all = await app.inject({ url: `/api/users/${diner.user.id}/orders`, headers: diner.headers })
    expect(all.statusCode).toBe(200)
    expect(all.json().map((o: { id: number }) => o.id)).toEqual([fourth.id, third.id, second.id, first.id])

    const active = await app.inject({
      url: `/api/users/${diner.user.id}/active-orders`,
      headers: diner.headers,
    })
    expect(active.statusCode).toBe(200)
    expect(active.json().map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([
      [fourth.id, 'cooking'],
      [second.id, 'preparing'],
    ])
  })

  it('answers an empty list to a diner without orders', async () => {
    const diner = await createUser(app)
    const res = await app.inject({ url: `/api/users/${diner.user.id}/active-orders`, headers: diner.headers })
    expect(res.json()).toEqual([])
  })

  it('refuses a visitor who is not signed in with 401 and another diner with 403', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    for (const path of ['orders', 'active-orders']) {
      const url = `/api/users/${diner.user.id}/${path}`
      expect((await app.inject({ url })).statusCode).toBe(401)
      expect((await app.inject({ url, headers: other.headers })).statusCode).toBe(403)
    }
  })
})

describe('stream access', () => {
  const grant = (user: TestUser | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/stream-access',
      headers: user?.headers ?? {},
      payload: payload as object,
    })

  it('grants a diner 20 minutes on their own active order', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: pizza.id, quantity: 1 },
    ])
    const res = await grant(diner, { orderId: placed.id })
    expect(res.statusCode).toBe(200)
    const access = res.json()
    expect(access.orderId).toBe(placed.id)
    expect(Date.parse(access.expiresAt) - Date.parse(access.grantedAt)).toBe(STREAM_ACCESS_MS)
    expect(Math.abs(Date.parse(access.grantedAt) - Date.now())).toBeLessThan(5_000)
  })

  it("grants the restaurant's owner access to an active order of their restaurant", async () => {
    const owner = await createUser(app)
    const own = await createRestaurant(app, { ownerId: owner.user.id })
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, own.restaurant.id, [
      { menuItemId: own.items[0]!.id, quantity: 1 },
    ])
    expect((await grant(owner, { orderId: placed.id })).statusCode).toBe(200)
  })

  it('answers 404 "Invalid order number" for another diner\'s order, a completed one, a missing one, and a visitor', async () => {
    const diner = await createUser(app, { balance: 50 })
    const other = await createUser(app)
    const active = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: tiramisu.id, quantity: 1 },
    ])
    const done = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: tiramisu.id, quantity: 1 },
    ])
    await setOrderState(app, done.id, { status: 'completed', progress: 100 })
    const cases = [
      await grant(other, { orderId: active.id }),
      await grant(diner, { orderId: done.id }),
      await grant(diner, { orderId: 999_999 }),
      await grant(undefined, { orderId: active.id }),
    ]
    for (const res of cases) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Invalid order number', code: 'orders.invalid_order_number' })
    }
  })

  it('grants anyone, even a visitor who is not signed in, access to the showcase order', async () => {
    const showcase = await showcaseOrder(app)
    const res = await grant(undefined, { orderId: showcase.id })
    expect(res.statusCode).toBe(200)
    expect(res.json().orderId).toBe(showcase.id)
  })

  it('accepts the order number as text, as the form sends it, and asks for one when missing', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: tiramisu.id, quantity: 1 },
    ])
    expect((await grant(diner, { orderId: String(placed.id) })).statusCode).toBe(200)
    const missing = await grant(diner, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Order number required')
  })
})

describe('the showcase', () => {
  it('answers the showcase order and its restaurant', async () => {
    const showcase = await showcaseOrder(app)
    const res = await app.inject({ url: '/api/showcase' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ orderId: showcase.id, restaurantId: showcase.restaurantId })
  })

  it('answers 404 when no order is the showcase', async () => {
    const showcase = await showcaseOrder(app)
    await app.db.update(orders).set({ isShowcase: false }).where(eq(orders.isShowcase, true))
    try {
      const res = await app.inject({ url: '/api/showcase' })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('No showcase kitchen right now')
    } finally {
      await app.db.update(orders).set({ isShowcase: true }).where(eq(orders.id, showcase.id))
    }
  })
})
