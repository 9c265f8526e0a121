import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { restaurantStaff, restaurants, staffInvites, users } from '../db/schema'
import { createRestaurant } from '../orders/orders.fixtures'
import { connectViewer, createKitchenOrder, liveUrl } from '../realtime/live.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
afterAll(() => app.close())

async function restaurantOf(owner: TestUser) {
  const { restaurant, items } = await createRestaurant(app, {
    ownerId: owner.user.id,
    kitchenMode: 'staffed',
  })
  await app.db
    .update(restaurants)
    .set({ kitchenSettings: { amberMinutes: 8, redMinutes: 15, stations: { Mains: 'grill' } } })
    .where(eq(restaurants.id, restaurant.id))
  return { restaurant, items }
}

const invite = (owner: TestUser, restaurantId: number, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/staff/invites`,
    headers: owner.headers,
    payload,
  })
const tokenOf = (link: string) => link.split('/join/')[1]!
const accept = (user: TestUser, token: string) =>
  app.inject({ method: 'POST', url: `/api/staff-invites/${token}/accept`, headers: user.headers })

describe('invitations', () => {
  it('gives a single-use link shown once and stored hashed; accepting makes the user staff with the role', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const res = await invite(owner, restaurant.id, {
      email: 'Line.Cook@Example.com',
      role: 'cook',
      stations: ['Grill'],
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.invite).toMatchObject({ email: 'line.cook@example.com', role: 'cook', stations: ['grill'] })
    expect(new Date(body.invite.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    const token = tokenOf(body.link)
    expect(token.length).toBeGreaterThanOrEqual(40)
    const [stored] = await app.db.select().from(staffInvites).where(eq(staffInvites.id, body.invite.id))
    expect(stored!.tokenHash).not.toContain(token)
    expect(JSON.stringify(stored)).not.toContain(token)
    // The list never shows the token again.
    const list = await app.inject({ url: `/api/restaurants/${restaurant.id}/staff`, headers: owner.headers })
    expect(list.body).not.toContain(token)
    expect(list.json().invites).toHaveLength(1)

    const preview = await app.inject({ url: `/api/staff-invites/${token}` })
    expect(preview.json()).toMatchObject({ restaurantId: restaurant.id, role: 'cook', stations: ['grill'] })

    const cook = await createUser(app)
    const ok = await accept(cook, token)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ restaurantId: restaurant.id, role: 'cook', stations: ['grill'] })
    const kitchen = await app.inject({
      url: `/api/restaurants/${restaurant.id}/kitchen`,
      headers: cook.headers,
    })
    expect(kitchen.statusCode).toBe(200)
    expect(kitchen.json().access).toEqual({ role: 'cook', stations: ['grill'] })
    const workplaces = await app.inject({
      url: `/api/users/${cook.user.id}/workplaces`,
      headers: cook.headers,
    })
    expect(workplaces.json()).toEqual([
      { restaurantId: restaurant.id, restaurantName: restaurant.name, role: 'cook', stations: ['grill'] },
    ])
  })

  it('refuses a used link with 410 JSON, and a second pending invite to the same address with 409', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const first = await invite(owner, restaurant.id, { email: 'twice@example.com', role: 'expo' })
    expect(
      (await invite(owner, restaurant.id, { email: 'TWICE@example.com', role: 'cook', stations: ['grill'] }))
        .statusCode,
    ).toBe(409)
    const token = tokenOf(first.json().link)
    expect((await accept(await createUser(app), token)).statusCode).toBe(200)
    const again = await accept(await createUser(app), token)
    expect(again.statusCode).toBe(410)
    expect(again.json().message).toMatch(/already been used/)
    expect((await app.inject({ url: `/api/staff-invites/${token}` })).statusCode).toBe(410)
  })

  it('refuses an expired link with 410 and lets a new invite replace it', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const res = await invite(owner, restaurant.id, { email: 'late@example.com', role: 'expo' })
    await app.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.id, res.json().invite.id))
    const late = await createUser(app)
    const refused = await accept(late, tokenOf(res.json().link))
    expect(refused.statusCode).toBe(410)
    expect(refused.json().message).toMatch(/expired/)
    const kitchen = await app.inject({
      url: `/api/restaurants/${restaurant.id}/kitchen`,
      headers: late.headers,
    })
    expect(kitchen.statusCode).toBe(403)
    expect((await invite(owner, restaurant.id, { email: 'late@example.com', role: 'expo' })).statusCode).toBe(
      201,
    )
  })

  it('refuses a revoked link with 410; revoking through another restaurant finds nothing', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const otherOwner = await createUser(app)
    const other = await restaurantOf(otherOwner)
    const res = await invite(owner, restaurant.id, { email: 'gone@example.com', role: 'manager' })
    const inviteId = res.json().invite.id
    // The other restaurant's owner may not revoke it through their own restaurant's path.
    const wrong = await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${other.restaurant.id}/staff/invites/${inviteId}`,
      headers: otherOwner.headers,
    })
    expect(wrong.statusCode).toBe(404)
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${restaurant.id}/staff/invites/${inviteId}`,
      headers: owner.headers,
    })
    expect(revoked.statusCode).toBe(204)
    const refused = await accept(await createUser(app), tokenOf(res.json().link))
    expect(refused.statusCode).toBe(410)
    expect(refused.json().message).toMatch(/revoked/)
  })

  it("gives access to the invitation's restaurant only, never another", async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const other = await restaurantOf(await createUser(app))
    const res = await invite(owner, restaurant.id, { email: 'one@example.com', role: 'manager' })
    const manager = await createUser(app)
    expect((await accept(manager, tokenOf(res.json().link))).statusCode).toBe(200)
    expect(
      (await app.inject({ url: `/api/restaurants/${restaurant.id}/kitchen`, headers: manager.headers }))
        .statusCode,
    ).toBe(200)
    expect(
      (await app.inject({ url: `/api/restaurants/${other.restaurant.id}/kitchen`, headers: manager.headers }))
        .statusCode,
    ).toBe(403)
    expect(
      (await app.inject({ url: `/api/restaurants/${other.restaurant.id}/staff`, headers: manager.headers }))
        .statusCode,
    ).toBe(403)
  })

  it('of concurrent accepts of one token, exactly one wins', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const res = await invite(owner, restaurant.id, { email: 'race@example.com', role: 'expo' })
    const token = tokenOf(res.json().link)
    const racers = await Promise.all(Array.from({ length: 6 }, () => createUser(app)))
    const answers = await Promise.all(racers.map((u) => accept(u, token)))
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes).toEqual([200, 410, 410, 410, 410, 410])
    const staff = await app.db
      .select()
      .from(restaurantStaff)
      .where(eq(restaurantStaff.restaurantId, restaurant.id))
    expect(staff).toHaveLength(1)
  })

  it('refuses a cook without stations or with a station the kitchen does not have, and the owner accepting their own link', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    expect((await invite(owner, restaurant.id, { email: 'a@example.com', role: 'cook' })).statusCode).toBe(
      400,
    )
    const unknown = await invite(owner, restaurant.id, {
      email: 'a@example.com',
      role: 'cook',
      stations: ['pastry'],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.stations).toMatch(/pastry/)
    expect((await invite(owner, restaurant.id, { email: 'a@example.com', role: 'owner' })).statusCode).toBe(
      400,
    )
    const mine = await invite(owner, restaurant.id, { email: 'me@example.com', role: 'manager' })
    expect((await accept(owner, tokenOf(mine.json().link))).statusCode).toBe(409)
    // The failed accept left the link unused.
    expect((await app.inject({ url: `/api/staff-invites/${tokenOf(mine.json().link)}` })).statusCode).toBe(
      200,
    )
  })
})

describe('staff', () => {
  it('lets a manager handle expo and cooks but not managers or the owner, and nobody grant above their role', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const join = async (role: string, stations?: string[]) => {
      const user = await createUser(app)
      const res = await invite(owner, restaurant.id, { email: user.user.email, role, stations })
      expect((await accept(user, tokenOf(res.json().link))).statusCode).toBe(200)
      return user
    }
    const manager = await join('manager')
    const manager2 = await join('manager')
    const cook = await join('cook', ['grill'])
    const url = (userId: number) => `/api/restaurants/${restaurant.id}/staff/${userId}`
    const patch = (by: TestUser, userId: number, payload: object) =>
      app.inject({ method: 'PATCH', url: url(userId), headers: by.headers, payload })
    expect((await patch(manager, cook.user.id, { role: 'expo' })).json()).toMatchObject({
      role: 'expo',
      stations: [],
    })
    expect((await patch(manager, cook.user.id, { role: 'manager' })).statusCode).toBe(403)
    expect((await patch(manager, manager2.user.id, { role: 'expo' })).statusCode).toBe(403)
    expect(
      (await invite(manager, restaurant.id, { email: 'm3@example.com', role: 'manager' })).statusCode,
    ).toBe(403)
    expect((await patch(manager, owner.user.id, { role: 'expo' })).statusCode).toBe(409)
    expect((await patch(owner, owner.user.id, { role: 'expo' })).statusCode).toBe(409)
    const removeOwner = await app.inject({
      method: 'DELETE',
      url: url(owner.user.id),
      headers: manager.headers,
    })
    expect(removeOwner.statusCode).toBe(409)
    expect((await patch(owner, manager2.user.id, { role: 'cook' })).statusCode).toBe(400)
    expect(
      (await patch(owner, manager2.user.id, { role: 'cook', stations: ['grill'] })).json(),
    ).toMatchObject({
      role: 'cook',
      stations: ['grill'],
    })
  })

  it('refuses a removed member’s next request and closes their kitchen console on the live channel within 2 s', async () => {
    const owner = await createUser(app)
    const { restaurant } = await restaurantOf(owner)
    const cook = await createUser(app)
    const res = await invite(owner, restaurant.id, {
      email: cook.user.email,
      role: 'cook',
      stations: ['grill'],
    })
    await accept(cook, tokenOf(res.json().link))
    const viewer = await connectViewer(liveUrl(app.server), { cookie: cook.cookie })
    const access = await viewer.request<Extract<ServerMessage, { type: 'kitchen_access' }>>(
      { type: 'subscribe_kitchen', restaurantId: restaurant.id },
      (m) => m.type === 'kitchen_access' || m.type === 'error',
    )
    expect(access).toMatchObject({ type: 'kitchen_access', role: 'cook', stations: ['grill'] })

    // Made expo: the console is told, and is not closed.
    await app.inject({
      method: 'PATCH',
      url: `/api/restaurants/${restaurant.id}/staff/${cook.user.id}`,
      headers: owner.headers,
      payload: { role: 'expo' },
    })
    await viewer.waitFor((m) => m.type === 'kitchen_access' && m.role === 'expo', 2000)

    const removedAt = Date.now()
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${restaurant.id}/staff/${cook.user.id}`,
      headers: owner.headers,
    })
    expect(removed.statusCode).toBe(204)
    await viewer.waitFor((m) => m.type === 'kitchen_closed' && m.restaurantId === restaurant.id, 2000)
    expect(Date.now() - removedAt).toBeLessThan(2000)
    expect(
      (await app.inject({ url: `/api/restaurants/${restaurant.id}/kitchen`, headers: cook.headers }))
        .statusCode,
    ).toBe(403)
    // No more of the kitchen's tickets reach the closed console.
    const diner = await createUser(app)
    const order = await createKitchenOrder(app.db, { userId: diner.user.id, restaurantId: restaurant.id })
    await app.kitchen.ticketChanged(order.id)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(viewer.messages.some((m) => m.type === 'kitchen_order' && m.order.id === order.id)).toBe(false)
    await viewer.close()
  })
})

