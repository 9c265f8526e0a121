import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { createOrderStatus } from '../orders/order-status'
import { createRestaurant, placeOrder, showcaseOrder } from '../orders/orders.fixtures'
import { connectViewer, liveUrl, ofType } from '../realtime/live.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { createNotificationsService } from './notifications.service'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)
const notifications = createNotificationsService({ db: app.db, bus: app.bus })

const note = (user: TestUser, title = 'Order #0042 is cooking') =>
  notifications.send({
    userId: user.user.id,
    kind: 'status',
    orderId: null,
    title,
    body: 'The kitchen started.',
  })
const list = (user: TestUser, asUser: TestUser = user) =>
  app.inject({ url: `/api/users/${user.user.id}/notifications`, headers: asUser.headers })
const markRead = (user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/notifications/read`,
    headers: user.headers,
    payload,
  })

describe('notifications', () => {
  it('lists the diner’s notifications newest first with the unread count', async () => {
    const diner = await createUser(app)
    await note(diner, 'first')
    await note(diner, 'second')
    const res = await list(diner)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      unreadCount: 2,
      notifications: [
        { title: 'second', kind: 'status', readAt: null },
        { title: 'first', readAt: null },
      ],
    })
  })

  it('marks the ids given read, then all of them, and counts what changed', async () => {
    const diner = await createUser(app)
    const a = await note(diner, 'a')
    await note(diner, 'b')
    await note(diner, 'c')
    const some = await markRead(diner, { ids: [a.id] })
    expect(some.json()).toEqual({ updated: 1, unreadCount: 2 })
    const all = await markRead(diner, {})
    expect(all.json()).toEqual({ updated: 2, unreadCount: 0 })
    const after = (await list(diner)).json()
    expect(after.unreadCount).toBe(0)
    expect(after.notifications.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true)
  })

  it('never shows or marks another diner’s notifications', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    const theirs = await note(other, 'theirs')
    expect((await list(other, diner)).statusCode).toBe(403)
    expect((await app.inject({ url: `/api/users/${other.user.id}/notifications` })).statusCode).toBe(401)
    // Their id in my request changes nothing of theirs.
    expect((await markRead(diner, { ids: [theirs.id] })).json()).toEqual({ updated: 0, unreadCount: 0 })
    const forbidden = await app.inject({
      method: 'POST',
      url: `/api/users/${other.user.id}/notifications/read`,
      headers: diner.headers,
      payload: {},
    })
    expect(forbidden.statusCode).toBe(403)
    expect((await list(other)).json().unreadCount).toBe(1)
  })

  it('refuses ids that are not ids with a field message', async () => {
    const diner = await createUser(app)
    const res = await markRead(diner, { ids: ['x'] })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors)).toEqual(['ids.0'])
  })

  it('pushes a notification to every socket of its diner, and to nobody else', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    const phone = await connectViewer(url, { cookie: diner.cookie })
    const laptop = await connectViewer(url, { cookie: diner.cookie })
    const stranger = await connectViewer(url, { cookie: other.cookie })
    const visitor = await connectViewer(url)
    try {
      // Joining the user's room follows the session lookup: ping until the room is surely open.
      for (const socket of [phone, laptop]) await socket.request({ type: 'ping' }, ofType('pong'))
      const sent = await note(diner, 'Order #0042 is out for delivery')
      const isIt = (m: ServerMessage) => m.type === 'notification' && m.notification.id === sent.id
      const [onPhone, onLaptop] = await Promise.all([phone.waitFor(isIt), laptop.waitFor(isIt)])
      expect(onPhone).toMatchObject({
        type: 'notification',
        unreadCount: 1,
        notification: { title: 'Order #0042 is out for delivery', readAt: null },
      })
      expect(onLaptop).toEqual(onPhone)
      await stranger.request({ type: 'ping' }, ofType('pong'))
      await visitor.request({ type: 'ping' }, ofType('pong'))
      expect(stranger.messages.some((m) => m.type === 'notification')).toBe(false)
      expect(visitor.messages.some((m) => m.type === 'notification')).toBe(false)
    } finally {
      await Promise.all([phone.close(), laptop.close(), stranger.close(), visitor.close()])
    }
  })

  it('tells the diner of every status change of their order, live, and nobody of the showcase', async () => {
    const diner = await createUser(app, { balance: 50 })
    const kitchen = await createRestaurant(app)
    const placed = await placeOrder(app, diner, kitchen.restaurant.id, [
      { menuItemId: kitchen.items[0]!.id, quantity: 1 },
    ])
    const orderStatus = createOrderStatus({ db: app.db, bus: app.bus, notifications: app.notifications })
    const socket = await connectViewer(url, { cookie: diner.cookie })
    try {
      await socket.request({ type: 'ping' }, ofType('pong'))
      await orderStatus.change({ orderId: placed.id, to: 'cooking', by: { actor: 'autopilot' } })
      const live = await socket.waitFor((m) => m.type === 'notification')
      expect(live).toMatchObject({
        notification: {
          kind: 'status',
          orderId: placed.id,
          title: expect.stringMatching(/^Order #\d{4} is cooking$/),
        },
        unreadCount: 1,
      })
      await orderStatus.change({ orderId: placed.id, to: 'completed', by: { actor: 'autopilot' } })
      const stored = (await list(diner)).json()
      expect(stored.notifications.map((n: { title: string }) => n.title)).toEqual([
        expect.stringMatching(/delivered$/),
        expect.stringMatching(/is cooking$/),
      ])

      const showcase = await showcaseOrder(app)
      const before = await app.db.query.notifications.findMany()
      await orderStatus.change({ orderId: showcase.id, to: 'completed', by: { actor: 'autopilot' } })
      expect((await app.db.query.notifications.findMany()).length).toBe(before.length)
    } finally {
      await socket.close()
    }
  })
})
