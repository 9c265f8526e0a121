import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { restaurants } from '../db/schema'
import { createRestaurant } from '../orders/orders.fixtures'
import { buildTestApp, createUser, type TestApp, type TestUser } from '../testing/build-test-app'
import { addCamera, addDish, markStreamVerified } from '../testing/workspace.fixtures'
import { createNominatimGeocoder, createZipCodeGeocoder, zipCodeOf } from './geocoding'

/**
 * A local stand-in for a Nominatim server: answers `/search?q=…&format=json` as Nominatim does
 * (an array of places with `lat`/`lon` as strings), with what `answer` says for each query.
 */
async function fakeNominatim(answer: (q: string, res: ServerResponse) => void) {
  const queries: URLSearchParams[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/search') {
      res.writeHead(404).end()
      return
    }
    queries.push(url.searchParams)
    answer(url.searchParams.get('q') ?? '', res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${port}`, queries }
}

const place = (lat: string, lon: string, name: string) => ({
  place_id: 1,
  lat,
  lon,
  display_name: name,
  address: { city: 'Portland', state: 'Oregon', postcode: '97209', country_code: 'us' },
})

const nominatim = await fakeNominatim((q, res) => {
  res.setHeader('content-type', 'application/json')
  if (q.includes('Broken')) res.writeHead(502).end('<html>bad gateway</html>')
  else if (q.includes('Lovejoy')) res.end(JSON.stringify([place('45.5306', '-122.6841', q)]))
  else res.end('[]')
})
const app = await buildTestApp({ config: { geocoder: { url: nominatim.url, timeoutMs: 2000 } } })
const offline = await buildTestApp()

const addAddress = (target: TestApp, user: TestUser, payload: object) =>
  target.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/addresses`,
    headers: user.headers,
    payload,
  })

describe('placing addresses without a geocoding service', () => {
  it('finds the ZIP code in a postcode field or at the end of a one-line address', () => {
    expect(zipCodeOf({ text: '1 Main St', postcode: '10001-1234' })).toBe('10001')
    expect(zipCodeOf({ text: '1100 Congress Ave, Austin, TX 78701' })).toBe('78701')
    expect(zipCodeOf({ text: '12345 Research Blvd, Austin, TX 78759' })).toBe('78759')
    expect(zipCodeOf({ text: '1 Main St, Springfield' })).toBeUndefined()
  })

  it('places a diner anywhere in the US by ZIP code, and nothing it does not know', async () => {
    const diner = await createUser(offline, { address: false })
    const nyc = await addAddress(offline, diner, {
      line1: '350 5th Ave',
      city: 'New York',
      postcode: '10118',
    })
    expect(nyc.statusCode).toBe(201)
    expect(nyc.json().latitude).toBeCloseTo(40.75, 1)
    expect(nyc.json().longitude).toBeCloseTo(-73.99, 1)
    const anchorage = await addAddress(offline, diner, {
      line1: '1 Harbor Rd',
      city: 'Anchorage',
      postcode: '99501',
    })
    expect(anchorage.json().latitude).toBeCloseTo(61.2, 0)
    const unknown = await addAddress(offline, diner, {
      line1: '10 Downing St',
      city: 'London',
      postcode: 'SW1A 2AA',
    })
    expect(unknown.json()).toMatchObject({ latitude: null, longitude: null })
    expect(await createZipCodeGeocoder().locate({ text: 'x', postcode: '00000' })).toBeNull()
  })

  it('places a new restaurant by the ZIP code in its address', async () => {
    const owner = await createUser(offline)
    const res = await offline.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: {
        name: 'Pearl Street Noodles',
        description: 'Hand-pulled noodles in the Pearl District.',
        cuisine: 'Chinese',
        address: '1200 NW Lovejoy St, Portland, OR 97209',
        priceRange: '$$',
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().latitude).toBeCloseTo(45.53, 1)
    expect(res.json().longitude).toBeCloseTo(-122.69, 1)
  })
})

