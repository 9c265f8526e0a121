import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { offerUpsell, placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { connectViewer, createKitchen, liveUrl, setAllergenProfile, type Viewer } from './live.fixtures'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)

const owner = await createUser(app)
const { restaurant, items } = await createKitchen(app.db, { ownerId: owner.user.id, kitchenMode: 'staffed' })
const viewers: Viewer[] = []

async function consoleOf(user: TestUser | undefined) {
  const viewer = await connectViewer(url, user ? { cookie: user.cookie } : {})
  viewers.push(viewer)
  return viewer
}

const kitchenMessage =
  <K extends ServerMessage['type']>(type: K, orderId: number) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: K }> =>
    m.type === type &&
    'restaurantId' in m &&
    m.restaurantId === restaurant.id &&
    ('order' in m ? m.order.id === orderId : (m as { orderId?: number }).orderId === orderId)

const call = (user: TestUser, method: 'POST' | 'PUT', path: string, payload: object) =>
  app.inject({ method, url: path, headers: user.headers, payload })

describe('the kitchen console on the live channel', () => {
  it('gives the owner every ticket, shout, tip and upsell answer as it happens, and nobody else anything of it', async () => {
    const chef = await consoleOf(owner)
    const subscribed = await chef.request(
      { type: 'subscribe_kitchen', restaurantId: restaurant.id },
      (m) => m.type === 'kitchen_subscribed' || m.type === 'error',
    )
    expect(subscribed).toEqual({ type: 'kitchen_subscribed', restaurantId: restaurant.id })

    const stranger = await createUser(app)
    const outsiders = [await consoleOf(stranger), await consoleOf(undefined)]
    for (const outsider of outsiders) {
      expect(
        await outsider.request(
          { type: 'subscribe_kitchen', restaurantId: restaurant.id },
          (m) => m.type === 'kitchen_subscribed' || m.type === 'error',
        ),
      ).toMatchObject({ type: 'error', code: 'forbidden', request: 'subscribe_kitchen' })
    }

    // A new order: its ticket, with the diner's allergen banner.
    const diner = await createUser(app, { balance: 100 })
    await setAllergenProfile(app.db, diner.user.id, ['wheat'])
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 2 }])
    type KitchenOrder = Extract<ServerMessage, { type: 'kitchen_order' }>
    const created = await chef.waitFor<KitchenOrder>(kitchenMessage('kitchen_order', order.id))
    expect(created.order).toMatchObject({
      id: order.id,
      status: 'preparing',
      items: [expect.objectContaining({ name: 'Margherita Pizza', quantity: 2 })],
      allergenAlerts: [{ menuItemName: 'Margherita Pizza', allergen: 'Wheat', severity: 'moderate' }],
    })

    // The kitchen bumps: the ticket follows.
    expect(
      (await call(owner, 'POST', `/api/orders/${order.id}/advance`, { from: 'preparing' })).statusCode,
    ).toBe(200)
    await chef.waitFor((m) => kitchenMessage('kitchen_order', order.id)(m) && m.order.status === 'cooking')

    // A shout, a tip and an upsell answer reach the console.
    expect(
      (await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })).statusCode,
    ).toBe(201)
    expect(await chef.waitFor(kitchenMessage('chef_shout', order.id))).toMatchObject({
      shout: { shoutName: 'Add Cheese!', status: 'pending' },
    })
    expect(
      (await call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 4, message: 'Bravo' }))
        .statusCode,
    ).toBe(200)
    expect(await chef.waitFor(kitchenMessage('chef_tip', order.id))).toMatchObject({
      amount: 4,
      message: 'Bravo',
    })
    const upsell = await offerUpsell(app, order.id, items[2]!.id)
    expect(
      (await call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true })).statusCode,
    ).toBe(200)
    expect(await chef.waitFor(kitchenMessage('upsell_response', order.id))).toMatchObject({
      upsellId: upsell.id,
      accepted: true,
    })
    const latest = await chef.waitFor<KitchenOrder>(
      (m) => kitchenMessage('kitchen_order', order.id)(m) && m.order.items.some((l) => l.added),
    )
    expect(latest.order.tips).toMatchObject([{ amount: 4, message: 'Bravo' }])

    // Nothing of the restaurant reached the others.
    for (const outsider of outsiders)
      expect(outsider.messages.filter((m) => 'restaurantId' in m && m.restaurantId !== undefined)).toEqual([])

    await Promise.all(viewers.map((v) => v.close()))
  })
})
