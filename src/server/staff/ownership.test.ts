import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live-messages'
import { restaurantStaff, restaurants, users } from '../db/schema'
import { createRestaurant } from '../orders/orders.fixtures'
import { connectViewer, createKitchenOrder, liveUrl } from '../realtime/live.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
afterAll(() => app.close())

/** A staffed restaurant with a grill, its owner, and members joined by invitation. */
async function team(name = 'Ana Owner') {
  const owner = await createUser(app)
  await app.db.update(users).set({ fullName: name }).where(eq(users.id, owner.user.id))
  const { restaurant } = await createRestaurant(app, { ownerId: owner.user.id, kitchenMode: 'staffed' })
  await app.db
    .update(restaurants)
    .set({ kitchenSettings: { amberMinutes: 8, redMinutes: 15, stations: { Mains: 'grill' } } })
    .where(eq(restaurants.id, restaurant.id))
  const join = async (role: 'manager' | 'expo' | 'cook', fullName: string) => {
    const member = await createUser(app)
    await app.db.update(users).set({ fullName }).where(eq(users.id, member.user.id))
    const invite = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/staff/invites`,
      headers: owner.headers,
      payload: { email: member.user.email, role, ...(role === 'cook' ? { stations: ['grill'] } : {}) },
    })
    const token = (invite.json().link as string).split('/join/')[1]
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/staff-invites/${token}/accept`,
      headers: member.headers,
    })
    expect(accepted.statusCode).toBe(200)
    return member
  }
  return { owner, restaurant, join }
}

