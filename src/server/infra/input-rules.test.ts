import { describe, expect, it } from 'vitest'
import { earliestInstallationDate } from '../../shared/schemas/partners'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp()
const NUL = 'de\u0000mo'

const owner = await createUser(app, { balance: 50 })
const { restaurant, items } = await createRestaurant(app, { ownerId: owner.user.id })
const order = await placeOrder(app, owner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
const integration = await app.inject({
  method: 'POST',
  url: `/api/restaurants/${restaurant.id}/delivery-integrations`,
  headers: owner.headers,
  payload: { platform: 'doordash', apiKey: 'dd_key_0001', storeId: 'store-1' },
})

const restaurantBody = {
  name: 'Harbor Table',
  description: 'Seafood cooked in the open kitchen.',
  cuisine: 'Seafood',
  address: '200 Pier Road, Austin, TX',
  priceRange: '$$$',
  features: ['Patio'],
  images: ['https://example.com/a.jpg'],
  avatar: 'https://example.com/logo.png',
}
const installationBody = {
  restaurantId: restaurant.id,
  preferredDate: earliestInstallationDate(new Date(Date.now() + 3 * 86_400_000)),
  preferredTimeSlot: 'morning',
  specialInstructions: 'Ring twice',
  contactName: 'Sam Cook',
  contactPhone: '555-123-4567',
  contactEmail: 'sam@example.com',
  termsAccepted: true,
}

interface Case {
  name: string
  method: 'POST' | 'PUT' | 'PATCH'
  url: string
  body: Record<string, unknown>
  field: string
  anonymous?: boolean
}

function withNul(
  name: string,
  method: Case['method'],
  url: string,
  body: Record<string, unknown>,
  fields: string[],
  anonymous = false,
): Case[] {
  return fields.map((field) => {
    const [key, index] = field.split('.')
    const value = body[key!]
    const poisoned = Array.isArray(value)
      ? value.map((v, i) => (String(i) === index ? `${v}\u0000` : v))
      : NUL
    return { name, method, url, body: { ...body, [key!]: poisoned }, field, anonymous }
  })
}

const cases: Case[] = [
  ...withNul(
    'sign in',
    'POST',
    '/api/login',
    { username: 'demo', password: 'secret123' },
    ['username', 'password'],
    true,
  ),
  ...withNul(
    'registration',
    'POST',
    '/api/register',
    { username: 'newdiner', password: 'secret123', fullName: 'New Diner', email: 'new@example.com' },
    ['username', 'password', 'fullName', 'email'],
    true,
  ),
  ...withNul('a new restaurant', 'POST', '/api/restaurants', restaurantBody, [
    'name',
    'description',
    'cuisine',
    'address',
    'avatar',
    'features.0',
    'images.0',
  ]),
  ...withNul(
    'a camera',
    'POST',
    '/api/cameras',
    {
      restaurantId: restaurant.id,
      name: 'Pass',
      position: 'main',
      streamUrl: 'https://cdn.example.com/a.m3u8',
    },
    ['name', 'streamUrl'],
  ),
  ...withNul(
    'an integration',
    'POST',
    `/api/restaurants/${restaurant.id}/delivery-integrations`,
    {
      platform: 'ubereats',
      apiKey: 'k1',
      clientId: 'c1',
      clientSecret: 's1',
      merchantId: 'm1',
      storeId: 'st1',
      webhookUrl: 'https://hooks.example.com/x',
    },
    ['apiKey', 'clientId', 'clientSecret', 'merchantId', 'storeId', 'webhookUrl'],
  ),
  ...withNul('an installation', 'POST', '/api/installations', installationBody, [
    'specialInstructions',
    'contactName',
    'contactPhone',
    'contactEmail',
  ]),
  ...withNul('a tip', 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 1, message: 'Thanks' }, [
    'message',
  ]),
  ...withNul(
    'a top-up',
    'POST',
    `/api/users/${owner.user.id}/wallet/add-funds`,
    { amount: 5, description: 'x' },
    ['description'],
  ),
]

describe('text fields refuse control characters', () => {
  it.each(cases)('$name: a NUL in $field is a 400 naming the field, and changes nothing', async (c) => {
    const before = await balanceCents(app, owner.user.id)
    const res = await app.inject({
      method: c.method,
      url: c.url,
      headers: c.anonymous ? {} : owner.headers,
      payload: c.body,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.[c.field]).toBeTruthy()
    expect(await balanceCents(app, owner.user.id)).toBe(before)
  })

  it('refuses a NUL in an integration update', async () => {
    expect(integration.statusCode).toBe(201)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/delivery-integrations/${integration.json().id}`,
      headers: owner.headers,
      payload: { storeId: NUL },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.storeId).toBe('Must not contain control characters')
  })

  it('keeps newlines in a tip message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/tip-chef`,
      headers: owner.headers,
      payload: { amount: 0.5, message: 'Thank you!\nSee you soon' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('ids are strict', () => {
  it('refuses booleans as ids instead of ordering item 1', async () => {
    const diner = await createUser(app, { balance: 50 })
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: diner.headers,
      payload: { restaurantId: true, items: [{ menuItemId: true, quantity: 1 }] },
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['restaurantId', 'items.0.menuItemId']),
    )
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
  })

  it.each(['0x1', '+1', '1e0', '01'])('refuses %j as a body id', async (id) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: owner.headers,
      payload: { restaurantId: id, items: [{ menuItemId: items[0]!.id, quantity: 1 }] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.restaurantId).toBeTruthy()
  })

  it.each(['0x1', '%201', '+1', '1e0', '0', '2147483648', '1.0'])('refuses %j as a path id', async (id) => {
    for (const url of [
      `/api/orders/${id}`,
      `/api/users/${id}/wallet-balance`,
      `/api/orders/${id}/chef-shouts`,
      `/api/restaurants/${id}`,
    ]) {
      const res = await app.inject({ url, headers: owner.headers })
      expect(res.statusCode, url).toBe(400)
    }
  })

  it('answers an id past 2^31-1 with a 400, not a database error', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/upsells/3000000000/response',
      headers: owner.headers,
      payload: { accepted: true },
    })
    expect(res.statusCode).toBe(400)
  })
})
