import { count, desc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import type { Kitchen } from '../../shared/schemas/kitchen'
import {
  integrationActivity,
  orders,
  platformEvents,
  restaurants,
  users,
  walletTransactions,
} from '../db/schema'
import { kitchenChannel } from '../infra/bus'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import {
  doorDashWebhook,
  genericWebhook,
  type SignedWebhook,
  startMarketplace,
  uberEnvelope,
  uberOrderWebhook,
  verifyGenericCall,
} from '../testing/marketplace-fake'
import { addDish, registerRestaurant } from '../testing/workspace.fixtures'
import { createPlatformService } from './platforms.service'

const market = await startMarketplace()
// A host outside the configured API base: a webhook pointing there must never make the server call it.
const elsewhere = await startMarketplace()
const app = await buildTestApp({
  config: {
    platforms: {
      ubereatsApiUrl: market.url,
      ubereatsAuthUrl: market.url,
      doordashApiUrl: market.url,
      acceptSeconds: 60,
      publicUrl: undefined,
      demoOrdersEverySeconds: undefined,
    },
    // The generic platform's receiver is the fake on 127.0.0.1.
    outbound: { allowPrivateHosts: true },
  },
})
afterAll(async () => {
  await market.close()
  await elsewhere.close()
})

const UBER_SECRET = 'uber-client-secret-0001'
const DD_KEY = 'doordash-key-00000001'
const GH_KEY = 'grubhub-key-000000001'

async function restaurantWithMenu() {
  const { owner, restaurant } = await registerRestaurant(app)
  const brisket = await addDish(app, owner, restaurant.id, { name: 'Brisket Plate', price: 18.5 })
  const ribs = await addDish(app, owner, restaurant.id, { name: 'Pork Ribs', price: 22, allergens: [] })
  return { owner, restaurant, brisket, ribs }
}

async function connect(owner: TestUser, restaurantId: number, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/delivery-integrations`,
    headers: owner.headers,
    payload: { syncEnabled: true, streamEnabled: true, ...payload },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; inboundUrl: string; status: string }
}

const post = (integrationId: number, hook: Pick<SignedWebhook, 'body' | 'headers'>) =>
  app.inject({
    method: 'POST',
    url: `/api/integrations/${integrationId}/webhook`,
    headers: hook.headers,
    payload: hook.body,
  })

async function kitchen(owner: TestUser, restaurantId: number): Promise<Kitchen> {
  const res = await app.inject({ url: `/api/restaurants/${restaurantId}/kitchen`, headers: owner.headers })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * The first call to `fragment` whose body is of `type`: a generic receiver may hear the menu
 * (`menu.updated`) before an order's status, and under load it does.
 */
const callOfType = (fragment: string, type: string) =>
  eventually(async () =>
    market.calls.find(
      (c) => c.path.includes(fragment) && (c.json as { type?: string } | undefined)?.type === type,
    ),
  )

const orderOf = async (integrationId: number, externalId: string) => {
  const [row] = await app.db.select().from(orders).where(eq(orders.integrationId, integrationId))
  return row && row.externalId === externalId
    ? row
    : (await app.db.select().from(orders).where(eq(orders.externalId, externalId)))[0]
}

async function uberSetup(extra: Record<string, unknown> = {}) {
  const world = await restaurantWithMenu()
  const integration = await connect(world.owner, world.restaurant.id, {
    platform: 'ubereats',
    apiKey: 'uber-api-key-0001',
    clientId: 'uber-client-1',
    clientSecret: UBER_SECRET,
    storeId: `store-${world.restaurant.id}`,
    syncEnabled: false,
    ...extra,
  })
  // Sync on for orders, with the menu already counted as published so the sync pass stays quiet.
  return { ...world, integration }
}

async function enableSync(integrationId: number, owner: TestUser) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/delivery-integrations/${integrationId}`,
    headers: owner.headers,
    payload: { syncEnabled: true },
  })
  expect(res.statusCode).toBe(200)
}

