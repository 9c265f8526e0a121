/**
 * The ownership-and-role matrix: every restaurant-scoped route and the live channel's kitchen
 * subscription, asked by each kind of caller, against the roles' table written out here from
 * the product's rules (not read from the code under test). Each allowed call must succeed and
 * every other must be refused (401, 403 or 404): no unexpected 2xx.
 */

import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { chefShouts, menuItems, menuOptions, orders } from '../db/schema'
import { connectViewer, createKitchenOrder, liveUrl } from '../realtime/live.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { startMarketplace } from '../testing/marketplace-fake'

// A delivery platform's receiver on 127.0.0.1, told of each accept and deny.
const market = await startMarketplace()
const app = await buildTestApp({ config: { outbound: { allowPrivateHosts: true } } })
await app.listen({ port: 0, host: '127.0.0.1' })
afterAll(async () => {
  await app.close()
  await market.close()
})

type Persona =
  | 'anonymous'
  | 'diner'
  | 'other_owner'
  | 'owner'
  | 'manager'
  | 'expo'
  | 'cook_own_station'
  | 'cook_other_station'
  | 'removed_member'
const PERSONAS: Persona[] = [
  'anonymous',
  'diner',
  'other_owner',
  'owner',
  'manager',
  'expo',
  'cook_own_station',
  'cook_other_station',
  'removed_member',
]

/** The product's table, per row: who may. A cook's station rows say which cook. */
const TEAM: Persona[] = ['owner', 'manager', 'expo', 'cook_own_station', 'cook_other_station']
const ALLOWED = {
  kitchen: TEAM,
  stationBump: ['owner', 'manager', 'expo', 'cook_own_station'],
  pass: ['owner', 'manager', 'expo'],
  availability: TEAM,
  menu: ['owner', 'manager'],
  restaurant: ['owner', 'manager'],
  integrations: ['owner', 'manager'],
  staffCooks: ['owner', 'manager'],
  staffManagers: ['owner'],
  insights: ['owner', 'manager'],
  activity: ['owner', 'manager'],
  earnings: ['owner'],
  ownership: ['owner'],
  orderEvents: TEAM,
} satisfies Record<string, Persona[]>

// The restaurant: a grill and a salad station.
const owner = await createUser(app, { balance: 100 })
const otherOwner = await createUser(app)
const diner = await createUser(app)
const customer = await createUser(app, { balance: 500 })
const created = await app.inject({
  method: 'POST',
  url: '/api/restaurants',
  headers: owner.headers,
  payload: {
    name: 'Matrix Grill',
    description: 'Where every role is asked every question.',
    cuisine: 'American',
    address: '500 Congress Ave, Austin',
    priceRange: '$$',
    latitude: 30.268,
    longitude: -97.743,
  },
})
expect(created.statusCode).toBe(201)
const restaurantId: number = created.json().id
await app.inject({
  method: 'POST',
  url: '/api/restaurants',
  headers: otherOwner.headers,
  payload: {
    name: 'Other Place',
    description: 'Someone else’s restaurant.',
    cuisine: 'Thai',
    address: '600 Congress Ave, Austin',
    priceRange: '$',
    latitude: 30.269,
    longitude: -97.742,
  },
})
const dish = async (name: string, category: string, extra: object = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/menu`,
    headers: owner.headers,
    payload: {
      name,
      description: `${name}, made to order.`,
      price: 12,
      category,
      ingredients: ['salt'],
      ...extra,
    },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as {
    id: number
    name: string
    optionGroups: Array<{ options: Array<{ id: number }> }>
  }
}
const burger = await dish('Smash Burger', 'Grill', {
  optionGroups: [{ name: 'Cheese', max: 1, options: [{ name: 'Cheddar' }, { name: 'Blue' }] }],
})
const cheddar = burger.optionGroups[0]!.options[0]!.id
const salad = await dish('Green Salad', 'Salads')
// A Grubhub integration (the generic scheme): its orders wait in the kitchen for accept or deny.
const integration = await app.inject({
  method: 'POST',
  url: `/api/restaurants/${restaurantId}/delivery-integrations`,
  headers: owner.headers,
  payload: {
    platform: 'grubhub',
    apiKey: 'grubhub-key-000000001',
    merchantId: 'gh-matrix',
    webhookUrl: `${market.url}/generic/grubhub`,
  },
})
expect(integration.statusCode, integration.body).toBe(201)
const integrationId: number = integration.json().id
const settings = { amberMinutes: 8, redMinutes: 15, stations: { Grill: 'grill', Salads: 'salad' } }
expect(
  (
    await app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurantId}/kitchen/settings`,
      headers: owner.headers,
      payload: settings,
    })
  ).statusCode,
).toBe(200)