const transfer = (restaurantId: number, by: TestUser | undefined, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/restaurants/${restaurantId}/owner`,
    headers: by?.headers ?? {},
    payload,
  })

const ownerIdOf = async (restaurantId: number) =>
  (await app.db.select().from(restaurants).where(eq(restaurants.id, restaurantId)))[0]!.ownerId

const staffRows = async (restaurantId: number) =>
  (
    await app.db
      .select({
        userId: restaurantStaff.userId,
        role: restaurantStaff.role,
        stations: restaurantStaff.stations,
      })
      .from(restaurantStaff)
      .where(eq(restaurantStaff.restaurantId, restaurantId))
  ).sort((a, b) => a.userId - b.userId)

describe('handing a restaurant to another owner', () => {
  it('makes a member the owner and the owner a manager, at once for their requests, consoles and the log', async () => {
    const { owner, restaurant, join } = await team('Ana Owner')
    const cook = await join('cook', 'Bea Grill')
    const url = liveUrl(app.server)
    const consoleOf = async (user: TestUser) => {
      const viewer = await connectViewer(url, { cookie: user.cookie })
      await viewer.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_access' || m.type === 'error',
      )
      return viewer
    }
    const ownerConsole = await consoleOf(owner)
    const cookConsole = await consoleOf(cook)

    const startedAt = Date.now()
    const res = await transfer(restaurant.id, owner, { userId: cook.user.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const members = res.json().members as Array<{ userId: number; role: string; stations: string[] }>
    expect(members.map((m) => [m.userId, m.role, m.stations])).toEqual([
      [cook.user.id, 'owner', []],
      [owner.user.id, 'manager', []],
    ])
    expect(await ownerIdOf(restaurant.id)).toBe(cook.user.id)
    // The new owner is no longer in the staff table; the old one is, as a manager.
    expect(await staffRows(restaurant.id)).toEqual([{ userId: owner.user.id, role: 'manager', stations: [] }])

    // Both open consoles are told within 2 s: one widened, one narrowed, neither closed.
    await cookConsole.waitFor((m) => m.type === 'kitchen_access' && m.role === 'owner', 2000)
    await ownerConsole.waitFor((m) => m.type === 'kitchen_access' && m.role === 'manager', 2000)
    expect(Date.now() - startedAt).toBeLessThan(2000)
    expect(ownerConsole.messages.some((m: ServerMessage) => m.type === 'kitchen_closed')).toBe(false)
    await ownerConsole.close()
    await cookConsole.close()

    // Their next requests: earnings are the new owner's alone; the old owner keeps a manager's work.
    const get = (path: string, as: TestUser) =>
      app.inject({ url: `/api/restaurants/${restaurant.id}${path}`, headers: as.headers })
    expect((await get('/earnings', owner)).statusCode).toBe(403)
    expect((await get('/earnings', cook)).statusCode).toBe(200)
    expect((await get('/staff', owner)).statusCode).toBe(200)
    expect((await get('/kitchen', owner)).json().access).toEqual({ role: 'manager', stations: [] })
    expect((await get('/kitchen', cook)).json().access).toEqual({ role: 'owner', stations: [] })
    const workplaces = async (as: TestUser) =>
      (await app.inject({ url: `/api/users/${as.user.id}/workplaces`, headers: as.headers })).json()
    expect(await workplaces(cook)).toEqual([
      { restaurantId: restaurant.id, restaurantName: restaurant.name, role: 'owner', stations: [] },
    ])
    expect(await workplaces(owner)).toEqual([
      { restaurantId: restaurant.id, restaurantName: restaurant.name, role: 'manager', stations: [] },
    ])

    // Who did it, in the log.
    const activity = (await get('/activity?limit=1', cook)).json()
    expect(activity.entries[0]).toMatchObject({
      action: 'ownership_transferred',
      summary: 'Made Bea Grill (cook) the owner; Ana Owner stays on as manager',
      actor: { name: 'Ana Owner', role: 'owner' },
    })

    // The old owner cannot take it back; the new one can hand it on, or remove them.
    const back = await transfer(restaurant.id, owner, { userId: owner.user.id })
    expect(back.statusCode).toBe(403)
    expect(back.json().code).toBe('staff.role_not_allowed')
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${restaurant.id}/staff/${owner.user.id}`,
      headers: cook.headers,
    })
    expect(removed.statusCode).toBe(204)
    expect((await get('/kitchen', owner)).statusCode).toBe(403)
  })

  it('refuses everyone but the owner, and any new owner who is not on the staff, each with its code, changing nothing', async () => {
    const { owner, restaurant, join } = await team()
    const manager = await join('manager', 'Max Manager')
    const expo = await join('expo', 'Eli Expo')
    const diner = await createUser(app)
    const otherOwner = (await team()).owner
    const before = await staffRows(restaurant.id)
    const refusals: Array<[TestUser | undefined, object, number, string]> = [
      [undefined, { userId: expo.user.id }, 401, 'auth.unauthorized'],
      [diner, { userId: expo.user.id }, 403, 'restaurants.not_owner'],
      [otherOwner, { userId: expo.user.id }, 403, 'restaurants.not_owner'],
      [manager, { userId: expo.user.id }, 403, 'staff.role_not_allowed'],
      [expo, { userId: expo.user.id }, 403, 'staff.role_not_allowed'],
      [owner, { userId: diner.user.id }, 409, 'staff.transfer_needs_member'],
      [owner, { userId: otherOwner.user.id }, 409, 'staff.transfer_needs_member'],
      [owner, { userId: 2_000_000_000 }, 409, 'staff.transfer_needs_member'],
      [owner, { userId: owner.user.id }, 409, 'staff.already_owner'],
      [owner, { userId: 'expo' }, 400, 'validation_failed'],
      [owner, {}, 400, 'validation_failed'],
    ]
    for (const [by, payload, status, code] of refusals) {
      const res = await transfer(restaurant.id, by, payload)
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code])
    }
    expect((await transfer(999_999, owner, { userId: expo.user.id })).statusCode).toBe(404)
    expect(await ownerIdOf(restaurant.id)).toBe(owner.user.id)
    expect(await staffRows(restaurant.id)).toEqual(before)
  })

  it('of two transfers at once to two members, exactly one happens', async () => {
    const { owner, restaurant, join } = await team()
    const first = await join('manager', 'First Manager')
    const second = await join('expo', 'Second Expo')
    const answers = await Promise.all([
      transfer(restaurant.id, owner, { userId: first.user.id }),
      transfer(restaurant.id, owner, { userId: second.user.id }),
    ])
    const won = answers.filter((a) => a.statusCode === 200)
    expect(won).toHaveLength(1)
    const lost = answers.find((a) => a.statusCode !== 200)!
    // Refused by the rule (already a manager) or, inside the transaction, by the lock.
    expect(['staff.role_not_allowed', 'staff.ownership_changed']).toContain(lost.json().code)
    const winner = answers[0]!.statusCode === 200 ? first : second
    const loser = winner === first ? second : first
    expect(await ownerIdOf(restaurant.id)).toBe(winner.user.id)
    const rows = await staffRows(restaurant.id)
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.user.id, loser.user.id].sort())
    expect(rows.find((r) => r.userId === owner.user.id)?.role).toBe('manager')
  })

  it('lets the new owner read the shouts of an order read before the transfer, and not the old owner once removed', async () => {
    const { owner, restaurant, join } = await team()
    const manager = await join('manager', 'Mia Manager')
    const diner = await createUser(app)
    const order = await createKitchenOrder(app.db, { userId: diner.user.id, restaurantId: restaurant.id })
    const shouts = (as: TestUser) =>
      app.inject({ url: `/api/orders/${order.id}/chef-shouts`, headers: as.headers })
    // Read once as owner and diner: the order's readers are now known to this instance.
    expect((await shouts(owner)).statusCode).toBe(200)
    expect((await shouts(diner)).statusCode).toBe(200)
    expect((await shouts(manager)).statusCode).toBe(404)

    expect((await transfer(restaurant.id, owner, { userId: manager.user.id })).statusCode).toBe(200)
    expect((await shouts(manager)).statusCode).toBe(200)
    await app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${restaurant.id}/staff/${owner.user.id}`,
      headers: manager.headers,
    })
    expect((await shouts(owner)).statusCode).toBe(404)
    expect((await shouts(diner)).statusCode).toBe(200)
    expect(
      await app.db
        .select()
        .from(restaurantStaff)
        .where(
          and(eq(restaurantStaff.restaurantId, restaurant.id), eq(restaurantStaff.userId, owner.user.id)),
        ),
    ).toEqual([])
  })
})
