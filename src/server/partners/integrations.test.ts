import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { deliveryIntegrationSchema } from '../../shared/schemas/partners'
import { deliveryPlatformIntegrations } from '../db/schema'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { createSecretBox } from './secrets'

const app = await buildTestApp()
const integrationShape = deliveryIntegrationSchema.strict()

async function createRestaurant(owner: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/restaurants',
    headers: owner.headers,
    payload: {
      name: 'Harbor Table',
      description: 'Seafood cooked in the open kitchen.',
      cuisine: 'Seafood',
      address: '200 Pier Road, Austin, TX',
      priceRange: '$$$',
    },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: number }
}

async function ownerWithRestaurant() {
  const owner = await createUser(app)
  const restaurant = await createRestaurant(owner)
  return { owner, restaurant, url: `/api/restaurants/${restaurant.id}/delivery-integrations` }
}

const uberEats = {
  platform: 'ubereats',
  apiKey: 'ue_api_key_0001_ABCD',
  clientId: 'client-42',
  clientSecret: 'ue_secret_9999_WXYZ',
  storeId: 'bellini-store-7',
  webhookUrl: 'https://hooks.example.com/ubereats',
}

async function storedRow(id: number) {
  const [row] = await app.db
    .select()
    .from(deliveryPlatformIntegrations)
    .where(eq(deliveryPlatformIntegrations.id, id))
  return row
}

/** Uber Eats connected through the API, then stored as `state` (one the API alone does not reach). */
async function uberEatsStoredAs(state: Partial<typeof deliveryPlatformIntegrations.$inferInsert>) {
  const { owner, url } = await ownerWithRestaurant()
  const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload: uberEats })
  const created = integrationShape.parse(res.json())
  await app.db
    .update(deliveryPlatformIntegrations)
    .set(state)
    .where(eq(deliveryPlatformIntegrations.id, created.id))
  return { owner, created }
}

