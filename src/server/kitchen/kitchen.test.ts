import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CHEF_SHOUTS, DELIVERY_FEE_CENTS } from '../../shared/constants'
import type { ServerMessage } from '../../shared/live-messages'
import type { Ticket } from '../../shared/schemas/kitchen'
import { menuItems, orderEvents, orders, restaurants, userAllergenProfiles } from '../db/schema'
import { kitchenChannel, orderChannel } from '../infra/bus'
import { createRestaurant, offerUpsell, placeOrder, setOrderState } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from '../wallet/wallet.fixtures'

const app = await buildTestApp()

const owner = await createUser(app, { username: `owner_${Date.now().toString(36)}` })
const own = await createRestaurant(app, {
  ownerId: owner.user.id,
  kitchenMode: 'staffed',
  items: [
    { name: 'Pad Thai', priceCents: 1350 },
    { name: 'Spring Rolls', priceCents: 650 },
    { name: 'Mango Sticky Rice', priceCents: 700 },
  ],
})
const [padThai, rolls, mango] = own.items as [
  (typeof own.items)[0],
  (typeof own.items)[0],
  (typeof own.items)[0],
]
await app.db
  .update(menuItems)
  .set({ allergens: ['peanuts', 'soy'], category: 'Mains' })
  .where(eq(menuItems.id, padThai.id))
await app.db.update(menuItems).set({ category: 'Starters' }).where(eq(menuItems.id, rolls.id))
await app.db.update(menuItems).set({ category: 'Desserts' }).where(eq(menuItems.id, mango.id))

const stranger = await createUser(app)
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

async function dinerWithOrder(balance = 100, lines = [{ menuItemId: padThai.id, quantity: 1 }]) {
  const diner = await createUser(app, { balance })
  const order = await placeOrder(app, diner, own.restaurant.id, lines)
  return { diner, order }
}

const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) })

/** The diner's newest notification of `kind`, once it has been stored (it is sent after the commit). */
async function waitForNotice(diner: TestUser, kind: string) {
  for (let i = 0; i < 50; i++) {
    const { notifications } = (await call(diner, 'GET', `/api/users/${diner.user.id}/notifications`)).json()
    const found = notifications.find((n: { kind: string }) => n.kind === kind)
    if (found) return found
    await settle()
  }
  return undefined
}

const advance = (user: TestUser | undefined, orderId: number, from: string) =>
  call(user, 'POST', `/api/orders/${orderId}/advance`, { from })
const cancel = (user: TestUser | undefined, orderId: number, reason = 'out_of_stock') =>
  call(user, 'POST', `/api/orders/${orderId}/cancel`, { reason })

describe('the ownership matrix', () => {
  it('answers every kitchen route: visitor 401, stranger 403 or 404, diner 403 or 404, owner 200', async () => {
    const { diner, order } = await dinerWithOrder()
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const shoutRes = await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })
    expect(shoutRes.statusCode).toBe(201)
    await setOrderState(app, order.id, { status: 'preparing', progress: 0 })
    const shoutId = shoutRes.json().id as number
    const rid = own.restaurant.id

    const routes: Array<{
      name: string
      run: (u: TestUser | undefined) => Promise<{ statusCode: number }>
      stranger: number
      diner: number
    }> = [
      {
        name: 'GET kitchen',
        run: (u) => call(u, 'GET', `/api/restaurants/${rid}/kitchen`),
        stranger: 403,
        diner: 403,
      },
      {
        name: 'PUT mode',
        run: (u) => call(u, 'PUT', `/api/restaurants/${rid}/kitchen/mode`, { mode: 'staffed' }),
        stranger: 403,
        diner: 403,
      },
      {
        name: 'PUT settings',
        run: (u) =>
          call(u, 'PUT', `/api/restaurants/${rid}/kitchen/settings`, {
            amberMinutes: 8,
            redMinutes: 15,
            stations: {},
          }),
        stranger: 403,
        diner: 403,
      },
      {
        name: 'PUT line',
        run: (u) => call(u, 'PUT', `/api/orders/${order.id}/lines/0`, { done: false }),
        stranger: 404,
        diner: 403,
      },
      {
        name: 'PUT shout status',
        run: (u) => call(u, 'PUT', `/api/chef-shouts/${shoutId}/status`, { status: 'acknowledged' }),
        stranger: 404,
        diner: 403,
      },
      { name: 'POST advance', run: (u) => advance(u, order.id, 'preparing'), stranger: 404, diner: 403 },
      {
        name: 'POST recall',
        run: (u) => call(u, 'POST', `/api/orders/${order.id}/recall`),
        stranger: 404,
        diner: 403,
      },
    ]
    for (const route of routes) {
      expect({ route: route.name, status: (await route.run(undefined)).statusCode }).toEqual({
        route: route.name,
        status: 401,
      })
      expect({ route: route.name, status: (await route.run(stranger)).statusCode }).toEqual({
        route: route.name,
        status: route.stranger,
      })
      expect({ route: route.name, status: (await route.run(diner)).statusCode }).toEqual({
        route: route.name,
        status: route.diner,
      })
      expect({ route: route.name, status: (await route.run(owner)).statusCode }).toEqual({
        route: route.name,
        status: 200,
      })
    }
    // Cancel: visitor 401, stranger 404, owner 200 (the diner's own cancel has its tests below).
    expect((await cancel(undefined, order.id)).statusCode).toBe(401)
    expect((await cancel(stranger, order.id)).statusCode).toBe(404)
    expect((await cancel(owner, order.id)).statusCode).toBe(200)
  })

  it('answers 404 for a kitchen that does not exist and 400 for a bad body, changing nothing', async () => {
    expect((await call(owner, 'GET', '/api/restaurants/999999/kitchen')).statusCode).toBe(404)
    const bad = await call(owner, 'PUT', `/api/restaurants/${own.restaurant.id}/kitchen/mode`, {
      mode: 'robot',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Mode must be "autopilot" or "staffed"')
    const [row] = await app.db.select().from(restaurants).where(eq(restaurants.id, own.restaurant.id))
    expect(row!.kitchenMode).toBe('staffed')
  })
})