describe('Uber Eats', () => {
  it('takes a signed order into the kitchen waiting for acceptance, and accepting it calls the platform', async () => {
    const { owner, restaurant, brisket, integration } = await uberSetup()
    // The address the request reached (inject's host is localhost:80), or PUBLIC_URL.
    expect(integration.inboundUrl).toBe(`http://localhost:80/api/integrations/${integration.id}/webhook`)
    await enableSync(integration.id, owner)
    const heard: ServerMessage[] = []
    const unsubscribe = await app.bus.subscribe(
      kitchenChannel(restaurant.id),
      (m) => void heard.push(m as ServerMessage),
    )

    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      firstName: 'Jordan',
      lines: [
        { menuItemId: brisket.id, name: 'Brisket Plate', quantity: 2, priceCents: 1850 },
        { name: 'Mystery Special', quantity: 1, priceCents: 900 },
      ],
      notes: 'Peanut allergy please, no nuts at all',
    })
    const started = Date.now()
    const res = await post(integration.id, hook)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, duplicate: false })

    const ticket = await eventually(async () =>
      (await kitchen(owner, restaurant.id)).orders.find((t) => t.platform?.externalId === hook.orderId),
    )
    expect(ticket.status).toBe('received')
    expect(ticket.dinerName).toBe('Jordan')
    expect(ticket.platform).toMatchObject({
      platform: 'ubereats',
      customerName: 'Jordan',
      unmatchedLines: [1],
      watchUrl: null,
    })
    expect(ticket.platform!.allergenWords).toEqual(expect.arrayContaining(['peanuts', 'tree nuts']))
    expect(ticket.allergenAlerts.map((a) => a.allergen)).toContain('peanuts')
    expect(new Date(ticket.platform!.acceptBy!).getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect(ticket.items.map((i) => [i.name, i.quantity, i.price])).toEqual([
      ['Brisket Plate', 2, 18.5],
      ['Mystery Special', 1, 9],
    ])
    // The platform's total: 2 × 18.50 + 9.00 + the 2.99 delivery the fake charges.
    expect(ticket.totalPrice).toBe(48.99)
    // The console heard of it live (published right after the commit that made it readable).
    await eventually(async () => heard.some((m) => m.type === 'kitchen_order' && m.order.id === ticket.id))
    // The order was read with a token from the token endpoint.
    const token = market.callsTo('/oauth/v2/token')[0]!
    expect(new URLSearchParams(token.body).get('scope')).toBe('eats.order eats.store')
    expect(market.callsTo(`/v1/eats/orders/${hook.orderId}`, 'GET')[0]!.headers.authorization).toMatch(
      /^Bearer uber-token-/,
    )
    // Nobody's wallet moved.
    const [row] = await app.db.select().from(orders).where(eq(orders.id, ticket.id))
    expect(
      (await app.db.select().from(walletTransactions).where(eq(walletTransactions.userId, row!.userId)))
        .length,
    ).toBe(0)

    const accepted = await app.inject({
      method: 'POST',
      url: `/api/orders/${ticket.id}/accept`,
      headers: owner.headers,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().status).toBe('preparing')
    const call = market.callsTo(`/v1/eats/orders/${hook.orderId}/accept_pos_order`, 'POST')
    expect(call).toHaveLength(1)
    expect((call[0]!.json as { reason: string }).reason).toMatch(/\/watch\/[A-Za-z0-9_-]{20,}/)
    expect(market.uberOrders.get(hook.orderId)!.current_state).toBe('ACCEPTED')

    const after = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === ticket.id)!
    expect(after.status).toBe('preparing')
    expect(after.platform!.watchUrl).toMatch(/^\/watch\/[A-Za-z0-9_-]{20,}$/)
    // The watch page: no name, address or price.
    const watch = await app.inject({ url: `/api${after.platform!.watchUrl}` })
    expect(watch.statusCode).toBe(200)
    expect(watch.json()).toMatchObject({
      status: 'preparing',
      restaurantName: restaurant.name,
      platform: 'ubereats',
    })
    expect(watch.body).not.toContain('Jordan')
    expect(watch.body).not.toContain('18.5')
    expect(watch.body).not.toContain('price')
    expect((await app.inject({ url: '/api/watch/not-a-real-code-000000' })).statusCode).toBe(404)
    // A second accept is refused and calls nothing.
    const again = await app.inject({
      method: 'POST',
      url: `/api/orders/${ticket.id}/accept`,
      headers: owner.headers,
    })
    expect(again.statusCode).toBe(409)
    expect(market.callsTo(`/v1/eats/orders/${hook.orderId}/accept_pos_order`)).toHaveLength(1)
    await unsubscribe()
  })

  it('refuses a missing or wrong signature with 401 and stores nothing; a redelivery answers 200 and does nothing', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    const { 'x-uber-signature': _, ...unsigned } = hook.headers
    const missing = await post(integration.id, { body: hook.body, headers: unsigned })
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ message: 'X-Uber-Signature is missing' })
    const wrong = await post(integration.id, {
      body: hook.body,
      headers: { ...hook.headers, 'x-uber-signature': 'ab'.repeat(32) },
    })
    expect(wrong.statusCode).toBe(401)
    // Signed, then changed: the signature is of the raw bytes.
    const tampered = await post(integration.id, {
      body: hook.body.replace('"event_type"', ' "event_type"'),
      headers: hook.headers,
    })
    expect(tampered.statusCode).toBe(401)
    const stored = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(platformEvents)
          .where(eq(platformEvents.integrationId, integration.id))
      )[0]!.n
    expect(await stored()).toBe(0)
    const events = await app.inject({
      url: `/api/delivery-integrations/${integration.id}/events`,
      headers: owner.headers,
    })
    expect(events.json().filter((e: { kind: string }) => e.kind === 'bad_signature')).toHaveLength(3)

    expect((await post(integration.id, hook)).json()).toEqual({ received: true, duplicate: false })
    const again = await post(integration.id, hook)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ received: true, duplicate: true })
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    // Another event id for the same order (the platform resending it) is still one order.
    await post(
      integration.id,
      uberEnvelope(market, {
        clientSecret: UBER_SECRET,
        storeId: `store-${restaurant.id}`,
        orderId: hook.orderId,
        type: 'orders.notification',
      }),
    )
    await app.platforms.drain()
    expect(
      (await app.db.select().from(orders).where(eq(orders.externalId, hook.orderId))).map((o) => o.id),
    ).toEqual([order.id])
    expect(await stored()).toBe(2)
  })

  it('never fetches a resource_href outside the configured API base', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberEnvelope(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      orderId: 'outside-1',
      type: 'orders.notification',
      resourceHref: `${elsewhere.url}/v1/eats/orders/outside-1`,
    })
    expect((await post(integration.id, hook)).statusCode).toBe(200)
    await app.platforms.drain()
    const [event] = await app.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.integrationId, integration.id))
    expect(event!.lastError).toMatch(/outside/)
    expect(elsewhere.calls).toHaveLength(0)
    expect(await orderOf(integration.id, 'outside-1')).toBeUndefined()
  })

  it('refuses an event for another store, and answers 409 with sync off and 404 once deleted, storing nothing', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    const off = await post(integration.id, hook)
    expect(off.statusCode).toBe(409)
    await enableSync(integration.id, owner)
    const other = uberOrderWebhook(market, { clientSecret: UBER_SECRET, storeId: 'someone-else', lines: [] })
    expect((await post(integration.id, other)).statusCode).toBe(400)
    await app.inject({
      method: 'DELETE',
      url: `/api/delivery-integrations/${integration.id}`,
      headers: owner.headers,
    })
    const gone = await post(integration.id, hook)
    expect(gone.statusCode).toBe(404)
    expect(
      (
        await app.db
          .select({ n: count() })
          .from(platformEvents)
          .where(eq(platformEvents.integrationId, integration.id))
      )[0]!.n,
    ).toBe(0)
  })

  it('denies with the reason, and a stranger can neither accept nor deny', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    await post(integration.id, hook)
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    const stranger = await createUser(app)
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/accept`, headers: stranger.headers }))
        .statusCode,
    ).toBe(403)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/deny`,
          headers: stranger.headers,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/deny`,
          headers: owner.headers,
          payload: { reason: ' ' },
        })
      ).statusCode,
    ).toBe(400)
    const denied = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/deny`,
      headers: owner.headers,
      payload: { reason: 'Out of brisket' },
    })
    expect(denied.statusCode, denied.body).toBe(200)
    expect(denied.json().status).toBe('cancelled')
    const call = market.callsTo(`/v1/eats/orders/${hook.orderId}/deny_pos_order`, 'POST')
    expect(call.map((c) => c.json)).toEqual([{ reason: { explanation: 'Out of brisket' } }])
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ cancelReason: 'denied', cancelNote: 'Out of brisket', refundCents: 0 })
    const events = (
      await app.inject({ url: `/api/delivery-integrations/${integration.id}/events`, headers: owner.headers })
    ).json()
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['received', 'denied']),
    )
  })

  it('cancels the order in the kitchen, live, when the platform cancels it', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    await post(integration.id, hook)
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    const heard: ServerMessage[] = []
    const unsubscribe = await app.bus.subscribe(
      kitchenChannel(restaurant.id),
      (m) => void heard.push(m as ServerMessage),
    )
    const started = Date.now()
    const cancel = uberEnvelope(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      orderId: hook.orderId,
      type: 'orders.cancel',
    })
    expect((await post(integration.id, cancel)).statusCode).toBe(200)
    const message = await eventually(async () =>
      heard.find(
        (m) => m.type === 'kitchen_order' && m.order.id === order.id && m.order.status === 'cancelled',
      ),
    )
    expect(Date.now() - started).toBeLessThan(2000)
    expect(message.type === 'kitchen_order' && message.order.cancellation?.reason).toBe('platform_cancelled')
    await unsubscribe()
  })

  it('checks the connection with a token request, and publishes the menu on demand', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    const check = await app.inject({
      method: 'POST',
      url: `/api/delivery-integrations/${integration.id}/check`,
      headers: owner.headers,
    })
    expect(check.json()).toMatchObject({ status: 'connected' })
    market.chaos.refuseToken = true
    try {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/delivery-integrations/${integration.id}/check`,
        headers: owner.headers,
      })
      expect(refused.json()).toEqual({ status: 'error', message: '401: invalid_client' })
    } finally {
      market.chaos.refuseToken = false
    }
    // This store's menu only: the background sync publishes other tests' synced menus meanwhile.
    const menus = `/v2/eats/stores/store-${restaurant.id}/menus`
    const before = market.callsTo(menus, 'PUT').length
    const sync = await app.inject({
      method: 'POST',
      url: `/api/delivery-integrations/${integration.id}/sync`,
      headers: owner.headers,
    })
    expect(sync.json()).toMatchObject({ status: 'connected' })
    const puts = market.callsTo(menus, 'PUT')
    expect(puts.length).toBe(before + 1)
    const menu = puts.at(-1)!.json as {
      items: { title: { translations: { en_us: string } }; price_info: { price: number } }[]
    }
    expect(menu.items.map((i) => [i.title.translations.en_us, i.price_info.price])).toEqual([
      ['Brisket Plate', 1850],
      ['Pork Ribs', 2200],
    ])
  })
})

describe('a paused kitchen', () => {
  it("denies a platform's order with the pause's message", async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    await app.db
      .update(restaurants)
      .set({ pausedUntil: new Date(Date.now() + 20 * 60_000) })
      .where(eq(restaurants.id, restaurant.id))
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    await post(integration.id, hook)
    const order = await eventually(async () => {
      const row = await orderOf(integration.id, hook.orderId)
      return row?.status === 'cancelled' ? row : undefined
    })
    expect(order.cancelReason).toBe('denied')
    expect(order.cancelNote).toMatch(/^Not taking orders until/)
    const [deny] = await eventually(async () => {
      const calls = market.callsTo(`/v1/eats/orders/${hook.orderId}/deny_pos_order`)
      return calls.length > 0 ? calls : undefined
    })
    expect((deny!.json as { reason: { explanation: string } }).reason.explanation).toBe(order.cancelNote)
  })
})

describe('deadlines', () => {
  it('denies an order nobody accepted in time and marks it missed', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    await post(integration.id, hook)
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    // The deadline passes (as PLATFORM_ACCEPT_SECONDS would make it in seconds).
    await app.db
      .update(orders)
      .set({ acceptBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id))
    await app.platforms.drain()
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'missed' })
    expect(market.callsTo(`/v1/eats/orders/${hook.orderId}/deny_pos_order`).map((c) => c.json)).toEqual([
      { reason: { explanation: 'Not accepted in time' } },
    ])
    const kinds = (
      await app.db
        .select()
        .from(integrationActivity)
        .where(eq(integrationActivity.integrationId, integration.id))
    ).map((a) => a.kind)
    expect(kinds).toContain('missed')
  })
})

describe('DoorDash', () => {
  it('takes an order authenticated by the bearer key and confirms it with a PATCH', async () => {
    const { owner, restaurant, ribs } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'doordash',
      apiKey: DD_KEY,
      storeId: 'dd-store-9',
    })
    const hook = doorDashWebhook({
      apiKey: DD_KEY,
      type: 'OrderCreate',
      firstName: 'Sam',
      lines: [{ name: 'pork ribs', quantity: 3, priceCents: 2200 }],
      notes: 'gluten free bun',
      pickup: true,
    })
    const wrong = await post(integration.id, {
      body: hook.body,
      headers: { ...hook.headers, authorization: 'Bearer nope' },
    })
    expect(wrong.statusCode).toBe(401)
    expect((await post(integration.id, hook)).statusCode).toBe(200)
    expect((await post(integration.id, hook)).json().duplicate).toBe(true)
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    expect(order).toMatchObject({
      status: 'received',
      fulfilment: 'pickup',
      customerName: 'Sam',
      source: 'doordash',
      totalPriceCents: 6600,
    })
    // Matched by name.
    expect(order.items).toEqual([{ menuItemId: ribs.id, name: 'Pork Ribs', quantity: 3, price: 22 }])
    const ticket = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === order.id)!
    expect(ticket.platform!.allergenWords).toEqual(['gluten'])
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/accept`, headers: owner.headers }))
        .statusCode,
    ).toBe(200)
    const [patch] = market.callsTo(`/marketplace/api/v1/orders/${hook.orderId}`, 'PATCH')
    expect(patch!.headers.authorization).toBe(`Bearer ${DD_KEY}`)
    expect(patch!.json).toMatchObject({
      merchant_supplied_id: String(order.id),
      order_status: 'success',
      failure_reason: null,
    })

    const check = await app.inject({
      method: 'POST',
      url: `/api/delivery-integrations/${integration.id}/check`,
      headers: owner.headers,
    })
    expect(check.json()).toMatchObject({ status: 'connected' })
    expect(market.callsTo('/marketplace/api/v2/stores/dd-store-9/store_details')).toHaveLength(1)
  })

  it('cancels on OrderCancel, even when the cancel overtakes its order', async () => {
    const { owner, restaurant } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'doordash',
      apiKey: DD_KEY,
      storeId: 'dd-store-9',
    })
    const create = doorDashWebhook({
      apiKey: DD_KEY,
      type: 'OrderCreate',
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    const cancel = doorDashWebhook({ apiKey: DD_KEY, type: 'OrderCancel', orderId: create.orderId })
    expect((await post(integration.id, cancel)).statusCode).toBe(200)
    expect((await post(integration.id, create)).statusCode).toBe(200)
    await app.platforms.drain()
    await new Promise((r) => setTimeout(r, 200))
    await app.platforms.drain()
    expect(await orderOf(integration.id, create.orderId)).toBeUndefined()
  })
})

