import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  cameraSchema,
  encodeRestaurantCursor,
  menuItemSchema,
  RESTAURANT_PAGE_SIZE,
  restaurantSchema,
} from '../../shared/schemas/restaurants'
import { cameras, menuItems, restaurants } from '../db/schema'
import { preferredEncoding } from '../infra/cached-response'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()

const restaurantList = z.array(restaurantSchema.strict())
const restaurantPage = z
  .object({ restaurants: restaurantList, total: z.number(), nextCursor: z.string().nullable() })
  .strict()

/** One page of `GET /api/restaurants` with these query parameters. */
async function getPage(query: Record<string, string>) {
  const res = await app.inject({ url: '/api/restaurants', query })
  expect(res.statusCode, res.body).toBe(200)
  return restaurantPage.parse(res.json())
}

/** Every page, following `nextCursor`: the restaurants in order, and each page's `total`. */
async function getAllPages(query: Record<string, string> = {}) {
  const all: z.infer<typeof restaurantList> = []
  const totals: number[] = []
  let cursor: string | null = null
  do {
    const page = await getPage({ limit: '100', ...query, ...(cursor ? { cursor } : {}) })
    all.push(...page.restaurants)
    totals.push(page.total)
    cursor = page.nextCursor
  } while (cursor)
  return { all, totals }
}
const menu = z.array(menuItemSchema.strict())
const cameraList = z.array(cameraSchema.strict())

function restaurantPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ember & Oak',
    description: 'Wood-fired cooking with a view of the hearth.',
    cuisine: 'American',
    address: '100 Congress Ave, Austin, TX',
    priceRange: '$$',
    features: ['Live Kitchen View'],
    images: [],
    ...overrides,
  }
}

async function createRestaurant(owner: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/restaurants',
    headers: owner.headers,
    payload: restaurantPayload(overrides),
  })
  expect(res.statusCode).toBe(201)
  return restaurantSchema.parse(res.json())
}

function cameraPayload(restaurantId: number, overrides: Record<string, unknown> = {}) {
  return {
    restaurantId,
    name: 'Main Kitchen',
    position: 'main',
    streamUrl: 'https://video.example.com/main.m3u8',
    ...overrides,
  }
}

describe('registering a restaurant', () => {
  it('makes the signed-in user its owner and starts it off the air with no rating', async () => {
    const owner = await createUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: restaurantPayload({
        isLive: true,
        rating: 5,
        reviewCount: 999,
        latitude: 30.25,
        longitude: -97.75,
        avatar: '',
      }),
    })
    expect(res.statusCode).toBe(201)
    const created = restaurantSchema.strict().parse(res.json())
    expect(created).toMatchObject({
      name: 'Ember & Oak',
      isLive: false,
      rating: null,
      reviewCount: 0,
      avatar: null,
      distance: null,
      latitude: 30.25,
      longitude: -97.75,
      features: ['Live Kitchen View'],
    })
    const read = await app.inject({ url: `/api/restaurants/${created.id}` })
    expect(read.statusCode).toBe(200)
    expect(restaurantSchema.strict().parse(read.json())).toEqual(created)
    const mine = await app.inject({ url: `/api/users/${owner.user.id}/restaurants`, headers: owner.headers })
    expect(mine.json()).toContainEqual(expect.objectContaining({ id: created.id }))
  })

  it('never makes a registered restaurant a demo one, even when the request asks', async () => {
    const owner = await createUser(app)
    const created = await createRestaurant(owner, { isDemo: true })
    expect(created.isDemo).toBe(false)
    const read = await app.inject({ url: `/api/restaurants/${created.id}` })
    expect(read.json().isDemo).toBe(false)
  })

  it('asks a visitor to sign in before anything else', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/restaurants', payload: restaurantPayload() })
    expect(res.statusCode).toBe(401)
    const invalid = await app.inject({ method: 'POST', url: '/api/restaurants', payload: {} })
    expect(invalid.statusCode).toBe(401)
  })

  it.each([
    [{ name: 'A' }, 'name', 'Restaurant name must be at least 2 characters'],
    [{ name: undefined }, 'name', 'Restaurant name must be at least 2 characters'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters.'],
    [{ cuisine: '' }, 'cuisine', 'Please select a cuisine type.'],
    [{ address: '1 A' }, 'address', 'Please provide a valid address.'],
    [{ priceRange: '$$$$$' }, 'priceRange', 'Please select a price range.'],
    [{ avatar: 'not a url' }, 'avatar', 'Please provide a valid URL for the restaurant logo.'],
    [{ latitude: 91 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ longitude: -181 }, 'longitude', 'Longitude must be between -180 and 180'],
  ])('refuses %o with "%s: %s" and creates nothing', async (overrides, field, message) => {
    const owner = await createUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: restaurantPayload(overrides),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    const mine = await app.inject({ url: `/api/users/${owner.user.id}/restaurants`, headers: owner.headers })
    expect(mine.json()).toEqual([])
  })
})

