import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { demoWorld } from '../../demo/world'
import { liveMessage } from '../../shared/live-message-builders'
import { buildApp } from '../app'
import { pushSubscriptions, userAllergenProfiles } from '../db/schema'
import { userChannel } from '../infra/bus'
import { createMemoryBus } from '../infra/bus.memory'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser, type TestUser, testConfig } from '../testing/build-test-app'
import {
  createSubscriberKeys,
  type SubscriberKeys,
  startPushReceiver,
  verifyVapid,
} from './push-receiver.fixtures'

// Pushes go to a push service on 127.0.0.1: any endpoint, private hosts allowed.
const pushConfig = { push: { anyEndpoint: true }, outbound: { allowPrivateHosts: true } }
// One bus for this app and the second instance below, as Redis is for several.
const sharedBus = createMemoryBus()
const app = await buildTestApp({ config: pushConfig, bus: sharedBus })
// The operator's default: only the known push services.
const strict = await buildTestApp()
const receiver = await startPushReceiver()
afterAll(() => receiver.close())

const owner = await createUser(app)
const kitchen = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })
const publicKey: string = (await app.inject({ url: '/api/push/public-key' })).json().publicKey

const subscriptionsUrl = (user: TestUser) => `/api/users/${user.user.id}/push-subscriptions`
const subscribe = (user: TestUser, endpoint: string, keys: SubscriberKeys['keys'], on = app, as = user) =>
  on.inject({ method: 'POST', url: subscriptionsUrl(user), headers: as.headers, payload: { endpoint, keys } })