describe('the kitchen', () => {
  it('lists open tickets oldest first with the first name, allergen banner, added lines, shouts and tips', async () => {
    const diner = await createUser(app, { balance: 100 })
    await app.db.insert(userAllergenProfiles).values({
      userId: diner.user.id,
      allergens: ['peanuts'],
      severity: 'life-threatening',
    })
    const first = await placeOrder(app, diner, own.restaurant.id, [
      { menuItemId: padThai.id, quantity: 2 },
      { menuItemId: rolls.id, quantity: 1 },
    ])
    await setOrderState(app, first.id, { status: 'cooking', progress: 40 })
    const upsell = await offerUpsell(app, first.id, mango.id)
    expect(
      (await call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true })).statusCode,
    ).toBe(200)
    expect(
      (await call(diner, 'POST', `/api/orders/${first.id}/chef-shouts`, { shoutType: 'crispy' })).statusCode,
    ).toBe(201)
    expect(
      (
        await call(diner, 'POST', `/api/orders/${first.id}/tip-chef`, {
          amount: 2.5,
          message: 'Thank you!',
        })
      ).statusCode,
    ).toBe(200)

    const res = await call(owner, 'GET', `/api/restaurants/${own.restaurant.id}/kitchen`)
    expect(res.statusCode).toBe(200)
    const kitchen = res.json()
    expect(kitchen.mode).toBe('staffed')
    expect(kitchen.settings).toMatchObject({ amberMinutes: 8, redMinutes: 15 })
    const ticket = kitchen.orders.find((t: Ticket) => t.id === first.id) as Ticket
    expect(ticket.dinerName).toBe('Test')
    expect(ticket.allergenAlerts).toEqual([
      { menuItemName: 'Pad Thai', allergen: 'Peanuts', severity: 'life-threatening' },
    ])
    expect(ticket.items.map((l) => [l.name, l.quantity, l.added])).toEqual([
      ['Pad Thai', 2, false],
      ['Spring Rolls', 1, false],
      ['Mango Sticky Rice', 1, true],
    ])
    expect(ticket.totalPrice).toBe((2 * 1350 + 650 + 700 + DELIVERY_FEE_CENTS) / 100)
    expect(ticket.shouts).toMatchObject([{ shoutName: 'Extra Crispy!', status: 'pending' }])
    expect(ticket.tips).toMatchObject([{ amount: 2.5, message: 'Thank you!' }])
    const ids = kitchen.orders.map((t: Ticket) => t.id)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b))
  })

  it('leaves completed and cancelled orders off the rail', async () => {
    const { order } = await dinerWithOrder()
    await setOrderState(app, order.id, { status: 'completed', progress: 100 })
    const kitchen = (await call(owner, 'GET', `/api/restaurants/${own.restaurant.id}/kitchen`)).json()
    expect(kitchen.orders.map((t: Ticket) => t.id)).not.toContain(order.id)
  })
})