describe('reading restaurants', () => {
  it('lists every restaurant in the public shape, and a new one appears at once', async () => {
    const before = await app.inject({ url: '/api/restaurants' })
    expect(before.statusCode).toBe(200)
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8')
    const list = (await getAllPages()).all
    expect(list.every((r) => r.distance === null)).toBe(true)
    // Who owns a restaurant is not public.
    expect(before.json().restaurants[0]).not.toHaveProperty('ownerId')

    const created = await createRestaurant(await createUser(app), { name: 'Fresh Opening' })
    const after = (await getAllPages()).all
    expect(after).toHaveLength(list.length + 1)
    expect(after.find((r) => r.id === created.id)).toEqual(created)
  })

  it('answers 404 for an unknown restaurant, its menu and its cameras, and 400 for a bad id', async () => {
    for (const url of [
      '/api/restaurants/999999',
      '/api/restaurants/999999/menu',
      '/api/restaurants/999999/cameras',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Restaurant not found', code: 'restaurants.not_found' })
    }
    expect((await app.inject({ url: '/api/restaurants/abc' })).statusCode).toBe(400)
  })

  it('serves the menu in dollars by category, unavailable dishes included', async () => {
    const restaurant = await createRestaurant(await createUser(app))
    const rows = await app.db
      .insert(menuItems)
      .values([
        {
          restaurantId: restaurant.id,
          name: 'Tiramisu',
          description: 'Espresso, mascarpone',
          priceCents: 899,
          category: 'Desserts',
          allergens: ['milk', 'eggs'],
          ingredients: ['mascarpone', 'eggs', 'espresso', 'cocoa'],
        },
        {
          restaurantId: restaurant.id,
          name: 'Ribeye',
          description: 'Dry aged',
          priceCents: 3450,
          category: 'Mains',
          isAvailable: false,
        },
        {
          restaurantId: restaurant.id,
          name: 'Garlic Bread',
          description: 'Buttery',
          priceCents: 499,
          category: 'Appetizers',
          allergens: ['wheat', 'milk'],
        },
        {
          restaurantId: restaurant.id,
          name: 'Burrata',
          description: 'With tomatoes',
          priceCents: 1250,
          category: 'Appetizers',
          image: '/media/burrata.jpg',
        },
      ])
      .returning()
    const res = await app.inject({ url: `/api/restaurants/${restaurant.id}/menu` })
    expect(res.statusCode).toBe(200)
    const items = menu.parse(res.json())
    const byCategoryThenId = [...rows].sort((a, b) => a.category.localeCompare(b.category) || a.id - b.id)
    expect(items.map((i) => i.id)).toEqual(byCategoryThenId.map((r) => r.id))
    for (const item of items) {
      const row = rows.find((r) => r.id === item.id)!
      expect(item.price * 100).toBeCloseTo(row.priceCents)
      expect(item.isAvailable).toBe(row.isAvailable)
      expect(item.allergens).toEqual(row.allergens)
    }
  })
})

describe('cameras', () => {
  it('lets the owner add a camera, which then shows among the active cameras', async () => {
    const owner = await createUser(app)
    const restaurant = await createRestaurant(owner)
    const empty = await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })
    expect(cameraList.parse(empty.json())).toEqual([])

    const res = await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.headers,
      payload: cameraPayload(restaurant.id, { name: 'Grill Cam', position: 'grill' }),
    })
    expect(res.statusCode).toBe(201)
    const camera = cameraSchema.strict().parse(res.json())
    expect(camera).toMatchObject({
      restaurantId: restaurant.id,
      name: 'Grill Cam',
      position: 'grill',
      isActive: true,
    })
    const [stored] = await app.db.select().from(cameras).where(eq(cameras.id, camera.id))
    expect(stored!.isDemo).toBe(false)

    const after = await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })
    // Diners play it from this server; the source address stays the owner's.
    expect(cameraList.parse(after.json())).toEqual([
      { ...camera, streamUrl: `/live/${camera.id}/index.m3u8` },
    ])
  })

  it('leaves inactive cameras out', async () => {
    const restaurant = await createRestaurant(await createUser(app))
    await app.db.insert(cameras).values([
      {
        restaurantId: restaurant.id,
        name: 'Prep',
        position: 'prep',
        streamUrl: 'https://v.example.com/a.m3u8',
      },
      {
        restaurantId: restaurant.id,
        name: 'Old',
        position: 'bar',
        streamUrl: 'https://v.example.com/b.m3u8',
        isActive: false,
      },
    ])
    const list = cameraList.parse(
      (await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })).json(),
    )
    expect(list.map((c) => c.name)).toEqual(['Prep'])
  })

  it('answers 401 to a visitor, 403 to another user and 404 for an unknown restaurant, adding nothing', async () => {
    const owner = await createUser(app)
    const restaurant = await createRestaurant(owner)
    const stranger = await createUser(app)
    const payload = cameraPayload(restaurant.id)
    expect((await app.inject({ method: 'POST', url: '/api/cameras', payload })).statusCode).toBe(401)
    const forbidden = await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: stranger.headers,
      payload,
    })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe("Only the restaurant's owner can do this")
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.headers,
      payload: cameraPayload(999999),
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Restaurant not found')
    expect(await app.db.select().from(cameras).where(eq(cameras.restaurantId, restaurant.id))).toEqual([])
  })

  it.each([
    [{ name: 'A' }, 'name', 'Camera name must be at least 2 characters.'],
    [{ position: 'roof' }, 'position', 'Please select a camera position.'],
    [{ streamUrl: 'not a url' }, 'streamUrl', 'Please provide a valid streaming URL.'],
    [{ streamUrl: 'javascript:alert(1)' }, 'streamUrl', 'Please provide a valid streaming URL.'],
  ])('refuses a camera with %o: "%s: %s"', async (overrides, field, message) => {
    const owner = await createUser(app)
    const restaurant = await createRestaurant(owner)
    const res = await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.headers,
      payload: cameraPayload(restaurant.id, overrides),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
  })
})

