import { afterAll, describe, expect, it } from 'vitest'
import { INSTALLATION_TIME_SLOTS } from '../../shared/constants'
import { createRestaurant } from '../orders/orders.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import type { RestaurantAccessCheck } from './access'

const app = await buildTestApp()
afterAll(() => app.close())

const installation = (restaurantId: number) => ({
  restaurantId,
  preferredDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
  preferredTimeSlot: INSTALLATION_TIME_SLOTS[0],
  contactName: 'Ana Ruiz',
  contactPhone: '512-555-0100',
  contactEmail: 'ana@example.com',
  termsAccepted: true,
})

describe('who may call a route', () => {
  it('answers 401 to a visitor before it reads the body, so a bad body tells a visitor nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/restaurants', payload: { name: '' } })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.unauthorized')
  })

  it("keeps a user's own pages to that user: 401 to a visitor, 403 to anyone else", async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    const url = `/api/users/${diner.user.id}/wallet-balance`
    expect((await app.inject({ url })).statusCode).toBe(401)
    expect((await app.inject({ url, headers: other.headers })).statusCode).toBe(403)
    expect((await app.inject({ url, headers: diner.headers })).statusCode).toBe(200)
  })

  it('asks the one restaurant rule, naming the capability: 404 for an unknown restaurant, 403 for a stranger', async () => {
    const owner = await createUser(app)
    const stranger = await createUser(app)
    const { restaurant } = await createRestaurant(app, { ownerId: owner.user.id })
    const post = (headers: Record<string, string>, restaurantId: number) =>
      app.inject({ method: 'POST', url: '/api/installations', headers, payload: installation(restaurantId) })
    const unknown = await post(owner.headers, 2_000_000_000)
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'restaurants.not_found'])
    const refused = await post(stranger.headers, restaurant.id)
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'restaurants.not_owner'])
    expect((await post(owner.headers, restaurant.id)).statusCode).toBe(201)
  })

  it('lets a user in wherever the restaurant rule grants the capability, which is where staff roles plug in', async () => {
    const owner = await createUser(app)
    const manager = await createUser(app)
    const { restaurant } = await createRestaurant(app, { ownerId: owner.user.id })
    const ownersOnly = app.restaurantAccess
    const asked: Parameters<RestaurantAccessCheck>[] = []
    app.restaurantAccess = async (restaurantId, userId, capability) => {
      asked.push([restaurantId, userId, capability])
      if (userId === manager.user.id && capability === 'manage_restaurant')
        return { restaurantId, userId, role: 'manager', stations: [] }
      return ownersOnly(restaurantId, userId, capability)
    }
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/installations',
        headers: manager.headers,
        payload: installation(restaurant.id),
      })
      expect(res.statusCode).toBe(201)
      expect(asked).toEqual([[restaurant.id, manager.user.id, 'manage_restaurant']])
    } finally {
      app.restaurantAccess = ownersOnly
    }
  })
})
