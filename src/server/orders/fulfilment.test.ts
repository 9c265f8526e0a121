import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DELIVERY_FEE_CENTS } from '../../shared/constants'
import { orders, restaurants } from '../db/schema'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { createRestaurant } from './orders.fixtures'

const app = await buildTestApp()
const kitchen = await createRestaurant(app, { items: [{ name: 'Margherita Pizza', priceCents: 1450 }] })
const pizza = kitchen.items[0]!

const order = (user: TestUser, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: {
      restaurantId: kitchen.restaurant.id,
      items: [{ menuItemId: pizza.id, quantity: 1 }],
      ...extra,
    },
  })
const addAddress = async (user: TestUser, payload: object) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/users/${user.user.id}/addresses`,
      headers: user.headers,
      payload: { line1: '1 Main St', city: 'Austin', postcode: '78701', ...payload },
    })
  ).json() as { id: number }

describe('delivery and pickup', () => {
  it('delivers to the default address with the fee, and the order keeps the address and the promised time', async () => {
    const diner = await createUser(app, { balance: 50 })
    const before = Date.now()
    const res = await order(diner)
    expect(res.statusCode).toBe(201)
    const placed = res.json()
    expect(placed).toMatchObject({
      fulfilment: 'delivery',
      totalPrice: (1450 + DELIVERY_FEE_CENTS) / 100,
      address: { label: 'Home', line1: '100 Congress Ave', city: 'Austin', postcode: '78701' },
    })
    const promised = Date.parse(placed.promisedAt)
    expect(promised).toBeGreaterThanOrEqual(before + app.config.kitchen.orderMs - 1000)
    expect(promised).toBeLessThanOrEqual(Date.now() + app.config.kitchen.orderMs)
  })

  it('delivers to the address named, and keeps what it was when the address changes later', async () => {
    const diner = await createUser(app, { balance: 50 })
    const work = await addAddress(diner, { label: 'Work', line1: '500 W 2nd St', postcode: '78701' })
    const placed = (await order(diner, { addressId: work.id })).json()
    expect(placed.address).toMatchObject({ label: 'Work', line1: '500 W 2nd St' })
    await app.inject({
      method: 'PATCH',
      url: `/api/addresses/${work.id}`,
      headers: diner.headers,
      payload: { line1: '9 Elsewhere Rd' },
    })
    const read = await app.inject({ url: `/api/orders/${placed.id}`, headers: diner.headers })
    expect(read.json().address.line1).toBe('500 W 2nd St')
  })

  it('refuses delivery without any address with a 400 on addressId, charging nothing', async () => {
    const diner = await createUser(app, { balance: 50, address: false })
    const res = await order(diner)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ addressId: 'Add a delivery address, or choose pickup' })
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
  })

  it('refuses another diner’s address as if it were unknown', async () => {
    const diner = await createUser(app, { balance: 50 })
    const other = await createUser(app)
    const theirs = await addAddress(other, { label: 'Theirs' })
    const res = await order(diner, { addressId: theirs.id })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.addressId).toBe('Choose one of your addresses')
  })

  it('refuses an address outside the restaurant’s delivery radius, 10 km unless the restaurant sets its own', async () => {
    const diner = await createUser(app, { balance: 50 })
    // Round Rock: about 25 km north of downtown.
    const far = await addAddress(diner, {
      line1: '1 Far Rd',
      city: 'Round Rock',
      postcode: '78664',
      latitude: 30.508,
      longitude: -97.679,
    })
    const res = await order(diner, { addressId: far.id })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.addressId).toMatch(/delivers within 10 km; this address is 2\d(\.\d)? km away/)
    expect(await balanceCents(app, diner.user.id)).toBe(5000)

    // The default address is about 0.3 km away: fine at 10 km, too far at 0.1 km.
    expect((await order(diner)).statusCode).toBe(201)
    await app.db
      .update(restaurants)
      .set({ deliveryRadiusKm: 0.1 })
      .where(eq(restaurants.id, kitchen.restaurant.id))
    try {
      const near = await order(diner)
      expect(near.statusCode).toBe(400)
      expect(near.json().message).toMatch(/delivers within 0.1 km/)
    } finally {
      await app.db
        .update(restaurants)
        .set({ deliveryRadiusKm: 10 })
        .where(eq(restaurants.id, kitchen.restaurant.id))
    }
  })

  it('takes pickup orders with no fee and no address, ready when the kitchen hands over', async () => {
    const diner = await createUser(app, { balance: 50, address: false })
    const res = await order(diner, { fulfilment: 'pickup' })
    expect(res.statusCode).toBe(201)
    const placed = res.json()
    expect(placed).toMatchObject({ fulfilment: 'pickup', address: null, totalPrice: 14.5 })
    expect(await balanceCents(app, diner.user.id)).toBe(5000 - 1450)
    const readyIn = Date.parse(placed.promisedAt) - Date.parse(placed.createdAt)
    expect(Math.abs(readyIn - 0.95 * app.config.kitchen.orderMs)).toBeLessThan(1000)
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row!.deliveryAddress).toBeNull()
  })

  it('refuses an unknown fulfilment with a field message', async () => {
    const diner = await createUser(app, { balance: 50 })
    const res = await order(diner, { fulfilment: 'drone' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ fulfilment: 'Choose delivery or pickup' })
  })
})

describe('the checkout quote', () => {
  const quote = (user: TestUser | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: user?.headers,
      payload: { restaurantId: kitchen.restaurant.id, ...payload },
    })

  it('shows the fee, the address, its distance and the arrival estimate before paying', async () => {
    const diner = await createUser(app, { balance: 50 })
    const res = await quote(diner, { fulfilment: 'delivery' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      fulfilment: 'delivery',
      deliveryFee: 2.99,
      deliveryRadiusKm: 10,
      address: { line1: '100 Congress Ave' },
      restaurantAddress: '1 Test Street, Austin',
    })
    expect(body.distanceKm).toBeGreaterThan(0)
    expect(body.distanceKm).toBeLessThan(1)
    expect(Date.parse(body.promisedAt)).toBeGreaterThan(Date.now())
    const pickup = (await quote(diner, { fulfilment: 'pickup' })).json()
    expect(pickup).toMatchObject({ fulfilment: 'pickup', deliveryFee: 0, address: null, distanceKm: null })
  })

  it('answers the same refusals as placing the order, and 401 to a visitor', async () => {
    const diner = await createUser(app, { address: false })
    const res = await quote(diner, { fulfilment: 'delivery' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ addressId: 'Add a delivery address, or choose pickup' })
    expect((await quote(undefined, { fulfilment: 'pickup' })).statusCode).toBe(401)
  })
})