describe('caching', () => {
  it('revalidates with the ETag: 304 while unchanged, the new body after a write', async () => {
    const owner = await createUser(app)
    const restaurant = await createRestaurant(owner)
    for (const url of [
      '/api/restaurants',
      `/api/restaurants/${restaurant.id}`,
      `/api/restaurants/${restaurant.id}/cameras`,
    ]) {
      const first = await app.inject({ url })
      expect(first.headers['cache-control']).toBe('no-cache')
      const etag = String(first.headers.etag)
      expect(etag).toBeTruthy()
      const again = await app.inject({ url, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      const listed = await app.inject({ url, headers: { 'if-none-match': `"other", ${etag}` } })
      expect(listed.statusCode).toBe(304)
    }

    const cams = `/api/restaurants/${restaurant.id}/cameras`
    const etag = String((await app.inject({ url: cams })).headers.etag)
    await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.headers,
      payload: cameraPayload(restaurant.id),
    })
    const changed = await app.inject({ url: cams, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(cameraList.parse(changed.json())).toHaveLength(1)
  })
})

describe('compression of cached reads', () => {
  it('sends the same body compressed with brotli or gzip as the client accepts', async () => {
    for (let i = 0; i < 3; i++)
      await createRestaurant(await createUser(app), {
        description: `A long description number ${i} `.repeat(20),
      })
    const plain = await app.inject({ url: '/api/restaurants' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)

    const br = await app.inject({
      url: '/api/restaurants',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)

    const gzip = await app.inject({ url: '/api/restaurants', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(gzip.headers.etag).toBe(plain.headers.etag)
  })

  it('reads Accept-Encoding weights', () => {
    expect(preferredEncoding(undefined)).toBeUndefined()
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding('gzip, br')).toBe('br')
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('*;q=0.1, br;q=0')).toBe('gzip')
  })
})

describe('searching by location', () => {
  // Far out in the South Pacific, so no other restaurant is near.
  const origin = { latitude: -45, longitude: -150 }
  // One degree of latitude is 111.2 km along a meridian.
  const kmPerDegree = (2 * Math.PI * 6371.0088) / 360

  it('returns each restaurant’s distance in km, nearest first, and filters by radius', async () => {
    const owner = await createUser(app)
    const far = await createRestaurant(owner, {
      name: 'Far Away',
      latitude: origin.latitude + 0.3,
      longitude: origin.longitude,
    })
    const near = await createRestaurant(owner, {
      name: 'Close By',
      latitude: origin.latitude + 0.1,
      longitude: origin.longitude,
    })
    const nowhere = await createRestaurant(owner, { name: 'No Coordinates' })

    const within = async (radius: number) =>
      (await getPage({ ...stringify(origin), radius: String(radius) })).restaurants
    const small = await within(25)
    expect(small.map((r) => r.id)).toEqual([near.id])
    expect(small[0]!.distance).toBe(Math.round(0.1 * kmPerDegree * 10) / 10)

    const large = await within(50)
    expect(large.map((r) => r.id)).toEqual([near.id, far.id])
    expect(large[1]!.distance).toBe(Math.round(0.3 * kmPerDegree * 10) / 10)

    // Live restaurants come first; among the others, nearest first.
    const { all } = await getAllPages(stringify(origin))
    const offAir = all.filter((r) => !r.isLive)
    const distances = offAir.filter((r) => r.distance !== null).map((r) => r.distance!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(offAir.slice(0, 2).map((r) => r.id)).toEqual([near.id, far.id])
    expect(all.find((r) => r.id === nowhere.id)!.distance).toBeNull()
    expect(offAir.findIndex((r) => r.distance === null)).toBeGreaterThan(
      offAir.findLastIndex((r) => r.distance !== null),
    )
  })

  it('refuses half a location or a radius without one', async () => {
    const noLongitude = await app.inject({ url: '/api/restaurants?latitude=30.2' })
    expect(noLongitude.statusCode).toBe(400)
    expect(noLongitude.json().errors.longitude).toBe('Give a longitude with the latitude')
    expect((await app.inject({ url: '/api/restaurants?longitude=-97' })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/restaurants?radius=10' })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/restaurants?latitude=95&longitude=0' })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/restaurants?latitude=1&longitude=1&radius=-2' })).statusCode).toBe(
      400,
    )
  })
})

describe('paging the public list', () => {
  it('answers a page of the default size, and pages of any size add up to the whole list, live ones first, in id order', async () => {
    const owner = await createUser(app)
    for (let i = 0; i < 3; i++) await createRestaurant(owner, { name: `Paged Kitchen ${i}` })
    const { all, totals } = await getAllPages()
    const byId = (list: typeof all) => list.map((r) => r.id).sort((a, b) => a - b)
    expect(all.map((r) => r.id)).toEqual([
      ...byId(all.filter((r) => r.isLive)),
      ...byId(all.filter((r) => !r.isLive)),
    ])
    expect(new Set(totals)).toEqual(new Set([all.length]))

    const first = await getPage({})
    expect(first.restaurants).toHaveLength(Math.min(RESTAURANT_PAGE_SIZE, all.length))
    expect(first.total).toBe(all.length)

    const inThrees = await getAllPages({ limit: '3' })
    expect(inThrees.all).toEqual(all)
    expect(inThrees.totals).toHaveLength(Math.ceil(all.length / 3))
    const last = await getPage({ limit: String(all.length) })
    expect(last.nextCursor).toBeNull()
  })

  it('continues after the last restaurant it gave, whatever was added meanwhile', async () => {
    const owner = await createUser(app)
    const cuisine = 'Pagerian'
    const made = []
    for (let i = 0; i < 4; i++) made.push(await createRestaurant(owner, { name: `Steady ${i}`, cuisine }))
    const first = await getPage({ cuisine, limit: '2' })
    expect(first.restaurants.map((r) => r.id)).toEqual([made[0]!.id, made[1]!.id])
    expect(first.total).toBe(4)

    const added = await createRestaurant(owner, { name: 'Steady late', cuisine })
    const second = await getPage({ cuisine, limit: '2', cursor: first.nextCursor! })
    expect(second.restaurants.map((r) => r.id)).toEqual([made[2]!.id, made[3]!.id])
    expect(second.total).toBe(5)
    const third = await getPage({ cuisine, limit: '2', cursor: second.nextCursor! })
    expect(third.restaurants.map((r) => r.id)).toEqual([added.id])
    expect(third.nextCursor).toBeNull()
  })

  it('combines cuisine (any case), price and live filters with paging, and counts what matches', async () => {
    const owner = await createUser(app)
    const cuisine = 'Filterese'
    const cheap = [] as number[]
    const dear = [] as number[]
    for (let i = 0; i < 3; i++) cheap.push((await createRestaurant(owner, { cuisine, priceRange: '$' })).id)
    for (let i = 0; i < 2; i++) dear.push((await createRestaurant(owner, { cuisine, priceRange: '$$$' })).id)
    await app.db.update(restaurants).set({ isLive: true }).where(eq(restaurants.id, cheap[1]!))
    await app.cache.invalidate('restaurants')

    const byCuisine = await getAllPages({ cuisine: 'filterESE', limit: '2' })
    expect(byCuisine.all.map((r) => r.id)).toEqual([cheap[1], cheap[0], cheap[2], ...dear])
    expect(byCuisine.totals).toEqual([5, 5, 5])

    const cheapOnes = await getAllPages({ cuisine, price: '$', limit: '1' })
    expect(cheapOnes.all.map((r) => r.id)).toEqual([cheap[1], cheap[0], cheap[2]])
    expect(cheapOnes.totals).toEqual([3, 3, 3])

    expect((await getAllPages({ cuisine, live: 'true', limit: '1' })).all.map((r) => r.id)).toEqual([
      cheap[1],
    ])
    expect((await getAllPages({ cuisine, live: 'false', limit: '2' })).all.map((r) => r.id)).toEqual([
      cheap[0],
      cheap[2],
      ...dear,
    ])
    const none = await getPage({ cuisine, price: '$$' })
    expect(none).toEqual({ restaurants: [], total: 0, nextCursor: null })
  })

  it('pages a search around a location nearest first, restaurants without coordinates last', async () => {
    const owner = await createUser(app)
    const origin = { latitude: 45, longitude: 150 }
    const ids = []
    // Created farthest first, so distance and id disagree.
    for (const offset of [0.4, 0.3, 0.2, 0.1])
      ids.push(
        (
          await createRestaurant(owner, {
            name: `Ring ${offset}`,
            latitude: origin.latitude + offset,
            longitude: origin.longitude,
          })
        ).id,
      )
    const nearest = [...ids].reverse()
    const paged = await getAllPages({ ...stringify(origin), radius: '100', limit: '1' })
    expect(paged.all.map((r) => r.id)).toEqual(nearest)
    expect(paged.totals).toEqual([4, 4, 4, 4])

    const everywhere = await getAllPages(stringify(origin))
    const inTwos = await getAllPages({ ...stringify(origin), limit: '2' })
    expect(inTwos.all).toEqual(everywhere.all)
    const offAir = everywhere.all.filter((r) => !r.isLive)
    expect(offAir.slice(0, 4).map((r) => r.id)).toEqual(nearest)
    expect(everywhere.all.at(-1)!.distance).toBeNull()

    // A cursor from a search around a point does not continue the plain list, and the other way.
    const located = await getPage({ ...stringify(origin), limit: '1' })
    const plain = await app.inject({ url: '/api/restaurants', query: { cursor: located.nextCursor! } })
    expect(plain.statusCode).toBe(400)
    expect(plain.json().errors.cursor).toBe('cursor belongs to another search')
    const byId = await getPage({ limit: '1' })
    const mixed = await app.inject({
      url: '/api/restaurants',
      query: { ...stringify(origin), cursor: byId.nextCursor! },
    })
    expect(mixed.statusCode).toBe(400)
  })

  it('lists live restaurants before the others, nearest first among each, on the first page', async () => {
    const owner = await createUser(app)
    const origin = { latitude: -33.9, longitude: 18.4 }
    const near = await createRestaurant(owner, { name: 'Near, off the air', cuisine: 'Livelian', ...origin })
    const far = await createRestaurant(owner, {
      name: 'Far, live',
      cuisine: 'Livelian',
      latitude: origin.latitude + 0.2,
      longitude: origin.longitude,
    })
    const farther = await createRestaurant(owner, {
      name: 'Farther, live',
      cuisine: 'Livelian',
      latitude: origin.latitude + 0.3,
      longitude: origin.longitude,
    })
    await app.db.update(restaurants).set({ isLive: true }).where(eq(restaurants.id, far.id))
    await app.db.update(restaurants).set({ isLive: true }).where(eq(restaurants.id, farther.id))
    await app.cache.invalidate('restaurants')

    const around = await getAllPages({ ...stringify(origin), cuisine: 'livelian', limit: '1' })
    expect(around.all.map((r) => r.id)).toEqual([far.id, farther.id, near.id])
    // Without a location: live ones first; the first page of the whole list holds the new live one.
    expect((await getAllPages({ cuisine: 'livelian', limit: '2' })).all.map((r) => r.id)).toEqual([
      far.id,
      farther.id,
      near.id,
    ])
    const firstPage = (await getPage({})).restaurants
    expect(firstPage.map((r) => r.id)).toEqual(expect.arrayContaining([far.id, farther.id]))
    const live = firstPage.map((r) => r.isLive)
    expect(live).toEqual([...live].sort((a, b) => Number(b) - Number(a)))
  })

  it.each([
    ['limit', '0', 'limit must be between 1 and 100'],
    ['limit', '101', 'limit must be between 1 and 100'],
    ['limit', '2.5', 'limit must be a whole number'],
    ['limit', 'ten', 'limit must be a number'],
    ['cursor', 'not a cursor!', 'cursor is not one this list gave out'],
    ['cursor', Buffer.from('{"id":3}').toString('base64url'), 'cursor is not one this list gave out'],
    ['cursor', Buffer.from('[0]').toString('base64url'), 'cursor is not one this list gave out'],
    ['cursor', Buffer.from('[2,4]').toString('base64url'), 'cursor is not one this list gave out'],
    ['cursor', Buffer.from('[-1,4]').toString('base64url'), 'cursor is not one this list gave out'],
    ['cursor', Buffer.from('[2147483648]').toString('base64url'), 'cursor is not one this list gave out'],
    ['cursor', 'A'.repeat(200), 'cursor is not one this list gave out'],
    ['price', '$$$$$', 'price must be one of $, $$, $$$, $$$$'],
    ['live', 'yes', 'live must be true or false'],
    ['cuisine', 'Thai<NUL>', 'Must not contain control characters'],
  ])('refuses %s=%s with a field message', async (field, value, message) => {
    const res = await app.inject({
      url: '/api/restaurants',
      query: { [field]: value.replace('<NUL>', '\u0000') },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
  })

  it('hands out cursors the server reads back, and serves a filtered page from the cache until a write', async () => {
    const owner = await createUser(app)
    const first = await createRestaurant(owner, { cuisine: 'Cachian' })
    expect(
      (await getPage({ cursor: encodeRestaurantCursor({ id: first.id - 1, live: false }), limit: '1' }))
        .restaurants[0]!.id,
    ).toBe(first.id)
    const url = '/api/restaurants?cuisine=cachian'
    const before = await app.inject({ url })
    const etag = String(before.headers.etag)
    expect(etag).toBeTruthy()
    expect((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    const second = await createRestaurant(owner, { cuisine: 'Cachian' })
    const after = await app.inject({ url, headers: { 'if-none-match': etag } })
    expect(after.statusCode).toBe(200)
    expect(restaurantPage.parse(after.json()).restaurants.map((r) => r.id)).toEqual([first.id, second.id])
  })

  it('caches a bounded number of distinct pages (run last: it fills the page budget), and answers the rest from the list without caching them', async () => {
    const owner = await createUser(app)
    const made = await createRestaurant(owner, { cuisine: 'Boundian' })
    // Pages of every size after three made-up cursors: 300 different pages holding the same restaurant.
    const answers = []
    for (const before of [1, 2, 3])
      for (let limit = 1; limit <= 100; limit++)
        answers.push(
          await app.inject({
            url: '/api/restaurants',
            query: {
              cuisine: 'boundian',
              limit: String(limit),
              cursor: encodeRestaurantCursor({ id: made.id - before, live: false }),
            },
          }),
        )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(restaurantPage.parse(res.json()).restaurants.map((r) => r.id)).toEqual([made.id])
    }
    const uncached = answers.filter((res) => res.headers.etag === undefined)
    expect(uncached.length).toBeGreaterThan(0)
    expect(uncached.length).toBeLessThan(answers.length)
    expect(uncached.every((res) => res.headers['cache-control'] === 'no-cache')).toBe(true)
  })
})

describe("a user's restaurants", () => {
  it('lists the id and name of the restaurants the user owns, to that user only', async () => {
    const owner = await createUser(app)
    const first = await createRestaurant(owner, { name: 'First Place' })
    const second = await createRestaurant(owner, { name: 'Second Place' })
    await createRestaurant(await createUser(app), { name: 'Not Mine' })
    const res = await app.inject({ url: `/api/users/${owner.user.id}/restaurants`, headers: owner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { id: first.id, name: 'First Place' },
      { id: second.id, name: 'Second Place' },
    ])
    expect((await app.inject({ url: `/api/users/${owner.user.id}/restaurants` })).statusCode).toBe(401)
    const other = await createUser(app)
    expect(
      (await app.inject({ url: `/api/users/${owner.user.id}/restaurants`, headers: other.headers }))
        .statusCode,
    ).toBe(403)
  })
})

function stringify(point: { latitude: number; longitude: number }) {
  return { latitude: String(point.latitude), longitude: String(point.longitude) }
}