describe("a platform order's promised time", () => {
  it('starts at acceptance, not at receipt, and the accept window stays its own', async () => {
    const { owner, restaurant, brisket, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ menuItemId: brisket.id, name: 'Brisket Plate', quantity: 1, priceCents: 1850 }],
    })
    const received = Date.now()
    expect((await post(integration.id, hook)).statusCode).toBe(200)
    const waiting = await eventually(async () =>
      (await kitchen(owner, restaurant.id)).orders.find((t) => t.platform?.externalId === hook.orderId),
    )
    // Waiting for an answer: the accept window counts down, and nothing is promised yet.
    expect(waiting.promisedAt).toBeNull()
    expect(Date.parse(waiting.platform!.acceptBy!)).toBeGreaterThanOrEqual(received + 59_000)

    await new Promise((r) => setTimeout(r, 1500))
    const acceptedFrom = Date.now()
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${waiting.id}/accept`,
      headers: owner.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const acceptedUntil = Date.now()
    const planned = app.config.kitchen.orderMs
    const ticket = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === waiting.id)!
    const promised = Date.parse(ticket.promisedAt!)
    expect(promised).toBeGreaterThanOrEqual(acceptedFrom + planned)
    expect(promised).toBeLessThanOrEqual(acceptedUntil + planned)
    expect(ticket.platform!.acceptBy).toBeNull()
  })

  it("keeps the platform's own pickup time from the start, and confirms it to DoorDash", async () => {
    const { owner, restaurant } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'doordash',
      apiKey: DD_KEY,
      storeId: 'dd-store-9',
    })
    const pickupAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 25 * 60_000)
    const hook = doorDashWebhook({
      apiKey: DD_KEY,
      type: 'OrderCreate',
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
      readyAt: pickupAt,
    })
    expect((await post(integration.id, hook)).statusCode).toBe(200)
    const order = await eventually(() => orderOf(integration.id, hook.orderId))
    const waiting = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === order.id)!
    expect(waiting.promisedAt).toBe(pickupAt.toISOString())
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/accept`,
      headers: owner.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const accepted = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === order.id)!
    expect(accepted.promisedAt).toBe(pickupAt.toISOString())
    const [patch] = market.callsTo(`/marketplace/api/v1/orders/${hook.orderId}`, 'PATCH')
    expect(patch!.json).toMatchObject({ order_status: 'success', prep_time: pickupAt.toISOString() })
  })
})

