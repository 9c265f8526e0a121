import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { createRestaurant } from '../orders/orders.fixtures'
import { connectViewer, liveUrl } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)

describe('a dish 86’d from the line', () => {
  it('reaches the restaurant’s page and its kitchen at once, and back again, and no other page', async () => {
    const owner = await createUser(app)
    const { restaurant, items } = await createRestaurant(app, {
      ownerId: owner.user.id,
      kitchenMode: 'staffed',
    })
    const other = await createRestaurant(app)
    const visitor = await connectViewer(url)
    const elsewhere = await connectViewer(url)
    const line = await connectViewer(url, { cookie: owner.cookie })
    try {
      await visitor.request(
        { type: 'subscribe_restaurant', restaurantId: restaurant.id },
        (m) => m.type === 'restaurant_subscribed',
      )
      await elsewhere.request(
        { type: 'subscribe_restaurant', restaurantId: other.restaurant.id },
        (m) => m.type === 'restaurant_subscribed',
      )
      await line.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_subscribed',
      )

      const dish = items[0]!
      const set = (isAvailable: boolean) =>
        app.inject({
          method: 'PATCH',
          url: `/api/menu-items/${dish.id}`,
          headers: owner.headers,
          payload: { isAvailable },
        })
      const availability = (isAvailable: boolean) => (m: ServerMessage) =>
        m.type === 'menu_availability' && m.menuItemId === dish.id && m.isAvailable === isAvailable

      expect((await set(false)).statusCode).toBe(200)
      expect(await visitor.waitFor(availability(false))).toMatchObject({
        type: 'menu_availability',
        restaurantId: restaurant.id,
        menuItemId: dish.id,
        isAvailable: false,
      })
      await line.waitFor(availability(false))
      // The page's next read agrees (the cached menu was cleared before the message left).
      const menu = await app.inject({ url: `/api/restaurants/${restaurant.id}/menu` })
      expect(menu.json().find((m: { id: number }) => m.id === dish.id).isAvailable).toBe(false)
      // And the kitchen's 86 list.
      const kitchen = await app.inject({
        url: `/api/restaurants/${restaurant.id}/kitchen`,
        headers: owner.headers,
      })
      expect(kitchen.json().dishes.find((d: { id: number }) => d.id === dish.id)).toMatchObject({
        isAvailable: false,
      })

      await set(true)
      await visitor.waitFor(availability(true))

      // A change that is not about availability says nothing.
      await app.inject({
        method: 'PATCH',
        url: `/api/menu-items/${dish.id}`,
        headers: owner.headers,
        payload: { description: 'Now with basil.' },
      })
      await visitor.request({ type: 'ping' }, (m) => m.type === 'pong')
      expect(visitor.messages.filter((m) => m.type === 'menu_availability')).toHaveLength(2)
      await elsewhere.request({ type: 'ping' }, (m) => m.type === 'pong')
      expect(elsewhere.messages.some((m) => m.type === 'menu_availability')).toBe(false)
    } finally {
      await Promise.all([visitor.close(), elsewhere.close(), line.close()])
    }
  })

  it('refuses to follow a restaurant that does not exist', async () => {
    const visitor = await connectViewer(url)
    try {
      const answer = await visitor.request(
        { type: 'subscribe_restaurant', restaurantId: 999_999 },
        (m) => m.type === 'restaurant_subscribed' || m.type === 'error',
      )
      expect(answer).toMatchObject({ type: 'error', code: 'not_found', request: 'subscribe_restaurant' })
    } finally {
      await visitor.close()
    }
  })
})
