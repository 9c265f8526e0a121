import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { cameras, devices, notifications, orders } from '../db/schema'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { connectViewer, liveUrl } from '../realtime/live.fixtures'
import { deliverOrder } from '../reviews/reviews.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { SENSOR_OFFLINE_NOTICE_MS } from './owner-notices'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)

async function ownerWithKitchen() {
  const owner = await createUser(app)
  const kitchen = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })
  return { owner, ...kitchen }
}

const bell = async (user: TestUser) =>
  (await app.inject({ url: `/api/users/${user.user.id}/notifications`, headers: user.headers })).json() as {
    notifications: Array<{
      kind: string
      title: string
      body: string
      link: string | null
      orderId: number | null
    }>
    unreadCount: number
  }

/** Notices sent after a request answered (a new order's) arrive a moment later. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5000
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const ownerNoticesOf = (userId: number, kind: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))

describe('the owner’s notifications', () => {
  it('tells the owner of a new order, live in the bell with a link to the console, while no console is open', async () => {
    const { owner, restaurant, items } = await ownerWithKitchen()
    const socket = await connectViewer(url, { cookie: owner.cookie })
    try {
      await socket.request({ type: 'ping' }, (m) => m.type === 'pong')
      const diner = await createUser(app, { balance: 50 })
      const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }], {
        fulfilment: 'pickup',
      })
      const live = await socket.waitFor(
        (m: ServerMessage) => m.type === 'notification' && m.notification.kind === 'new_order',
      )
      expect(live).toMatchObject({
        notification: {
          kind: 'new_order',
          orderId: order.id,
          title: `New order #${String(order.id).padStart(4, '0')}`,
          body: expect.stringContaining('pickup order from Clearplate'),
          link: `/kitchen/${restaurant.id}`,
        },
      })
      expect((await bell(owner)).notifications[0]).toMatchObject({
        kind: 'new_order',
        link: `/kitchen/${restaurant.id}`,
      })
      // The diner hears nothing of the owner's notice.
      expect((await bell(diner)).notifications.some((n) => n.kind === 'new_order')).toBe(false)
    } finally {
      await socket.close()
    }
  })

  it('says nothing of a new order while a console of the restaurant is open, and again once it is closed', async () => {
    const { owner, restaurant, items } = await ownerWithKitchen()
    const diner = await createUser(app, { balance: 50 })
    const line = await connectViewer(url, { cookie: owner.cookie })
    await line.request(
      { type: 'subscribe_kitchen', restaurantId: restaurant.id },
      (m) => m.type === 'kitchen_subscribed',
    )
    const seen = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    // The console shows the ticket; by then a notice would have been stored.
    await line.waitFor((m) => m.type === 'kitchen_order' && m.order.id === seen.id)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await ownerNoticesOf(owner.user.id, 'new_order')).toHaveLength(0)

    await line.close()
    await until(
      async () => app.consoles.isOpen(restaurant.id),
      (open) => !open,
      'the console to close',
    )
    const unseen = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const stored = await until(
      () => ownerNoticesOf(owner.user.id, 'new_order'),
      (rows) => rows.length > 0,
      'the new-order notice',
    )
    expect(stored.map((n) => n.orderId)).toEqual([unseen.id])
  })

  it('tells the owner of a new review, with the stars and the comment, linking to the reviews', async () => {
    const { owner, restaurant, items } = await ownerWithKitchen()
    const diner = await createUser(app, { balance: 50 })
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    await deliverOrder(app, order.id)
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/review`,
      headers: diner.headers,
      payload: { rating: 4, comment: 'Crisp crust, a little slow.' },
    })
    expect(res.statusCode).toBe(201)
    const [notice] = (await bell(owner)).notifications.filter((n) => n.kind === 'new_review')
    expect(notice).toMatchObject({
      title: 'New review: 4 stars',
      body: '“Crisp crust, a little slow.”',
      link: `/restaurant/${restaurant.id}#reviews`,
    })
  })

  it('tells the owner once of an order past its promised time', async () => {
    const { owner, restaurant, items } = await ownerWithKitchen()
    const diner = await createUser(app, { balance: 50 })
    const late = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const onTime = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const now = new Date()
    await app.db
      .update(orders)
      .set({ promisedAt: new Date(now.getTime() - 7 * 60_000) })
      .where(eq(orders.id, late.id))
    await app.db
      .update(orders)
      .set({ promisedAt: new Date(now.getTime() + 10 * 60_000) })
      .where(eq(orders.id, onTime.id))

    await app.ownerNotices.sweep(now)
    await app.ownerNotices.sweep(new Date(now.getTime() + 60_000))
    const rows = await ownerNoticesOf(owner.user.id, 'order_late')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      orderId: late.id,
      title: `Order #${String(late.id).padStart(4, '0')} is late`,
      body: '7 minutes past the delivery time the diner was promised.',
      link: `/kitchen/${restaurant.id}`,
    })
    // Finished orders are never late.
    await deliverOrder(app, onTime.id)
    await app.ownerNotices.sweep(new Date(now.getTime() + 60 * 60_000))
    expect(await ownerNoticesOf(owner.user.id, 'order_late')).toHaveLength(1)
  })

  it('tells the owner once of a sensor silent for more than 5 minutes during service, and not otherwise', async () => {
    const { owner, restaurant, items } = await ownerWithKitchen()
    const quiet = await ownerWithKitchen()
    const now = new Date()
    const sensor = async (restaurantId: number, name: string, silentMs: number | null) => {
      const [row] = await app.db
        .insert(devices)
        .values({
          restaurantId,
          name,
          kind: 'oven',
          keyHash: `hash-${name}-${restaurantId}-${Math.random()}`,
          keyLast4: 'abcd',
          lastSeenAt: silentMs === null ? null : new Date(now.getTime() - silentMs),
        })
        .returning()
      return row!
    }
    const silent = await sensor(restaurant.id, 'Pizza oven', SENSOR_OFFLINE_NOTICE_MS + 60_000)
    await sensor(restaurant.id, 'Grill', 2 * 60_000)
    await sensor(restaurant.id, 'Never plugged in', null)
    await sensor(quiet.restaurant.id, 'Closed tonight', 60 * 60_000)

    // No order in the kitchen: not during service.
    await app.ownerNotices.sweep(now)
    expect(await ownerNoticesOf(owner.user.id, 'sensor_offline')).toHaveLength(0)

    const diner = await createUser(app, { balance: 50 })
    await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    await app.ownerNotices.sweep(now)
    await app.ownerNotices.sweep(new Date(now.getTime() + 30_000))
    const rows = await ownerNoticesOf(owner.user.id, 'sensor_offline')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      title: 'Sensor “Pizza oven” is offline',
      link: `/partner/${restaurant.id}/devices`,
    })
    expect(await ownerNoticesOf(quiet.owner.user.id, 'sensor_offline')).toHaveLength(0)

    // It came back, then went quiet again: a second silence is told again.
    await app.db
      .update(devices)
      .set({ lastSeenAt: new Date(now.getTime() - SENSOR_OFFLINE_NOTICE_MS - 1000) })
      .where(eq(devices.id, silent.id))
    await app.ownerNotices.sweep(now)
    expect(await ownerNoticesOf(owner.user.id, 'sensor_offline')).toHaveLength(2)
  })

  it('tells the owner once that a camera’s picture stopped, linking to the cameras', async () => {
    const { owner, restaurant } = await ownerWithKitchen()
    const [camera] = await app.db
      .insert(cameras)
      .values({
        restaurantId: restaurant.id,
        name: 'Pass',
        streamUrl: 'https://cams.example/pass.m3u8',
        position: 'pass',
      })
      .returning()
    const since = Date.now() - 60_000
    await app.ownerNotices.cameraStopped(camera!.id, since)
    await app.ownerNotices.cameraStopped(camera!.id, since)
    const rows = await ownerNoticesOf(owner.user.id, 'camera_stopped')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      title: 'Camera “Pass” stopped',
      link: `/partner/${restaurant.id}/cameras`,
    })
    // A deactivated camera is expected to be dark.
    await app.db.update(cameras).set({ isActive: false }).where(eq(cameras.id, camera!.id))
    await app.ownerNotices.cameraStopped(camera!.id, Date.now())
    expect(await ownerNoticesOf(owner.user.id, 'camera_stopped')).toHaveLength(1)
  })
})