/** Invites and accepts, as the product does. */
async function join(role: 'manager' | 'expo' | 'cook', stations: string[] = []) {
  const member = await createUser(app)
  const invite = await app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/staff/invites`,
    headers: owner.headers,
    payload: { email: member.user.email, role, stations },
  })
  expect(invite.statusCode).toBe(201)
  const token = (invite.json().link as string).split('/join/')[1]
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/staff-invites/${token}/accept`,
    headers: member.headers,
  })
  expect(accepted.statusCode).toBe(200)
  return member
}
const manager = await join('manager')
const expo = await join('expo')
const cook = await join('cook', ['grill'])
const removed = await join('cook', ['grill'])
expect(
  (
    await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${restaurantId}/staff/${removed.user.id}`,
      headers: owner.headers,
    })
  ).statusCode,
).toBe(204)

const users: Record<Persona, TestUser | undefined> = {
  anonymous: undefined,
  diner,
  other_owner: otherOwner,
  owner,
  manager,
  expo,
  cook_own_station: cook,
  cook_other_station: cook,
  removed_member: removed,
}

/** A fresh ticket for each call: grill only for the cook on their own station, salad otherwise. */
async function ticketFor(persona: Persona, status = 'preparing') {
  const item = persona === 'cook_other_station' ? salad : burger
  return createKitchenOrder(app.db, {
    userId: customer.user.id,
    restaurantId,
    items: [{ id: item.id, name: item.name, priceCents: 1200 }],
    status,
  })
}

/** A fresh platform order waiting for the kitchen's accept or deny. */
async function platformOrder() {
  const order = await createKitchenOrder(app.db, {
    userId: customer.user.id,
    restaurantId,
    items: [{ id: burger.id, name: burger.name, priceCents: 1200 }],
    status: 'received',
  })
  await app.db
    .update(orders)
    .set({
      integrationId,
      externalId: `gh-${order.id}`,
      source: 'grubhub',
      acceptBy: new Date(Date.now() + 600_000),
    })
    .where(eq(orders.id, order.id))
  return order
}

interface Case {
  name: string
  allowed: Persona[]
  call(persona: Persona, headers: Record<string, string>): Promise<LightMyRequestResponse>
}

const inject = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) })
const r = `/api/restaurants/${restaurantId}`

const CASES: Case[] = [
  { name: 'GET kitchen', allowed: ALLOWED.kitchen, call: (_, h) => inject('GET', `${r}/kitchen`, h) },
  {
    name: 'PUT kitchen mode',
    allowed: ALLOWED.pass,
    call: (_, h) => inject('PUT', `${r}/kitchen/mode`, h, { mode: 'staffed' }),
  },
  {
    name: 'PUT pause orders',
    allowed: ALLOWED.pass,
    call: (_, h) => inject('PUT', `${r}/pause`, h, { minutes: null }),
  },
  {
    name: 'PUT kitchen settings',
    allowed: ALLOWED.restaurant,
    call: (_, h) => inject('PUT', `${r}/kitchen/settings`, h, settings),
  },
  {
    name: 'POST order advance (bump)',
    allowed: ALLOWED.stationBump,
    call: async (p, h) =>
      inject('POST', `/api/orders/${(await ticketFor(p)).id}/advance`, h, { from: 'preparing' }),
  },
  {
    name: 'POST order recall',
    allowed: ALLOWED.stationBump,
    call: async (p, h) => {
      const order = await ticketFor(p)
      // Two bumps by the owner: the recall takes the last one back to the first.
      for (const from of ['preparing', 'cooking']) {
        const bumped = await inject('POST', `/api/orders/${order.id}/advance`, owner.headers, { from })
        expect(bumped.statusCode).toBe(200)
      }
      return inject('POST', `/api/orders/${order.id}/recall`, h)
    },
  },
  {
    name: 'PUT order line (station bump)',
    allowed: ALLOWED.stationBump,
    call: async (p, h) => inject('PUT', `/api/orders/${(await ticketFor(p)).id}/lines/0`, h, { done: true }),
  },
  {
    name: 'PUT chef shout status',
    allowed: ALLOWED.kitchen,
    call: async (p, h) => {
      const order = await ticketFor(p, 'cooking')
      const [shout] = await app.db
        .insert(chefShouts)
        .values({
          orderId: order.id,
          userId: customer.user.id,
          shoutType: 'yes_chef',
          shoutName: 'Yes chef',
          priceCents: 0,
        })
        .returning()
      return inject('PUT', `/api/chef-shouts/${shout!.id}/status`, h, { status: 'acknowledged' })
    },
  },
  {
    name: 'POST order cancel (kitchen)',
    allowed: ALLOWED.pass,
    call: async (p, h) =>
      inject('POST', `/api/orders/${(await ticketFor(p, 'cooking')).id}/cancel`, h, {
        reason: 'out_of_stock',
      }),
  },
  {
    name: 'POST platform order accept',
    allowed: ALLOWED.pass,
    call: async (_, h) => inject('POST', `/api/orders/${(await platformOrder()).id}/accept`, h),
  },
  {
    name: 'POST platform order deny',
    allowed: ALLOWED.pass,
    call: async (_, h) =>
      inject('POST', `/api/orders/${(await platformOrder()).id}/deny`, h, { reason: 'Out of buns' }),
  },
  {
    name: 'GET order events',
    allowed: ALLOWED.orderEvents,
    call: async (p, h) => inject('GET', `/api/orders/${(await ticketFor(p)).id}/events`, h),
  },
  {
    name: 'POST menu item',
    allowed: ALLOWED.menu,
    call: (_, h) =>
      inject('POST', `${r}/menu`, h, {
        name: 'Special',
        description: 'Today only, while it lasts.',
        price: 9,
        category: 'Grill',
        ingredients: ['salt'],
      }),
  },
  {
    name: 'PATCH menu item (edit)',
    allowed: ALLOWED.menu,
    call: (_, h) => inject('PATCH', `/api/menu-items/${burger.id}`, h, { price: 13 }),
  },
  {
    name: 'PATCH menu item (86 / availability)',
    allowed: ALLOWED.availability,
    call: async (_, h) => {
      await app.db.update(menuItems).set({ isAvailable: true }).where(eq(menuItems.id, salad.id))
      return inject('PATCH', `/api/menu-items/${salad.id}`, h, { isAvailable: false })
    },
  },
  {
    name: 'PATCH menu option (86 / availability)',
    allowed: ALLOWED.availability,
    call: async (_, h) => {
      await app.db.update(menuOptions).set({ isAvailable: true }).where(eq(menuOptions.id, cheddar))
      return inject('PATCH', `/api/menu-options/${cheddar}`, h, { isAvailable: false })
    },
  },
  {
    name: 'DELETE menu item',
    allowed: ALLOWED.menu,
    call: async (_, h) => {
      const [row] = await app.db
        .insert(menuItems)
        .values({
          restaurantId,
          name: 'Doomed',
          description: 'Will go.',
          priceCents: 100,
          category: 'Grill',
          ingredients: ['x'],
        })
        .returning()
      const res = await inject('DELETE', `/api/menu-items/${row!.id}`, h)
      await app.db.delete(menuItems).where(eq(menuItems.id, row!.id))
      return res
    },
  },
  {
    name: 'PUT menu order',
    allowed: ALLOWED.menu,
    call: async (_, h) => {
      const rows = await app.db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurantId))
      const groups = new Map<string, number[]>()
      for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), row.id])
      return inject(
        'PUT',
        `${r}/menu/order`,
        h,
        [...groups].map(([category, itemIds]) => ({ category, itemIds })),
      )
    },
  },
  {
    name: 'PATCH restaurant profile',
    allowed: ALLOWED.restaurant,
    call: (_, h) =>
      inject('PATCH', r, h, { description: 'Where every role is asked every question, again.' }),
  },
  {
    name: 'GET cameras incl. inactive',
    allowed: ALLOWED.restaurant,
    call: (_, h) => inject('GET', `${r}/cameras?include=inactive`, h),
  },
  {
    name: 'POST camera',
    allowed: ALLOWED.restaurant,
    call: (_, h) =>
      inject('POST', '/api/cameras', h, {
        restaurantId,
        name: 'Pass cam',
        position: 'main',
        streamUrl: 'https://cams.example.com/pass/index.m3u8',
      }),
  },
  { name: 'GET devices', allowed: ALLOWED.restaurant, call: (_, h) => inject('GET', `${r}/devices`, h) },
  {
    name: 'POST device',
    allowed: ALLOWED.restaurant,
    call: (_, h) => inject('POST', `${r}/devices`, h, { name: 'Flat top', kind: 'grill' }),
  },
  {
    name: 'GET delivery integrations',
    allowed: ALLOWED.integrations,
    call: (_, h) => inject('GET', `${r}/delivery-integrations`, h),
  },
  { name: 'GET insights', allowed: ALLOWED.insights, call: (_, h) => inject('GET', `${r}/insights`, h) },
  { name: 'GET earnings', allowed: ALLOWED.earnings, call: (_, h) => inject('GET', `${r}/earnings`, h) },
  { name: 'GET payouts', allowed: ALLOWED.earnings, call: (_, h) => inject('GET', `${r}/payouts`, h) },
  {
    name: 'GET payout account',
    allowed: ALLOWED.earnings,
    call: (_, h) => inject('GET', `${r}/payout-account`, h),
  },
  { name: 'GET staff', allowed: ALLOWED.staffCooks, call: (_, h) => inject('GET', `${r}/staff`, h) },
  {
    name: 'POST invite (cook)',
    allowed: ALLOWED.staffCooks,
    call: (p, h) =>
      inject('POST', `${r}/staff/invites`, h, {
        email: `cook-${p}-${Date.now()}@example.com`,
        role: 'cook',
        stations: ['salad'],
      }),
  },
  {
    name: 'POST invite (manager)',
    allowed: ALLOWED.staffManagers,
    call: (p, h) =>
      inject('POST', `${r}/staff/invites`, h, {
        email: `mgr-${p}-${Date.now()}@example.com`,
        role: 'manager',
      }),
  },
  {
    name: 'DELETE invite',
    allowed: ALLOWED.staffCooks,
    call: async (p, h) => {
      const made = await inject('POST', `${r}/staff/invites`, owner.headers, {
        email: `revoke-${p}-${Date.now()}@example.com`,
        role: 'expo',
      })
      return inject('DELETE', `${r}/staff/invites/${made.json().invite.id}`, h)
    },
  },
  {
    name: 'PATCH staff member (cook stations)',
    allowed: ALLOWED.staffCooks,
    call: (_, h) => inject('PATCH', `${r}/staff/${cook.user.id}`, h, { stations: ['grill'] }),
  },
  {
    name: 'DELETE staff member (expo)',
    allowed: ALLOWED.staffCooks,
    call: async (_, h) => {
      const extra = await join('expo')
      return inject('DELETE', `${r}/staff/${extra.user.id}`, h)
    },
  },
  { name: 'GET activity', allowed: ALLOWED.activity, call: (_, h) => inject('GET', `${r}/activity`, h) },
  {
    name: 'PUT owner (transfer ownership)',
    allowed: ALLOWED.ownership,
    call: async (p, h) => {
      if (p !== 'owner') return inject('PUT', `${r}/owner`, h, { userId: expo.user.id })
      // The owner hands it to a new member, who hands it back; the matrix's owner stays its owner.
      const heir = await join('expo')
      const res = await inject('PUT', `${r}/owner`, h, { userId: heir.user.id })
      expect((await inject('PUT', `${r}/owner`, heir.headers, { userId: owner.user.id })).statusCode).toBe(
        200,
      )
      expect((await inject('DELETE', `${r}/staff/${heir.user.id}`, owner.headers)).statusCode).toBe(204)
      return res
    },
  },
]

const tally = { calls: 0, allowed: 0, refused: 0, unexpected: [] as string[] }

describe('the ownership-and-role matrix', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.allowed.join(', ')} and no one else`, async () => {
      for (const persona of PERSONAS) {
        const user = users[persona]
        const res = await c.call(persona, user?.headers ?? {})
        tally.calls++
        const ok = res.statusCode >= 200 && res.statusCode < 300
        const want = c.allowed.includes(persona)
        if (ok && want) tally.allowed++
        if (!ok && !want) tally.refused++
        if (ok !== want)
          tally.unexpected.push(`${c.name} as ${persona}: ${res.statusCode} ${res.body.slice(0, 120)}`)
        if (!want) expect([401, 403, 404], `${c.name} as ${persona}`).toContain(res.statusCode)
        if (persona === 'anonymous') expect(res.statusCode).toBe(401)
      }
      expect(tally.unexpected.filter((u) => u.startsWith(`${c.name} as`))).toEqual([])
    })
  }

  it('the live channel: only the team subscribes to the kitchen', async () => {
    const url = liveUrl(app.server)
    for (const persona of PERSONAS) {
      const user = users[persona]
      const viewer = await connectViewer(url, user ? { cookie: user.cookie } : {})
      const answer = await viewer.request<ServerMessage>(
        { type: 'subscribe_kitchen', restaurantId },
        (m) => m.type === 'kitchen_subscribed' || m.type === 'error',
      )
      await viewer.close()
      tally.calls++
      const ok = answer.type === 'kitchen_subscribed'
      const want = ALLOWED.kitchen.includes(persona)
      if (ok && want) tally.allowed++
      if (!ok && !want) tally.refused++
      if (ok !== want) tally.unexpected.push(`subscribe_kitchen as ${persona}: ${answer.type}`)
    }
    expect(tally.unexpected).toEqual([])
  })

  it('counts every call: each route and message asked by each of the nine callers', () => {
    expect(tally.calls).toBe((CASES.length + 1) * PERSONAS.length)
    expect(tally.allowed + tally.refused).toBe(tally.calls)
    expect(tally.unexpected).toEqual([])
    console.info(
      `role matrix: ${CASES.length} routes + 1 live message × ${PERSONAS.length} callers = ${tally.calls} calls; ${tally.allowed} allowed, ${tally.refused} refused, ${tally.unexpected.length} unexpected`,
    )
  })
})
