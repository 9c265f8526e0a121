import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cameraSchema, restaurantSchema } from '../../shared/schemas/restaurants'
import { balanceCents, buildTestApp, createUser } from '../testing/build-test-app'
import { addCamera, addDish, markStreamVerified, registerRestaurant } from '../testing/workspace.fixtures'

const app = await buildTestApp()

const patch = (id: number, headers: Record<string, string> | undefined, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, ...(headers ? { headers } : {}), payload })
const read = async (id: number) =>
  restaurantSchema.strict().parse((await app.inject({ url: `/api/restaurants/${id}` })).json())
const liveIds = async () =>
  z
    .array(restaurantSchema)
    .parse((await app.inject({ url: '/api/restaurants?limit=100' })).json().restaurants)
    .filter((r) => r.isLive)
    .map((r) => r.id)

describe('editing the profile', () => {
  it('changes the fields sent, keeps the others, and every read follows at once', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    await read(restaurant.id) // now cached
    const res = await patch(restaurant.id, owner.headers, {
      name: 'Smoke & Oak BBQ',
      cuisine: 'Korean',
      latitude: 30.2672,
      longitude: -97.7431,
      avatar: '/images/0123456789abcdef0123456789abcdef.webp',
      images: ['/images/fedcba9876543210fedcba9876543210.webp', '/media/restaurants/x/hero-1.svg'],
      features: ['Live Kitchen View', 'Chef Interaction'],
    })
    expect(res.statusCode).toBe(200)
    const expected = {
      ...restaurant,
      name: 'Smoke & Oak BBQ',
      cuisine: 'Korean',
      latitude: 30.2672,
      longitude: -97.7431,
      avatar: '/images/0123456789abcdef0123456789abcdef.webp',
      images: ['/images/fedcba9876543210fedcba9876543210.webp', '/media/restaurants/x/hero-1.svg'],
      features: ['Live Kitchen View', 'Chef Interaction'],
    }
    expect(res.json()).toEqual(expected)
    expect(await read(restaurant.id)).toEqual(expected)

    const cleared = await patch(restaurant.id, owner.headers, {
      avatar: null,
      latitude: null,
      longitude: null,
    })
    // Coordinates sent empty: the address is placed on the map again (its ZIP code's centre).
    expect(cleared.json()).toMatchObject({
      avatar: null,
      latitude: expect.closeTo(30.264, 2),
      longitude: expect.closeTo(-97.717, 2),
      name: 'Smoke & Oak BBQ',
    })
  })

  it.each([
    [{ name: 'A' }, 'name', 'Restaurant name must be at least 2 characters'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters.'],
    [{ priceRange: '$$$$$' }, 'priceRange', 'Please select a price range.'],
    [{ latitude: 95 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ avatar: 'file:///etc/passwd' }, 'avatar', 'Please provide a valid image address'],
    [{ images: ['/images/../secrets'] }, 'images.0', 'Please provide a valid image address'],
    [{ isLive: 'yes' }, 'isLive', 'isLive is true or false'],
  ])('refuses %o with "%s: %s" and changes nothing', async (payload, field, message) => {
    const { owner, restaurant } = await registerRestaurant(app)
    const res = await patch(restaurant.id, owner.headers, { cuisine: 'Thai', ...payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(await read(restaurant.id)).toEqual(restaurant)
  })

  it('answers 401 to a visitor, 403 to another user and 404 for an unknown restaurant', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    expect((await patch(restaurant.id, undefined, { name: 'Taken Over' })).statusCode).toBe(401)
    const stranger = await createUser(app)
    const other = await patch(restaurant.id, stranger.headers, { name: 'Taken Over', isLive: false })
    expect(other.statusCode).toBe(403)
    expect((await patch(999999, owner.headers, { name: 'Nowhere' })).statusCode).toBe(404)
    expect((await read(restaurant.id)).name).toBe('Smoke & Oak')
  })
})

describe('the delivery radius', () => {
  it('starts at 10 km and takes an owner’s value to one decimal', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    expect(restaurant.deliveryRadiusKm).toBe(10)
    await read(restaurant.id) // now cached
    const res = await patch(restaurant.id, owner.headers, { deliveryRadiusKm: 2.5 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...restaurant, deliveryRadiusKm: 2.5 })
    expect(await read(restaurant.id)).toEqual({ ...restaurant, deliveryRadiusKm: 2.5 })
  })

  it('keeps the time zone of where it is, which a move places again and the owner may change', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    // Austin, TX 78702.
    expect(restaurant.timeZone).toBe('America/Chicago')
    const moved = await patch(restaurant.id, owner.headers, {
      address: '1 Market St, San Francisco, CA 94105',
    })
    expect(moved.json().timeZone).toBe('America/Los_Angeles')
    const set = await patch(restaurant.id, owner.headers, { timeZone: 'America/Denver' })
    expect(set.statusCode).toBe(200)
    expect((await read(restaurant.id)).timeZone).toBe('America/Denver')
    const wrong = await patch(restaurant.id, owner.headers, { timeZone: 'Mars/Olympus' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors.timeZone).toBe('Must be a time zone such as America/Chicago')
    expect((await read(restaurant.id)).timeZone).toBe('America/Denver')
    // A name the browser knows but the database does not: refused, never a broken Insights page.
    const unknown = await patch(restaurant.id, owner.headers, { timeZone: 'SystemV/EST5', cuisine: 'Thai' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('restaurants.unknown_time_zone')
    expect(unknown.json().errors.timeZone).toBe('Must be a time zone such as America/Chicago')
    expect(await read(restaurant.id)).toMatchObject({ timeZone: 'America/Denver' })
    expect((await read(restaurant.id)).cuisine).not.toBe('Thai')
  })

  it.each([0.4, 50.1, 2.55, -3, 'ten', null])(
    'refuses %o with a field message and changes nothing',
    async (km) => {
      const { owner, restaurant } = await registerRestaurant(app)
      const res = await patch(restaurant.id, owner.headers, { deliveryRadiusKm: km })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.deliveryRadiusKm).toBe(
        'Delivery radius must be between 0.5 and 50 km, with at most one decimal',
      )
      expect(await read(restaurant.id)).toEqual(restaurant)
    },
  )

  it('is what checkout checks from the next request on: delivery refused outside it, pickup still offered', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const dish = await addDish(app, owner, restaurant.id)
    // Downtown Austin; the diner's address in 78704 is about 3.4 km away.
    await patch(restaurant.id, owner.headers, { latitude: 30.2672, longitude: -97.7431 })
    const diner = await createUser(app, { balance: 50, address: false })
    const saved = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/addresses`,
      headers: diner.headers,
      payload: { line1: '1500 S Congress Ave', city: 'Austin', postcode: '78704' },
    })
    expect(saved.statusCode).toBe(201)
    const quote = (fulfilment: string) =>
      app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        headers: diner.headers,
        payload: { restaurantId: restaurant.id, fulfilment },
      })
    const placeOrder = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: diner.headers,
        payload: { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] },
      })

    const within = await quote('delivery')
    expect(within.statusCode).toBe(200)
    expect(within.json()).toMatchObject({ deliveryRadiusKm: 10, distanceKm: expect.closeTo(3.4, 0) })

    expect((await patch(restaurant.id, owner.headers, { deliveryRadiusKm: 2 })).statusCode).toBe(200)
    const outside = await quote('delivery')
    expect(outside.statusCode).toBe(400)
    expect(outside.json().errors.addressId).toMatch(/delivers within 2 km; this address is 3\.\d km away/)
    const refused = await placeOrder()
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.addressId).toMatch(/delivers within 2 km/)
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
    const pickup = await quote('pickup')
    expect(pickup.statusCode).toBe(200)
    expect(pickup.json()).toMatchObject({ fulfilment: 'pickup', deliveryFee: 0 })

    await patch(restaurant.id, owner.headers, { deliveryRadiusKm: 4.5 })
    expect((await quote('delivery')).statusCode).toBe(200)
  })
})

describe('going live', () => {
  it('is refused without a camera and a dish, saying what is missing', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const none = await patch(restaurant.id, owner.headers, { isLive: true })
    expect(none.statusCode).toBe(409)
    expect(none.json()).toEqual({
      message: 'To go live, add an active camera and a dish that is not sold out',
      code: 'restaurants.not_ready',
    })

    const dishItem = await addDish(app, owner, restaurant.id)
    const noCamera = await patch(restaurant.id, owner.headers, { isLive: true })
    expect(noCamera.statusCode).toBe(409)
    expect(noCamera.json().message).toBe('To go live, add an active camera')

    const camera = await addCamera(app, owner, restaurant.id)
    const unchecked = await patch(restaurant.id, owner.headers, { isLive: true })
    expect(unchecked.statusCode).toBe(409)
    expect(unchecked.json().message).toBe('To go live, add a camera whose “Check stream” found a picture')
    await markStreamVerified(app, camera.id)
    await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${dishItem.id}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    const soldOut = await patch(restaurant.id, owner.headers, { isLive: true })
    expect(soldOut.statusCode).toBe(409)
    expect(soldOut.json().message).toBe('To go live, add a dish that is not sold out')

    await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload: { isActive: false },
    })
    await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${dishItem.id}`,
      headers: owner.headers,
      payload: { isAvailable: true },
    })
    const inactiveCamera = await patch(restaurant.id, owner.headers, { isLive: true, name: 'Renamed Anyway' })
    expect(inactiveCamera.statusCode).toBe(409)
    expect(inactiveCamera.json().message).toBe('To go live, add an active camera')
    expect(await read(restaurant.id)).toMatchObject({ isLive: false, name: 'Smoke & Oak' })
    expect(await liveIds()).not.toContain(restaurant.id)
  })

  it('goes live with an active, checked camera and an available dish, and off the air at any time', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    await addDish(app, owner, restaurant.id)
    await markStreamVerified(app, (await addCamera(app, owner, restaurant.id)).id)
    expect(await liveIds()).not.toContain(restaurant.id)

    const live = await patch(restaurant.id, owner.headers, { isLive: true })
    expect(live.statusCode).toBe(200)
    expect(live.json().isLive).toBe(true)
    expect((await read(restaurant.id)).isLive).toBe(true)
    expect(await liveIds()).toContain(restaurant.id)

    const off = await patch(restaurant.id, owner.headers, { isLive: false })
    expect(off.statusCode).toBe(200)
    expect((await read(restaurant.id)).isLive).toBe(false)
    expect(await liveIds()).not.toContain(restaurant.id)
  })
})