describe('placing addresses through a Nominatim service', () => {
  it('asks the service with the whole address and keeps the place it answers', async () => {
    const diner = await createUser(app, { address: false })
    const res = await addAddress(app, diner, {
      line1: '1200 NW Lovejoy St',
      city: 'Portland',
      postcode: '97209',
    })
    expect(res.json()).toMatchObject({ latitude: 45.5306, longitude: -122.6841 })
    const asked = nominatim.queries.at(-1)!
    expect(asked.get('q')).toBe('1200 NW Lovejoy St, Portland, 97209')
    expect(asked.get('format')).toBe('json')
  })

  it('falls back to the ZIP code when the service knows no such place or fails', async () => {
    const diner = await createUser(app, { address: false })
    const before = nominatim.queries.length
    const unknown = await addAddress(app, diner, { line1: '9 Nowhere Rd', city: 'Austin', postcode: '78701' })
    expect(unknown.json().latitude).toBeCloseTo(30.27, 1)
    const broken = await addAddress(app, diner, {
      line1: '1 Broken Ave',
      city: 'New York',
      postcode: '10001',
    })
    expect(broken.statusCode).toBe(201)
    expect(broken.json().latitude).toBeCloseTo(40.75, 1)
    expect(nominatim.queries.length).toBe(before + 2)
  })

  it('falls back when the service does not answer in time', async () => {
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const geocoder = createNominatimGeocoder({
      url: `http://127.0.0.1:${port}`,
      fallback: createZipCodeGeocoder(),
      timeoutMs: 200,
    })
    expect(await geocoder.locate({ text: '1 Main St, Austin', postcode: '78701' })).toMatchObject({
      latitude: expect.closeTo(30.27, 1),
    })
    silent.closeAllConnections()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  it('moves a restaurant when its owner changes the address and leaves the coordinates empty', async () => {
    const owner = await createUser(app)
    const { restaurant } = await createRestaurant(app, { ownerId: owner.user.id })
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/restaurants/${restaurant.id}`,
      headers: owner.headers,
      payload: { address: '1200 NW Lovejoy St, Portland, OR', latitude: null, longitude: null },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ latitude: 45.5306, longitude: -122.6841 })
  })
})

describe('a restaurant without a location', () => {
  it('cannot go live, and is told to add one', async () => {
    const owner = await createUser(offline)
    const created = await offline.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: {
        name: 'Nowhere Diner',
        description: 'An address no map can find.',
        cuisine: 'American',
        address: 'Somewhere off the highway',
        priceRange: '$',
      },
    })
    const id = created.json().id as number
    expect(created.json()).toMatchObject({ latitude: null, longitude: null })
    await addDish(offline, owner, id)
    await markStreamVerified(offline, (await addCamera(offline, owner, id)).id)
    const patch = (payload: object) =>
      offline.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, headers: owner.headers, payload })
    const refused = await patch({ isLive: true })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'restaurants.not_ready',
      message: 'To go live, add a location on the map (an address we can place)',
    })
    // A placeable address in the same request is enough.
    const live = await patch({ isLive: true, address: '500 E Cesar Chavez St, Austin, TX 78701' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toMatchObject({ isLive: true, latitude: expect.closeTo(30.27, 1) })
  })

  it('tells the diner at checkout that the restaurant cannot deliver, not that their address is wrong', async () => {
    const kitchen = await createRestaurant(offline, { items: [{ name: 'Pie', priceCents: 900 }] })
    await offline.db
      .update(restaurants)
      .set({ latitude: null, longitude: null })
      .where(eq(restaurants.id, kitchen.restaurant.id))
    const diner = await createUser(offline, { balance: 50 })
    const quote = (user: TestUser, restaurantId: number) =>
      offline.inject({
        method: 'POST',
        url: '/api/orders/quote',
        headers: user.headers,
        payload: { restaurantId, fulfilment: 'delivery' },
      })
    const unplacedKitchen = await quote(diner, kitchen.restaurant.id)
    expect(unplacedKitchen.statusCode).toBe(409)
    expect(unplacedKitchen.json()).toMatchObject({
      code: 'orders.restaurant_not_placed',
      errors: {
        addressId: `${kitchen.restaurant.name} has not set its location yet, so it cannot deliver: choose pickup`,
      },
    })

    const placed = await createRestaurant(offline, { items: [{ name: 'Pie', priceCents: 900 }] })
    const abroad = await createUser(offline, { balance: 50, address: false })
    await addAddress(offline, abroad, { line1: '10 Downing St', city: 'London', postcode: 'SW1A 2AA' })
    const unplacedDiner = await quote(abroad, placed.restaurant.id)
    expect(unplacedDiner.statusCode).toBe(400)
    expect(unplacedDiner.json()).toMatchObject({
      code: 'orders.address_not_placed',
      errors: {
        addressId:
          'We cannot place this address on the map: check its ZIP code or use your current location, or choose pickup',
      },
    })
  })
})