describe('bump and recall', () => {
  it('bumps through every status to completed, keeping each change in the history', async () => {
    const { order } = await dinerWithOrder()
    const seen: string[] = []
    for (const from of ['preparing', 'cooking', 'plating', 'delivering']) {
      const res = await advance(owner, order.id, from)
      expect(res.statusCode).toBe(200)
      seen.push(res.json().status)
    }
    expect(seen).toEqual(['cooking', 'plating', 'delivering', 'completed'])
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'completed', progress: 100 })
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.map((e) => e.status)).toEqual([
      'preparing',
      'cooking',
      'plating',
      'delivering',
      'completed',
    ])
    expect((await advance(owner, order.id, 'completed')).statusCode).toBe(409)
  })

  it('moves an order once when two tablets bump it from the same status at once: one 200, one 409', async () => {
    const { order } = await dinerWithOrder()
    const answers = await Promise.all([
      advance(owner, order.id, 'preparing'),
      advance(owner, order.id, 'preparing'),
    ])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('cooking')
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.map((e) => e.status)).toEqual(['preparing', 'cooking'])
  })

  it('sends the diner a status message and the kitchen a ticket on each bump', async () => {
    const { order } = await dinerWithOrder()
    const diner: ServerMessage[] = []
    const kitchen: ServerMessage[] = []
    const stopDiner = await app.bus.subscribe(orderChannel(order.id), (m) => diner.push(m as ServerMessage))
    const stopKitchen = await app.bus.subscribe(kitchenChannel(own.restaurant.id), (m) =>
      kitchen.push(m as ServerMessage),
    )
    await advance(owner, order.id, 'preparing')
    await settle()
    await stopDiner()
    await stopKitchen()
    expect(diner).toContainEqual(expect.objectContaining({ type: 'status', status: 'cooking', progress: 30 }))
    expect(kitchen).toContainEqual(
      expect.objectContaining({
        type: 'kitchen_order',
        order: expect.objectContaining({ id: order.id, status: 'cooking' }),
      }),
    )
  })

  it('recalls the last bump within 60 seconds, and refuses after 60 seconds with 409', async () => {
    const { order } = await dinerWithOrder()
    await advance(owner, order.id, 'preparing')
    await advance(owner, order.id, 'cooking')
    const recalled = await call(owner, 'POST', `/api/orders/${order.id}/recall`)
    expect(recalled.statusCode).toBe(200)
    expect(recalled.json().status).toBe('cooking')
    // A recall is not a bump: there is nothing more to take back.
    expect((await call(owner, 'POST', `/api/orders/${order.id}/recall`)).statusCode).toBe(409)

    await advance(owner, order.id, 'cooking')
    const [last] = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id)
      .then((rows) => rows.slice(-1))
    await app.db
      .update(orderEvents)
      .set({ at: new Date(Date.now() - 61_000) })
      .where(eq(orderEvents.id, last!.id))
    const late = await call(owner, 'POST', `/api/orders/${order.id}/recall`)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('A bump can be recalled only within 60 seconds')
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('plating')
  })

  it('lists what finished in the last 30 minutes as Recent, and calls a completed order back from it within 30 minutes', async () => {
    const { order } = await dinerWithOrder()
    for (const from of ['preparing', 'cooking', 'plating', 'delivering']) await advance(owner, order.id, from)
    const kitchen = (await call(owner, 'GET', `/api/restaurants/${own.restaurant.id}/kitchen`)).json()
    expect(kitchen.orders.some((t: Ticket) => t.id === order.id)).toBe(false)
    const recent = kitchen.recent.find((t: Ticket) => t.id === order.id)
    expect(recent).toMatchObject({ status: 'completed', source: 'clearplate', fulfilment: 'delivery' })
    // Recallable for as long as Recent lists it, not only 60 seconds.
    expect(Date.parse(recent.recallUntil) - Date.parse(recent.statusAt)).toBe(30 * 60_000)
    expect(kitchen.dishes.map((d: { name: string }) => d.name)).toContain('Pad Thai')

    const back = await call(owner, 'POST', `/api/orders/${order.id}/recall`)
    expect(back.statusCode).toBe(200)
    expect(back.json()).toMatchObject({ status: 'delivering' })

    await advance(owner, order.id, 'delivering')
    const [last] = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id)
      .then((rows) => rows.slice(-1))
    await app.db
      .update(orderEvents)
      .set({ at: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orderEvents.id, last!.id))
    const late = await call(owner, 'POST', `/api/orders/${order.id}/recall`)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('A finished order can be recalled only within 30 minutes')
    // A cancelled order is listed but never recalled.
    const { order: dropped } = await dinerWithOrder()
    await call(owner, 'POST', `/api/orders/${dropped.id}/cancel`, { reason: 'out_of_stock' })
    const after = (await call(owner, 'GET', `/api/restaurants/${own.restaurant.id}/kitchen`)).json()
    expect(after.recent.find((t: Ticket) => t.id === dropped.id)).toMatchObject({
      status: 'cancelled',
      recallUntil: null,
    })
    expect((await call(owner, 'POST', `/api/orders/${dropped.id}/recall`)).statusCode).toBe(409)
  })
})