const bump = (orderId: number, from: string) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/advance`,
    headers: owner.headers,
    payload: { from },
  })
const rowsOf = (endpoint: string) =>
  app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))

/** A diner with an order in the staffed kitchen and one device subscribed on the receiver. */
async function dinerWithDevice() {
  const diner = await createUser(app, { balance: 100 })
  const order = await placeOrder(app, diner, kitchen.restaurant.id, [
    { menuItemId: kitchen.items[0]!.id, quantity: 1 },
  ])
  const device = createSubscriberKeys()
  const endpoint = receiver.endpoint()
  expect((await subscribe(diner, endpoint, device.keys)).statusCode).toBe(201)
  return { diner, order, device, endpoint }
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`never: ${what}`)
}

describe('web push', () => {
  it('hands out the VAPID public key a browser subscribes with', async () => {
    const res = await app.inject({ url: '/api/push/public-key' })
    expect(res.statusCode).toBe(200)
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4) // an uncompressed P-256 point
  })

  it('pushes a bump to the diner’s device, encrypted for it (aes128gcm) and signed with the app’s VAPID key', async () => {
    const { order, device, endpoint } = await dinerWithDevice()
    const res = await bump(order.id, 'preparing')
    expect(res.statusCode).toBe(200)
    const push = await receiver.waitFor(endpoint)
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.urgency).toBe('high')
    expect(Number(push.headers.ttl)).toBeGreaterThan(0)
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(3600)
    expect(push.headers.topic).toBe(`order-${order.id}`)
    const vapid = verifyVapid(push.headers.authorization, { publicKey, audience: receiver.origin })
    expect(vapid.subject).toMatch(/^(mailto:|https:)/)
    expect(JSON.parse(device.decrypt(push.body))).toEqual({
      title: expect.stringMatching(/^Order #\d{4} is cooking$/),
      body: `${kitchen.restaurant.name} has started cooking your order.`,
      url: `/stream/${order.id}`,
      tag: `order-${order.id}`,
      kind: 'cooking',
      orderId: order.id,
    })
    // A key other than the subscription's cannot read it.
    expect(() => createSubscriberKeys().decrypt(push.body)).toThrow()
  })

  it('pushes only the kinds the diner left on, and none of the steps a diner does not wait for', async () => {
    const { diner, order, device, endpoint } = await dinerWithDevice()
    const prefsUrl = `/api/users/${diner.user.id}/push-preferences`
    const initial = await app.inject({ url: prefsUrl, headers: diner.headers })
    expect(initial.json()).toEqual({
      cooking: true,
      on_the_way: true,
      delivered: true,
      shout_answered: true,
      cancelled: true,
      allergen_warning: true,
      new_order: true,
      restaurant_alert: true,
    })
    const off = await app.inject({
      method: 'PATCH',
      url: prefsUrl,
      headers: diner.headers,
      payload: { cooking: false },
    })
    expect(off.json()).toMatchObject({ cooking: false, on_the_way: true })
    expect((await app.inject({ url: prefsUrl, headers: diner.headers })).json().cooking).toBe(false)

    await bump(order.id, 'preparing') // cooking: turned off
    await bump(order.id, 'cooking') // plating: never pushed
    await bump(order.id, 'plating') // out for delivery
    const push = await receiver.waitFor(endpoint)
    expect(JSON.parse(device.decrypt(push.body))).toMatchObject({
      kind: 'on_the_way',
      title: expect.stringMatching(/is out for delivery$/),
    })
    await bump(order.id, 'delivering')
    const delivered = await receiver.waitFor(endpoint, 2)
    expect(JSON.parse(device.decrypt(delivered.body))).toMatchObject({ kind: 'delivered' })
    expect(receiver.pushesTo(endpoint)).toHaveLength(2)
  })

  it('warns the diner, on the lock screen too, of an order holding an allergen of their profile', async () => {
    const diner = await createUser(app, { balance: 100 })
    await app.db.insert(userAllergenProfiles).values({ userId: diner.user.id, allergens: ['peanuts'] })
    const satay = await createRestaurant(app, {
      items: [
        { name: 'Chicken Satay', priceCents: 1200, allergens: ['peanuts', 'soy'] },
        { name: 'Rice', priceCents: 300 },
      ],
    })
    const device = createSubscriberKeys()
    const endpoint = receiver.endpoint()
    await subscribe(diner, endpoint, device.keys)
    const order = await placeOrder(app, diner, satay.restaurant.id, [
      { menuItemId: satay.items[0]!.id, quantity: 1 },
      { menuItemId: satay.items[1]!.id, quantity: 1 },
    ])
    const push = await receiver.waitFor(endpoint)
    expect(JSON.parse(device.decrypt(push.body))).toMatchObject({
      kind: 'allergen_warning',
      orderId: order.id,
      title: expect.stringMatching(/^Allergen warning on order #\d{4}$/),
      body: expect.stringContaining('Chicken Satay (peanuts)'),
    })
    const stored = await app.inject({
      url: `/api/users/${diner.user.id}/notifications`,
      headers: diner.headers,
    })
    expect(stored.json().notifications).toMatchObject([{ kind: 'allergen_warning', orderId: order.id }])
  })

  it('pushes a cancellation and then its refund under the order’s one tag, so the refund replaces it', async () => {
    const { order, device, endpoint } = await dinerWithDevice()
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: owner.headers,
      payload: { reason: 'kitchen_closed' },
    })
    expect(cancelled.statusCode).toBe(200)
    const pushes = await Promise.all([receiver.waitFor(endpoint, 1), receiver.waitFor(endpoint, 2)])
    // Two requests to the push service: they may arrive in either order.
    const payloads = pushes
      .map((p) => JSON.parse(device.decrypt(p.body)))
      .sort((a, b) => a.title.localeCompare(b.title))
    expect(payloads.map((p) => p.kind)).toEqual(['cancelled', 'cancelled'])
    expect(new Set(payloads.map((p) => p.tag))).toEqual(new Set([`order-${order.id}`]))
    expect(payloads.map((p) => [p.title, p.body])).toEqual([
      [
        expect.stringMatching(/^Order #\d{4} was cancelled$/),
        `${kitchen.restaurant.name} cancelled it: kitchen closed.`,
      ],
      [
        expect.stringMatching(/^Refund for order #\d{4}$/),
        expect.stringMatching(/^\$\d+\.\d{2} went back to your wallet\.$/),
      ],
    ])
  })

  it('refuses a preference that is not a kind of push, changing nothing', async () => {
    const diner = await createUser(app)
    const prefsUrl = `/api/users/${diner.user.id}/push-preferences`
    const res = await app.inject({
      method: 'PATCH',
      url: prefsUrl,
      headers: diner.headers,
      payload: { upsells: false },
    })
    expect(res.statusCode).toBe(400)
    const bad = await app.inject({
      method: 'PATCH',
      url: prefsUrl,
      headers: diner.headers,
      payload: { cooking: 'no' },
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.values((await app.inject({ url: prefsUrl, headers: diner.headers })).json())).not.toContain(
      false,
    )
  })

  it('deletes a subscription whose push service answers 410 Gone', async () => {
    const { order, endpoint } = await dinerWithDevice()
    receiver.answer(endpoint, 410)
    expect(await rowsOf(endpoint)).toHaveLength(1)
    expect((await bump(order.id, 'preparing')).statusCode).toBe(200)
    await receiver.waitFor(endpoint)
    await until(async () => (await rowsOf(endpoint)).length === 0, 'the subscription is deleted')
  })

  it('tries again after a push service outage, without failing the bump, and keeps the subscription', async () => {
    const { order, device, endpoint } = await dinerWithDevice()
    receiver.answer(endpoint, 503, 201)
    expect((await bump(order.id, 'preparing')).statusCode).toBe(200)
    const retried = await receiver.waitFor(endpoint, 2)
    expect(JSON.parse(device.decrypt(retried.body))).toMatchObject({ kind: 'cooking', orderId: order.id })
    await until(async () => (await rowsOf(endpoint))[0]?.lastSentAt != null, 'the push is marked sent')
  })

  it('pushes from the instance that stored the notice only, not from one that hears it on the bus', async () => {
    const { diner, order, device, endpoint } = await dinerWithDevice()
    // What another instance's notice looks like here: a live message on the diner's channel.
    await app.bus.publish(
      userChannel(diner.user.id),
      liveMessage.notification({
        notification: {
          id: 999_999,
          kind: 'status',
          orderId: order.id,
          title: 'Order elsewhere',
          body: 'Stored by another instance.',
          link: null,
          createdAt: new Date().toISOString(),
          readAt: null,
        },
        unreadCount: 1,
      }),
    )
    await bump(order.id, 'preparing')
    const push = await receiver.waitFor(endpoint)
    expect(JSON.parse(device.decrypt(push.body)).title).not.toBe('Order elsewhere')
    expect(receiver.pushesTo(endpoint)).toHaveLength(1)
  })

  it('sends one push per bump with two instances on one database and one bus, from the one that bumped', async () => {
    // A second instance of the app: the same database, the same bus, the same keys.
    const second = await buildApp({
      world: demoWorld,
      config: { ...testConfig(pushConfig), push: app.config.push },
      database: app.testDatabase,
      bus: sharedBus,
      logger: false,
    })
    await second.ready()
    try {
      const { order, device, endpoint } = await dinerWithDevice()
      const bumpOn = (instance: typeof second, from: string) =>
        instance.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/advance`,
          headers: owner.headers,
          payload: { from },
        })
      expect((await bumpOn(second, 'preparing')).statusCode).toBe(200)
      const first = await receiver.waitFor(endpoint)
      verifyVapid(first.headers.authorization, { publicKey, audience: receiver.origin })
      expect(JSON.parse(device.decrypt(first.body))).toMatchObject({ kind: 'cooking' })
      // Plating is not pushed; out for delivery is, from this instance this time. Had either
      // instance pushed what it heard from the other, a second "cooking" would be here first.
      expect((await bumpOn(second, 'cooking')).statusCode).toBe(200)
      expect((await bumpOn(app, 'plating')).statusCode).toBe(200)
      const next = await receiver.waitFor(endpoint, 2)
      expect(JSON.parse(device.decrypt(next.body))).toMatchObject({ kind: 'on_the_way' })
      expect(receiver.pushesTo(endpoint).map((p) => JSON.parse(device.decrypt(p.body)).kind)).toEqual([
        'cooking',
        'on_the_way',
      ])
    } finally {
      await second.close()
    }
  })

  it('refuses an endpoint outside the known push services with a 400, and saves nothing', async () => {
    const diner = await createUser(strict)
    const { keys } = createSubscriberKeys()
    for (const endpoint of [
      'http://127.0.0.1:9/push/1',
      'https://127.0.0.1/push/1',
      'https://push.example.com/send/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.example.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'ftp://updates.push.services.mozilla.com/wpush/v2/abc',
    ]) {
      const res = await subscribe(diner, endpoint, keys, strict)
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json().code, endpoint).toBe('push.endpoint_refused')
      expect(res.json().errors.endpoint, endpoint).toBeTruthy()
    }
    expect((await strict.inject({ url: subscriptionsUrl(diner), headers: diner.headers })).json()).toEqual({
      devices: [],
    })
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGuQyavXutnMei',
    ])
      expect((await subscribe(diner, endpoint, keys, strict)).statusCode, endpoint).toBe(201)
  })

  it('refuses a private address even with any endpoint allowed, unless private hosts are allowed too', async () => {
    const anyPublic = await buildTestApp({ config: { push: { anyEndpoint: true } } })
    const diner = await createUser(anyPublic)
    const { keys } = createSubscriberKeys()
    const local = await subscribe(diner, 'http://127.0.0.1:9/push/1', keys, anyPublic)
    expect(local.statusCode).toBe(400)
    expect(local.json().code).toBe('push.endpoint_refused')
    expect((await subscribe(diner, 'http://push.example.com/1', keys, anyPublic)).statusCode).toBe(201)
  })

  it('refuses keys that are not a browser’s, with a field message', async () => {
    const diner = await createUser(app)
    const res = await subscribe(diner, receiver.endpoint(), { p256dh: 'not a key', auth: 'x' })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['keys.auth', 'keys.p256dh'])
  })

  it('keeps one row per endpoint: subscribing again updates it, and a diner has at most 10 devices', async () => {
    const diner = await createUser(app)
    const first = receiver.endpoint()
    expect((await subscribe(diner, first, createSubscriberKeys().keys)).statusCode).toBe(201)
    const renewed = createSubscriberKeys().keys
    expect((await subscribe(diner, first, renewed)).statusCode).toBe(200)
    expect(await rowsOf(first)).toMatchObject([
      { userId: diner.user.id, p256dh: renewed.p256dh, auth: renewed.auth },
    ])
    for (let i = 0; i < 9; i++)
      expect((await subscribe(diner, receiver.endpoint(), createSubscriberKeys().keys)).statusCode).toBe(201)
    const eleventh = await subscribe(diner, receiver.endpoint(), createSubscriberKeys().keys)
    expect(eleventh.statusCode).toBe(409)
    expect(eleventh.json().code).toBe('push.too_many_subscriptions')
    expect(
      (await app.inject({ url: subscriptionsUrl(diner), headers: diner.headers })).json().devices,
    ).toHaveLength(10)
    // A device already on the list can still renew.
    expect((await subscribe(diner, first, renewed)).statusCode).toBe(200)
  })

  it('moves a browser’s endpoint to whoever subscribes with it last', async () => {
    const before = await createUser(app)
    const after = await createUser(app)
    const endpoint = receiver.endpoint()
    await subscribe(before, endpoint, createSubscriberKeys().keys)
    expect((await subscribe(after, endpoint, createSubscriberKeys().keys)).statusCode).toBe(200)
    expect(await rowsOf(endpoint)).toMatchObject([{ userId: after.user.id }])
  })

  it('never shows, adds or removes another diner’s subscriptions', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    const theirs = receiver.endpoint()
    await subscribe(other, theirs, createSubscriberKeys().keys)
    expect((await app.inject({ url: subscriptionsUrl(other), headers: diner.headers })).statusCode).toBe(403)
    expect(
      (await subscribe(other, receiver.endpoint(), createSubscriberKeys().keys, app, diner)).statusCode,
    ).toBe(403)
    const asThem = await app.inject({
      method: 'DELETE',
      url: subscriptionsUrl(other),
      headers: diner.headers,
      payload: { endpoint: theirs },
    })
    expect(asThem.statusCode).toBe(403)
    // Their endpoint under my own id is not mine: 404, and it stays theirs.
    const asMine = await app.inject({
      method: 'DELETE',
      url: subscriptionsUrl(diner),
      headers: diner.headers,
      payload: { endpoint: theirs },
    })
    expect(asMine.statusCode).toBe(404)
    expect(await rowsOf(theirs)).toMatchObject([{ userId: other.user.id }])
    expect((await app.inject({ url: subscriptionsUrl(other) })).statusCode).toBe(401)
    expect(
      (await app.inject({ url: `/api/users/${other.user.id}/push-preferences`, headers: diner.headers }))
        .statusCode,
    ).toBe(403)
  })

  it('stops pushing to a device the diner turned off', async () => {
    const { diner, order, endpoint } = await dinerWithDevice()
    const res = await app.inject({
      method: 'DELETE',
      url: subscriptionsUrl(diner),
      headers: diner.headers,
      payload: { endpoint },
    })
    expect(res.statusCode).toBe(204)
    expect(await rowsOf(endpoint)).toHaveLength(0)
    // A second subscriber of the same diner shows the push went out, and not to the removed one.
    const other = createSubscriberKeys()
    const otherEndpoint = receiver.endpoint()
    await subscribe(diner, otherEndpoint, other.keys)
    await bump(order.id, 'preparing')
    await receiver.waitFor(otherEndpoint)
    expect(receiver.pushesTo(endpoint)).toHaveLength(0)
  })
})