describe('delivery integrations', () => {
  it('connects a platform as pending, stores the secrets encrypted and answers them masked', async () => {
    const { owner, restaurant, url } = await ownerWithRestaurant()
    const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload: uberEats })
    expect(res.statusCode).toBe(201)
    const created = integrationShape.parse(res.json())
    expect(created).toMatchObject({
      restaurantId: restaurant.id,
      platform: 'ubereats',
      status: 'pending',
      apiKey: '••••ABCD',
      clientId: 'client-42',
      clientSecret: '••••WXYZ',
      merchantId: null,
      storeId: 'bellini-store-7',
      webhookUrl: 'https://hooks.example.com/ubereats',
      syncEnabled: true,
      streamEnabled: true,
      lastSyncedAt: null,
    })
    expect(res.body).not.toContain(uberEats.apiKey)
    expect(res.body).not.toContain(uberEats.clientSecret)

    const row = await storedRow(created.id)
    expect(row!.apiKey).not.toBe(uberEats.apiKey)
    expect(row!.apiKey).not.toContain('ue_api_key')
    expect(row!.clientSecret).not.toContain('ue_secret')
    const box = createSecretBox(app.config.appSecret!)
    expect(box.open(row!.apiKey!, 'apiKey')).toBe(uberEats.apiKey)
    expect(box.open(row!.clientSecret!, 'clientSecret')).toBe(uberEats.clientSecret)

    const list = await app.inject({ url, headers: owner.headers })
    expect(list.statusCode).toBe(200)
    expect(z.array(integrationShape).parse(list.json())).toEqual([created])
  })

  it('updates only the fields sent, and a new key puts the integration back to pending', async () => {
    const { owner, created } = await uberEatsStoredAs({
      status: 'connected',
      publishedMenuHash: 'menu-published',
    })

    const paused = await app.inject({
      method: 'PUT',
      url: `/api/delivery-integrations/${created.id}`,
      headers: owner.headers,
      payload: { syncEnabled: false },
    })
    expect(paused.statusCode).toBe(200)
    expect(integrationShape.parse(paused.json())).toMatchObject({
      syncEnabled: false,
      streamEnabled: true,
      status: 'connected',
      apiKey: '••••ABCD',
      clientSecret: '••••WXYZ',
    })
    expect((await storedRow(created.id))!.publishedMenuHash).toBe('menu-published')

    const rekeyed = await app.inject({
      method: 'PUT',
      url: `/api/delivery-integrations/${created.id}`,
      headers: owner.headers,
      payload: { apiKey: 'ue_api_key_0002_EFGH', clientSecret: '' },
    })
    expect(rekeyed.statusCode).toBe(200)
    expect(rekeyed.json()).toMatchObject({
      apiKey: '••••EFGH',
      clientSecret: '••••WXYZ',
      status: 'pending',
      syncEnabled: false,
    })
    const row = await storedRow(created.id)
    // Published again with the new credentials: the platform's answer ends "pending".
    expect(row!.publishedMenuHash).toBeNull()
    expect(row!.apiKey).not.toContain('ue_api_key_0002')
    expect(createSecretBox(app.config.appSecret!).open(row!.apiKey!, 'apiKey')).toBe('ue_api_key_0002_EFGH')

    const badUrl = await app.inject({
      method: 'PUT',
      url: `/api/delivery-integrations/${created.id}`,
      headers: owner.headers,
      payload: { webhookUrl: 'not a url' },
    })
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.json().errors.webhookUrl).toBe('Please enter a valid URL')
  })

  it('completes an integration stored without a store ID: new credentials without it are refused and change nothing; a switch alone is not refused', async () => {
    // As stored before Uber Eats' store ID was asked for.
    const { owner, created } = await uberEatsStoredAs({ storeId: null, status: 'error' })
    const item = `/api/delivery-integrations/${created.id}`
    const before = await storedRow(created.id)

    const rekeyed = await app.inject({
      method: 'PUT',
      url: item,
      headers: owner.headers,
      payload: { apiKey: 'ue_api_key_0003_IJKL' },
    })
    expect(rekeyed.statusCode).toBe(400)
    expect(rekeyed.json().errors).toEqual({ storeId: 'Uber Eats needs a store ID' })
    expect(await storedRow(created.id)).toEqual(before)

    const paused = await app.inject({
      method: 'PUT',
      url: item,
      headers: owner.headers,
      payload: { syncEnabled: false },
    })
    expect(paused.statusCode).toBe(200)
    expect(paused.json()).toMatchObject({ syncEnabled: false, storeId: null, status: 'error' })

    const completed = await app.inject({
      method: 'PUT',
      url: item,
      headers: owner.headers,
      payload: { storeId: 'bellini-store-8' },
    })
    expect(completed.statusCode).toBe(200)
    expect(integrationShape.parse(completed.json())).toMatchObject({
      storeId: 'bellini-store-8',
      status: 'pending',
      apiKey: '••••ABCD',
      clientSecret: '••••WXYZ',
    })
  })

  it('deletes an integration', async () => {
    const { owner, url } = await ownerWithRestaurant()
    const created = (
      await app.inject({ method: 'POST', url, headers: owner.headers, payload: uberEats })
    ).json()
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/delivery-integrations/${created.id}`,
      headers: owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Integration deleted' })
    expect(await storedRow(created.id)).toBeUndefined()
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/delivery-integrations/${created.id}`,
      headers: owner.headers,
    })
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('Integration not found')
  })

  it.each([
    [
      { platform: 'ubereats', apiKey: 'key-12345678', clientId: 'c1', storeId: 'store-1' },
      'clientSecret',
      'Uber Eats needs a client secret',
    ],
    [
      { platform: 'ubereats', apiKey: 'key-12345678', clientSecret: 'secret-1234', storeId: 'store-1' },
      'clientId',
      'Uber Eats needs a client ID',
    ],
    [
      { platform: 'ubereats', apiKey: 'key-12345678', clientId: 'c1', clientSecret: 'secret-1234' },
      'storeId',
      'Uber Eats needs a store ID',
    ],
    [{ platform: 'doordash', apiKey: 'key-12345678' }, 'storeId', 'DoorDash needs a store ID'],
    [
      { platform: 'grubhub', apiKey: 'key-12345678', merchantId: '  ' },
      'merchantId',
      'Grubhub needs a merchant ID',
    ],
    [{ platform: 'seamless', apiKey: 'key-12345678' }, 'merchantId', 'Seamless needs a merchant ID'],
    [{ platform: 'postmates' }, 'apiKey', 'Postmates needs an API key'],
    [{ platform: 'doordash', storeId: 'store-7', apiKey: '' }, 'apiKey', 'DoorDash needs an API key'],
    [{ platform: 'deliveroo', apiKey: 'key-12345678' }, 'platform', 'Please choose a delivery platform'],
    [{ ...uberEats, webhookUrl: 'ftp:/nope' }, 'webhookUrl', 'Please enter a valid URL'],
  ])('refuses %o with "%s: %s" and stores nothing', async (payload, field, message) => {
    const { owner, url } = await ownerWithRestaurant()
    const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(res.json().message).toBeTruthy()
    expect((await app.inject({ url, headers: owner.headers })).json()).toEqual([])
  })

  it('accepts each platform with its own credentials', async () => {
    const { owner, url } = await ownerWithRestaurant()
    for (const payload of [
      { platform: 'doordash', apiKey: 'dd-key-12345678', storeId: 'store-7' },
      { platform: 'grubhub', apiKey: 'gh-key-12345678', merchantId: 'm-1' },
      { platform: 'seamless', apiKey: 'sl-key-12345678', merchantId: 'm-2' },
      { platform: 'postmates', apiKey: 'pm-key-12345678', syncEnabled: false, streamEnabled: false },
    ]) {
      const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        platform: payload.platform,
        status: 'pending',
        apiKey: `••••${payload.apiKey.slice(-4)}`,
      })
    }
    expect((await app.inject({ url, headers: owner.headers })).json()).toHaveLength(4)
  })

  it("answers 401 to a visitor, and to another user 403 on the restaurant's routes and 404 on an integration's, changing nothing", async () => {
    const { owner, url } = await ownerWithRestaurant()
    const created = (
      await app.inject({ method: 'POST', url, headers: owner.headers, payload: uberEats })
    ).json()
    const stranger = await createUser(app)
    const item = `/api/delivery-integrations/${created.id}`
    const calls = [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload: uberEats },
      { method: 'PUT' as const, url: item, payload: { syncEnabled: false } },
      { method: 'DELETE' as const, url: item },
    ]
    for (const call of calls) {
      expect((await app.inject(call)).statusCode).toBe(401)
      const res = await app.inject({ ...call, headers: stranger.headers })
      if (call.url === item) {
        // Someone else's integration looks like a missing one: ids cannot be enumerated.
        expect(res.statusCode).toBe(404)
        expect(res.json().code).toBe(
          (
            await app.inject({ ...call, url: '/api/delivery-integrations/999999', headers: owner.headers })
          ).json().code,
        )
      } else {
        expect(res.statusCode).toBe(403)
        expect(res.json().message).toBe("Only the restaurant's owner can do this")
      }
    }
    const row = await storedRow(created.id)
    expect(row!.syncEnabled).toBe(true)
    expect((await app.inject({ url, headers: owner.headers })).json()).toHaveLength(1)
  })

  it('answers 404 for an unknown restaurant or integration', async () => {
    const owner = await createUser(app)
    const url = '/api/restaurants/999999/delivery-integrations'
    const list = await app.inject({ url, headers: owner.headers })
    expect(list.statusCode).toBe(404)
    expect(list.json().message).toBe('Restaurant not found')
    expect(
      (await app.inject({ method: 'POST', url, headers: owner.headers, payload: uberEats })).statusCode,
    ).toBe(404)
    const put = await app.inject({
      method: 'PUT',
      url: '/api/delivery-integrations/999999',
      headers: owner.headers,
      payload: { syncEnabled: false },
    })
    expect(put.statusCode).toBe(404)
    expect(put.json().message).toBe('Integration not found')
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/delivery-integrations/999999',
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404)
  })
})