describe('cancel and refund', () => {
  it('refunds exactly what the order charged (order, upsell, shout, tip) in one go, and a second cancel refunds nothing', async () => {
    const { diner, order } = await dinerWithOrder(100)
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const upsell = await offerUpsell(app, order.id, mango.id)
    await call(diner, 'PUT', `/api/upsells/${upsell.id}/response`, { accepted: true })
    await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })
    await call(diner, 'POST', `/api/orders/${order.id}/tip-chef`, { amount: 3, message: 'Great' })
    const charged =
      1350 + DELIVERY_FEE_CENTS + 700 + CHEF_SHOUTS.find((s) => s.key === 'cheese')!.priceCents + 300
    expect(await balanceCents(app, diner.user.id)).toBe(10_000 - charged)

    const answers = await Promise.all([cancel(owner, order.id), cancel(owner, order.id, 'kitchen_closed')])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const ok = answers.find((r) => r.statusCode === 200)!.json()
    expect(ok.refund).toBe(charged / 100)
    expect(ok.order.status).toBe('cancelled')
    expect(ok.order.cancellation).toMatchObject({ refund: charged / 100 })
    expect(await balanceCents(app, diner.user.id)).toBe(10_000)
    expect(await ledgerCents(app, diner.user.id)).toBe(10_000)
    const refunds = (await transactionsOf(app, diner.user.id)).filter((t) => t.type === 'refund')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({
      amountCents: charged,
      description: `Refund for order #${String(order.id).padStart(4, '0')}`,
    })
    expect((await cancel(owner, order.id)).statusCode).toBe(409)
    expect(await balanceCents(app, diner.user.id)).toBe(10_000)
  })

  it('tells the diner why, with the refund, in the status message and on the order', async () => {
    const { diner, order } = await dinerWithOrder(50)
    const messages: ServerMessage[] = []
    const stop = await app.bus.subscribe(orderChannel(order.id), (m) => messages.push(m as ServerMessage))
    await cancel(owner, order.id, 'kitchen_closed')
    await settle()
    await stop()
    const total = (1350 + DELIVERY_FEE_CENTS) / 100
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'status',
        status: 'cancelled',
        cancellation: expect.objectContaining({ reason: 'kitchen_closed', refund: total }),
      }),
    )
    const read = (await call(diner, 'GET', `/api/orders/${order.id}`)).json()
    expect(read.status).toBe('cancelled')
    expect(read.cancellation).toMatchObject({ reason: 'kitchen_closed', refund: total })
    const refundNotice = await waitForNotice(diner, 'refund')
    expect(refundNotice).toMatchObject({
      orderId: order.id,
      title: `Refund for order #${String(order.id).padStart(4, '0')}`,
    })
  })

  it('refuses to cancel a completed order, refunding nothing', async () => {
    const { diner, order } = await dinerWithOrder(50)
    await setOrderState(app, order.id, { status: 'completed', progress: 100 })
    const before = await balanceCents(app, diner.user.id)
    const res = await cancel(owner, order.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This order is already completed or cancelled')
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })

  it('lets the diner cancel their own order while it is preparing, with the same refund', async () => {
    const { diner, order } = await dinerWithOrder(50)
    const res = await cancel(diner, order.id, 'diner_request')
    expect(res.statusCode).toBe(200)
    expect(res.json().order.cancellation).toMatchObject({ reason: 'diner_request' })
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
    expect(await ledgerCents(app, diner.user.id)).toBe(5000)
  })

  it('refuses the diner once cooking has started, and another diner gets 404', async () => {
    const { diner, order } = await dinerWithOrder(50)
    await advance(owner, order.id, 'preparing')
    const before = await balanceCents(app, diner.user.id)
    const res = await cancel(diner, order.id, 'diner_request')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('The kitchen has started cooking: this order can no longer be cancelled')
    expect((await cancel(stranger, order.id, 'diner_request')).statusCode).toBe(404)
    expect(await balanceCents(app, diner.user.id)).toBe(before)
  })

  it('refuses an unknown reason with 400 and cancels nothing', async () => {
    const { order } = await dinerWithOrder(50)
    const res = await cancel(owner, order.id, 'bored')
    expect(res.statusCode).toBe(400)
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('preparing')
  })
})