describe("the kitchen's cancel of a platform's order", () => {
  const cancel = (owner: TestUser, orderId: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: owner.headers, payload })
  const cancelOf = async (owner: TestUser, restaurantId: number, orderId: number) =>
    (await kitchen(owner, restaurantId)).recent.find((t) => t.id === orderId)?.platform?.cancelOnPlatform

  async function acceptedUberOrder() {
    const world = await uberSetup()
    await enableSync(world.integration.id, world.owner)
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${world.restaurant.id}`,
      lines: [{ menuItemId: world.brisket.id, name: 'Brisket Plate', quantity: 1, priceCents: 1850 }],
    })
    expect((await post(world.integration.id, hook)).statusCode).toBe(200)
    const order = await eventually(() => orderOf(world.integration.id, hook.orderId))
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/accept`,
      headers: world.owner.headers,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    return { ...world, hook, order }
  }

  it('tells Uber Eats through its cancel call, and the ticket shows it was told', async () => {
    const { owner, restaurant, integration, hook, order } = await acceptedUberOrder()
    const res = await cancel(owner, order.id, { reason: 'out_of_stock', note: 'Out of brisket' })
    expect(res.statusCode, res.body).toBe(200)
    const call = await market.waitForCall(`/v1/eats/orders/${hook.orderId}/cancel`)
    expect(call.method).toBe('POST')
    expect(call.headers.authorization).toMatch(/^Bearer uber-token-/)
    expect(call.json).toEqual({
      reason: 'ITEM_ISSUE',
      details: 'Out of brisket',
      cancelling_party: 'MERCHANT',
    })
    expect(market.uberOrders.get(hook.orderId)!.current_state).toBe('CANCELED')
    expect(
      await eventually(async () => {
        const state = await cancelOf(owner, restaurant.id, order.id)
        return state?.state === 'told' ? state : undefined
      }),
    ).toEqual({ state: 'told', message: null })
    const events = await app.db
      .select()
      .from(integrationActivity)
      .where(eq(integrationActivity.integrationId, integration.id))
    expect(events.map((e) => e.message)).toContain(
      `Uber Eats was told of the kitchen's cancel of #${String(order.id).padStart(4, '0')}`,
    )
    // A second cancel is refused here and tells the platform nothing more.
    expect((await cancel(owner, order.id, { reason: 'other' })).statusCode).toBe(409)
    await app.platforms.drain()
    expect(market.callsTo(`/v1/eats/orders/${hook.orderId}/cancel`)).toHaveLength(1)
  })

  it("shows the kitchen Uber Eats' refusal, without retrying it, when the courier already has the order", async () => {
    const { owner, restaurant, integration, hook, order } = await acceptedUberOrder()
    market.uberOrders.get(hook.orderId)!.current_state = 'PICKED_UP'
    const heard: ServerMessage[] = []
    const unsubscribe = await app.bus.subscribe(
      kitchenChannel(restaurant.id),
      (m) => void heard.push(m as ServerMessage),
    )
    expect((await cancel(owner, order.id, { reason: 'kitchen_closed' })).statusCode).toBe(200)
    const refused = await eventually(async () => {
      const state = await cancelOf(owner, restaurant.id, order.id)
      return state?.state === 'refused' ? state : undefined
    })
    expect(refused.message).toBe('409: Order is PICKED_UP; it cannot be cancelled')
    // The console hears of the refusal live (published right after it is recorded).
    await eventually(async () =>
      heard.some(
        (m) =>
          m.type === 'kitchen_order' &&
          m.order.id === order.id &&
          m.order.platform?.cancelOnPlatform?.state === 'refused',
      ),
    )
    const [activity] = await app.db
      .select()
      .from(integrationActivity)
      .where(eq(integrationActivity.integrationId, integration.id))
      .orderBy(desc(integrationActivity.id))
      .limit(1)
    expect(activity).toMatchObject({ kind: 'failed', orderId: order.id })
    expect(activity!.message).toMatch(/^Uber Eats refused the kitchen's cancel of #\d{4}: 409/)
    await new Promise((r) => setTimeout(r, 1200))
    await app.platforms.drain()
    expect(market.callsTo(`/v1/eats/orders/${hook.orderId}/cancel`)).toHaveLength(1)
    await unsubscribe()
  })

  it('retries DoorDash through its failures until the cancellation goes through', async () => {
    const { owner, restaurant } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'doordash',
      apiKey: DD_KEY,
      storeId: 'dd-store-9',
      autoAccept: true,
    })
    const hook = doorDashWebhook({
      apiKey: DD_KEY,
      type: 'OrderCreate',
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    expect((await post(integration.id, hook)).statusCode).toBe(200)
    const order = await eventually(async () => {
      const row = await orderOf(integration.id, hook.orderId)
      return row?.status === 'preparing' ? row : undefined
    })
    const path = `/marketplace/api/v1/orders/${hook.orderId}/cancellation`
    market.chaos.failStatus = 503
    try {
      expect((await cancel(owner, order.id, { reason: 'out_of_stock' })).statusCode).toBe(200)
      await market.waitForCall(path)
      const sending = await cancelOf(owner, restaurant.id, order.id)
      expect(sending?.state).toBe('sending')
    } finally {
      market.chaos.failStatus = undefined
    }
    const told = await eventually(async () => {
      const state = await cancelOf(owner, restaurant.id, order.id)
      return state?.state === 'told' ? state : undefined
    }, 8000)
    expect(told).toEqual({ state: 'told', message: null })
    const calls = market.callsTo(path, 'PATCH')
    expect(calls.length).toBeGreaterThanOrEqual(2)
    expect(calls.at(-1)!.json).toEqual({ cancel_reason: 'ITEM_OUT_OF_STOCK', cancel_details: '' })
    expect(market.doorDashStates.get(hook.orderId)).toBe('CANCELLED')
  })

  it('denies an order the kitchen cancels before accepting it, and sends the generic scheme a signed cancelled status', async () => {
    const { owner, restaurant, brisket } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'grubhub',
      apiKey: GH_KEY,
      merchantId: 'gh-2',
      webhookUrl: `${market.url}/generic/kitchen-cancel`,
    })
    const waiting = genericWebhook({
      apiKey: GH_KEY,
      type: 'order.created',
      lines: [{ menuItemId: brisket.id, name: 'Brisket', quantity: 1, priceCents: 1850 }],
    })
    expect((await post(integration.id, waiting)).statusCode).toBe(200)
    const order = await eventually(() => orderOf(integration.id, waiting.orderId))
    expect(order.status).toBe('received')
    expect((await cancel(owner, order.id, { reason: 'other', note: 'Oven down' })).statusCode).toBe(200)
    const call = await callOfType('/generic/kitchen-cancel', 'order.status')
    expect(verifyGenericCall(call, GH_KEY)).toBe(true)
    expect(call.json).toMatchObject({
      type: 'order.status',
      orderId: order.id,
      externalId: waiting.orderId,
      status: 'denied',
      reason: 'Oven down',
    })

    const accepted = genericWebhook({
      apiKey: GH_KEY,
      type: 'order.created',
      lines: [{ menuItemId: brisket.id, name: 'Brisket', quantity: 1, priceCents: 1850 }],
    })
    expect((await post(integration.id, accepted)).statusCode).toBe(200)
    const second = await eventually(() => orderOf(integration.id, accepted.orderId))
    await app.inject({ method: 'POST', url: `/api/orders/${second.id}/accept`, headers: owner.headers })
    expect((await cancel(owner, second.id, { reason: 'kitchen_closed' })).statusCode).toBe(200)
    const cancelled = await eventually(async () =>
      market
        .callsTo('/generic/kitchen-cancel')
        .find((c) => (c.json as { status?: string }).status === 'cancelled'),
    )
    expect(verifyGenericCall(cancelled, GH_KEY)).toBe(true)
    expect(cancelled.json).toMatchObject({
      orderId: second.id,
      externalId: accepted.orderId,
      reason: 'kitchen_closed',
    })
  })
})