describe('workplaces (the kitchen chooser)', () => {
  it('lists every restaurant where the user works, owned ones first, each with the role and stations there; a removed place goes at once', async () => {
    const me = await createUser(app)
    const mine = await restaurantOf(me)
    const grillOwner = await createUser(app)
    const grill = await restaurantOf(grillOwner)
    const bistroOwner = await createUser(app)
    const bistro = await restaurantOf(bistroOwner)
    for (const [owner, restaurantId, payload] of [
      [grillOwner, grill.restaurant.id, { role: 'cook', stations: ['grill'] }],
      [bistroOwner, bistro.restaurant.id, { role: 'manager' }],
    ] as const) {
      const res = await invite(owner, restaurantId, { email: me.user.email, ...payload })
      expect((await accept(me, tokenOf(res.json().link))).statusCode).toBe(200)
    }
    const read = (as: TestUser) =>
      app.inject({ url: `/api/users/${me.user.id}/workplaces`, headers: as.headers })
    const listed = await read(me)
    expect(listed.statusCode).toBe(200)
    expect(listed.headers['cache-control']).toBe('private, no-store')
    expect(listed.json()).toEqual([
      { restaurantId: mine.restaurant.id, restaurantName: mine.restaurant.name, role: 'owner', stations: [] },
      {
        restaurantId: grill.restaurant.id,
        restaurantName: grill.restaurant.name,
        role: 'cook',
        stations: ['grill'],
      },
      {
        restaurantId: bistro.restaurant.id,
        restaurantName: bistro.restaurant.name,
        role: 'manager',
        stations: [],
      },
    ])
    // Someone else's list is theirs alone.
    expect((await read(grillOwner)).statusCode).toBe(403)

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${grill.restaurant.id}/staff/${me.user.id}`,
      headers: grillOwner.headers,
    })
    expect(removed.statusCode).toBe(204)
    expect((await read(me)).json().map((w: { restaurantId: number }) => w.restaurantId)).toEqual([
      mine.restaurant.id,
      bistro.restaurant.id,
    ])
  })
})

describe('who did what', () => {
  it('shows the staff member’s name and role in the events to the restaurant, nothing about staff to the diner, and logs it', async () => {
    const owner = await createUser(app)
    const { restaurant, items } = await restaurantOf(owner)
    const cook = await createUser(app)
    await app.db.update(users).set({ fullName: 'Rosa Grill' }).where(eq(users.id, cook.user.id))
    const res = await invite(owner, restaurant.id, {
      email: cook.user.email,
      role: 'cook',
      stations: ['grill'],
    })
    await accept(cook, tokenOf(res.json().link))
    const diner = await createUser(app)
    const order = await createKitchenOrder(app.db, {
      userId: diner.user.id,
      restaurantId: restaurant.id,
      items: [{ id: items[0]!.id, name: items[0]!.name, priceCents: items[0]!.priceCents }],
    })
    const bump = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/advance`,
      headers: cook.headers,
      payload: { from: 'preparing' },
    })
    expect(bump.statusCode).toBe(200)
    const forTeam = await app.inject({ url: `/api/orders/${order.id}/events`, headers: owner.headers })
    expect(forTeam.json().at(-1)).toMatchObject({
      status: 'cooking',
      by: { name: 'Rosa Grill', role: 'cook' },
    })
    const forDiner = await app.inject({ url: `/api/orders/${order.id}/events`, headers: diner.headers })
    expect(forDiner.statusCode).toBe(200)
    expect(forDiner.body).not.toContain('Rosa')
    expect(forDiner.json().every((e: object) => !('by' in e))).toBe(true)

    const activity = await app.inject({
      url: `/api/restaurants/${restaurant.id}/activity?limit=2`,
      headers: owner.headers,
    })
    expect(activity.statusCode).toBe(200)
    const page = activity.json()
    expect(page.entries[0]).toMatchObject({
      action: 'bump',
      orderId: order.id,
      actor: { name: 'Rosa Grill', role: 'cook' },
    })
    expect(page.entries).toHaveLength(2)
    expect(page.nextBefore).toBe(page.entries[1].id)
    const next = await app.inject({
      url: `/api/restaurants/${restaurant.id}/activity?limit=2&before=${page.nextBefore}`,
      headers: owner.headers,
    })
    expect(next.json().entries.every((e: { id: number }) => e.id < page.nextBefore)).toBe(true)
  })
})