describe("the owner's camera list", () => {
  it('shows deactivated cameras to the owner only; the public list hides them', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const on = await addCamera(app, owner, restaurant.id, { name: 'Pit' })
    const off = await addCamera(app, owner, restaurant.id, { name: 'Line' })
    await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` }) // cached before the change
    await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${off.id}`,
      headers: owner.headers,
      payload: { isActive: false },
    })
    const list = z.array(cameraSchema.strict())
    const publicList = list.parse(
      (await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })).json(),
    )
    expect(publicList.map((c) => c.id)).toEqual([on.id])
    const url = `/api/restaurants/${restaurant.id}/cameras?include=inactive`
    const mine = await app.inject({ url, headers: owner.headers })
    expect(mine.statusCode).toBe(200)
    expect(list.parse(mine.json()).map((c) => [c.id, c.isActive])).toEqual([
      [on.id, true],
      [off.id, false],
    ])
    // Only the owner learns whether a camera's picture reaches diners, as going live needs.
    expect(publicList[0]!.pictureChecked).toBeUndefined()
    expect(list.parse(mine.json()).map((c) => c.pictureChecked)).toEqual([false, false])
    await markStreamVerified(app, on.id)
    const checked = list.parse((await app.inject({ url, headers: owner.headers })).json())
    expect(checked.map((c) => [c.id, c.pictureChecked])).toEqual([
      [on.id, true],
      [off.id, false],
    ])
    expect((await app.inject({ url })).statusCode).toBe(401)
    expect((await app.inject({ url, headers: (await createUser(app)).headers })).statusCode).toBe(403)
  })
})