describe('the generic scheme (Grubhub, Seamless, Postmates)', () => {
  it('verifies Standard Webhooks signatures, refuses replays, and sends accepted statuses back signed with the watch link', async () => {
    const { owner, restaurant, brisket } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'grubhub',
      apiKey: GH_KEY,
      merchantId: 'gh-1',
      webhookUrl: `${market.url}/generic/grubhub`,
      autoAccept: true,
    })
    const hook = genericWebhook({
      apiKey: GH_KEY,
      type: 'order.created',
      lines: [{ menuItemId: brisket.id, name: 'Brisket', quantity: 1, priceCents: 1850 }],
    })
    const forged = genericWebhook({ apiKey: 'another-key-0000', type: 'order.created', lines: [] })
    expect((await post(integration.id, forged)).statusCode).toBe(401)
    const replay = genericWebhook({ apiKey: GH_KEY, type: 'order.created', lines: [], ageMs: 6 * 60_000 })
    const replayed = await post(integration.id, replay)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json().message).toMatch(/5 minutes/)
    const { 'webhook-signature': _, ...unsigned } = hook.headers
    expect((await post(integration.id, { body: hook.body, headers: unsigned })).statusCode).toBe(401)

    expect((await post(integration.id, hook)).statusCode).toBe(200)
    // Auto-accept: accepted at once, and the platform hears of it at its webhook URL.
    const call = await callOfType('/generic/grubhub', 'order.status')
    expect(verifyGenericCall(call, GH_KEY)).toBe(true)
    const order = await eventually(async () => {
      const row = await orderOf(integration.id, hook.orderId)
      return row?.status === 'preparing' ? row : undefined
    })
    expect(call.json).toMatchObject({
      type: 'order.status',
      orderId: order.id,
      externalId: hook.orderId,
      status: 'accepted',
    })
    expect((call.json as { watchUrl: string }).watchUrl).toMatch(
      /^http:\/\/localhost(:\d+)?\/watch\/[A-Za-z0-9_-]{20,}$/,
    )
    expect(order.status).toBe('preparing')
    // Only the first name is kept.
    expect(order.customerName).toBe('Riley')
    const ticket = (await kitchen(owner, restaurant.id)).orders.find((t) => t.id === order.id)!
    expect(ticket.dinerName).toBe('Riley')
  })

  it('refuses a webhook URL on a private address unless the operator allows them', async () => {
    const strict = await buildTestApp()
    const { owner, restaurant } = await registerRestaurant(strict)
    const res = await strict.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/delivery-integrations`,
      headers: owner.headers,
      payload: {
        platform: 'grubhub',
        apiKey: GH_KEY,
        merchantId: 'gh-1',
        webhookUrl: 'http://127.0.0.1:9/hook',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.webhookUrl).toMatch(/not allowed/)
    await strict.close()
  })
})

describe('menu sync', () => {
  it('publishes a changed menu to every synced platform within 10 s, and shows a failure as an error with the reason', async () => {
    const { owner, restaurant, ribs } = await restaurantWithMenu()
    const integration = await connect(owner, restaurant.id, {
      platform: 'doordash',
      apiKey: DD_KEY,
      storeId: 'dd-menu-1',
    })
    const first = await eventually(
      async () =>
        market
          .callsTo('/marketplace/api/v1/menus', 'POST')
          .find(
            (c) =>
              (c.json as { store: { merchant_supplied_id: string } }).store.merchant_supplied_id ===
              'dd-menu-1',
          ),
      10_000,
    )
    expect(first).toBeDefined()
    const changed = Date.now()
    const sold = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${ribs.id}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    expect(sold.statusCode, sold.body).toBe(200)
    const published = await eventually(
      async () =>
        market
          .callsTo('/marketplace/api/v1/menus', 'POST')
          .find(
            (c) =>
              c.at > changed &&
              (c.json as { store: { merchant_supplied_id: string } }).store.merchant_supplied_id ===
                'dd-menu-1',
          ),
      10_000,
    )
    expect(published.at - changed).toBeLessThan(10_000)
    const items = (
      published.json as { menu: { categories: { items: { name: string; is_active: boolean }[] }[] } }
    ).menu.categories.flatMap((c) => c.items)
    expect(items.find((i) => i.name === 'Pork Ribs')!.is_active).toBe(false)
    const list = async () =>
      (
        await app.inject({
          url: `/api/restaurants/${restaurant.id}/delivery-integrations`,
          headers: owner.headers,
        })
      ).json()[0]
    expect((await list()).lastSyncedAt).not.toBeNull()

    market.chaos.failStatus = 503
    try {
      const sync = await app.inject({
        method: 'POST',
        url: `/api/delivery-integrations/${integration.id}/sync`,
        headers: owner.headers,
      })
      expect(sync.json()).toEqual({ status: 'error', message: '503: The simulator is failing on purpose' })
      expect(await list()).toMatchObject({
        status: 'error',
        lastError: 'Menu sync failed: 503: The simulator is failing on purpose',
      })
    } finally {
      market.chaos.failStatus = undefined
    }
  }, 30_000)
})

describe('the inbox', () => {
  it('processes events stored before a restart', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    // This instance stops processing (as a process that stops right after answering).
    await app.platforms.stop()
    const hooks = [1, 2, 3].map(() =>
      uberOrderWebhook(market, {
        clientSecret: UBER_SECRET,
        storeId: `store-${restaurant.id}`,
        lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
      }),
    )
    for (const hook of hooks) expect((await post(integration.id, hook)).statusCode).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    for (const hook of hooks) expect(await orderOf(integration.id, hook.orderId)).toBeUndefined()

    // The next process on the same database picks them up when it starts.
    const next = createPlatformService({
      db: app.db,
      config: app.config,
      orderStatus: app.orderStatus,
      ticketChanged: (id) => app.kitchen.ticketChanged(id),
    })
    next.start()
    try {
      for (const hook of hooks)
        expect((await eventually(() => orderOf(integration.id, hook.orderId))).status).toBe('received')
      await eventually(async () => {
        const rows = await app.db
          .select()
          .from(platformEvents)
          .where(eq(platformEvents.integrationId, integration.id))
        return rows.length === 3 && rows.every((e) => e.processedAt !== null)
      })
    } finally {
      await next.stop()
      app.platforms.start()
    }
  })

  it('retries an event the platform failed to serve, with backoff', async () => {
    const { owner, restaurant, integration } = await uberSetup()
    await enableSync(integration.id, owner)
    market.chaos.failStatus = 500
    const hook = uberOrderWebhook(market, {
      clientSecret: UBER_SECRET,
      storeId: `store-${restaurant.id}`,
      lines: [{ name: 'Pork Ribs', quantity: 1, priceCents: 2200 }],
    })
    try {
      expect((await post(integration.id, hook)).statusCode).toBe(200)
      const failed = await eventually(async () => {
        const [e] = await app.db
          .select()
          .from(platformEvents)
          .where(eq(platformEvents.integrationId, integration.id))
        return e?.lastError ? e : undefined
      })
      expect(failed.processedAt).toBeNull()
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    } finally {
      market.chaos.failStatus = undefined
    }
    const order = await eventually(() => orderOf(integration.id, hook.orderId), 8000)
    expect(order.status).toBe('received')
  }, 15_000)

  it('keeps platform customers off the sign-in', async () => {
    const [guest] = await app.db.select().from(users).where(eq(users.platformGuest, 'ubereats'))
    expect(guest).toBeDefined()
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: guest!.username, password: '!platform-guest' },
    })
    expect(res.statusCode).toBe(401)
  })
})