describe('shouts, stations and modes', () => {
  it('acknowledges a shout, then marks it done; the diner sees each step', async () => {
    const { diner, order } = await dinerWithOrder(50)
    await setOrderState(app, order.id, { status: 'cooking', progress: 40 })
    const shoutId = (
      await call(diner, 'POST', `/api/orders/${order.id}/chef-shouts`, { shoutType: 'cheese' })
    ).json().id as number
    const messages: ServerMessage[] = []
    const stop = await app.bus.subscribe(orderChannel(order.id), (m) => messages.push(m as ServerMessage))
    const ack = await call(owner, 'PUT', `/api/chef-shouts/${shoutId}/status`, { status: 'acknowledged' })
    expect(ack.statusCode).toBe(200)
    expect(ack.json().status).toBe('acknowledged')
    expect(
      (await call(owner, 'PUT', `/api/chef-shouts/${shoutId}/status`, { status: 'acknowledged' })).statusCode,
    ).toBe(409)
    expect(
      (await call(owner, 'PUT', `/api/chef-shouts/${shoutId}/status`, { status: 'done' })).statusCode,
    ).toBe(200)
    await settle()
    await stop()
    expect(
      messages.filter((m) => m.type === 'chef_shout').map((m) => m.type === 'chef_shout' && m.shout.status),
    ).toEqual(['acknowledged', 'done'])
    const list = (await call(diner, 'GET', `/api/orders/${order.id}/chef-shouts`)).json()
    expect(list[0].status).toBe('done')
    expect(await waitForNotice(diner, 'shout_acknowledged')).toMatchObject({ orderId: order.id })
  })

  it('maps categories to stations and bumps one line', async () => {
    const settings = await call(owner, 'PUT', `/api/restaurants/${own.restaurant.id}/kitchen/settings`, {
      amberMinutes: 5,
      redMinutes: 10,
      stations: { Mains: 'Wok', Starters: 'fryer', Desserts: '' },
    })
    expect(settings.statusCode).toBe(200)
    expect(settings.json().settings).toEqual({
      amberMinutes: 5,
      redMinutes: 10,
      stations: { Mains: 'wok', Starters: 'fryer' },
    })
    const { order } = await dinerWithOrder(50, [
      { menuItemId: padThai.id, quantity: 1 },
      { menuItemId: rolls.id, quantity: 2 },
    ])
    const res = await call(owner, 'PUT', `/api/orders/${order.id}/lines/1`, { done: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().items.map((l: Ticket['items'][0]) => [l.station, l.done])).toEqual([
      ['wok', false],
      ['fryer', true],
    ])
    expect((await call(owner, 'PUT', `/api/orders/${order.id}/lines/7`, { done: true })).statusCode).toBe(404)
    const red = await call(owner, 'PUT', `/api/restaurants/${own.restaurant.id}/kitchen/settings`, {
      amberMinutes: 10,
      redMinutes: 10,
      stations: {},
    })
    expect(red.statusCode).toBe(400)
    expect(red.json().errors).toMatchObject({ redMinutes: 'Red must come after amber' })
  })

  it('switches to autopilot without rewinding an open order', async () => {
    const { order } = await dinerWithOrder(50)
    await advance(owner, order.id, 'preparing')
    await advance(owner, order.id, 'cooking')
    const res = await call(owner, 'PUT', `/api/restaurants/${own.restaurant.id}/kitchen/mode`, {
      mode: 'autopilot',
    })
    expect(res.statusCode).toBe(200)
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'plating', progress: 75 })
    // The engine's clock now says 75%: it continues from here instead of starting over.
    const elapsed = Date.now() - row!.kitchenStartedAt.getTime()
    expect(elapsed / app.config.kitchen.orderMs).toBeGreaterThan(0.7)
    expect(elapsed / app.config.kitchen.orderMs).toBeLessThan(0.8)
    await call(owner, 'PUT', `/api/restaurants/${own.restaurant.id}/kitchen/mode`, { mode: 'staffed' })
  })
})
