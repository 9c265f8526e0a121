import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../server/db/client'
import {
  cameras,
  chefShouts,
  menuItems,
  menuOptionGroups,
  orderEvents,
  orders,
  restaurants,
  telemetry,
  userAllergenProfiles,
  users,
  walletTransactions,
} from '../server/db/schema'
import { balanceCents, buildTestApp } from '../server/testing/build-test-app'
import { openTestDatabase } from '../server/testing/test-database'
import { ALLERGEN_IDS, DELIVERY_FEE_CENTS, isActiveStatus } from '../shared/constants'
import type { OrderLine } from '../shared/order-lines'
import type { MenuItem } from '../shared/schemas/restaurants'
import { seedDemo } from './seed'

const app = await buildTestApp()

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  const counts: Record<string, number> = {}
  for (const { table_name } of rows) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    )
    counts[table_name] = result.rows[0]!.n
  }
  return counts
}

describe('the demo seed', () => {
  it('marks its restaurants as the demo world, and the API says so', async () => {
    const seeded = await app.db.select({ id: restaurants.id, isDemo: restaurants.isDemo }).from(restaurants)
    expect(seeded.length).toBeGreaterThan(0)
    expect(seeded.every((r) => r.isDemo)).toBe(true)
    const read = await app.inject({ url: `/api/restaurants/${seeded[0]!.id}` })
    expect(read.json().isDemo).toBe(true)
  })

  it('gives every order a history: received at its creation, then each step it reached, in time order', async () => {
    const all = await app.db.select().from(orders).orderBy(asc(orders.id))
    const events = await app.db.select().from(orderEvents).orderBy(asc(orderEvents.at), asc(orderEvents.id))
    const steps = ['preparing', 'cooking', 'plating', 'delivering', 'completed']
    for (const order of all) {
      const mine = events.filter((e) => e.orderId === order.id)
      const label = `order ${order.id} (${order.status})`
      expect(mine[0], label).toMatchObject({ status: 'preparing', at: order.createdAt })
      expect(mine.at(-1)?.status, label).toBe(order.status)
      if (order.status !== 'cancelled')
        expect(
          mine.map((e) => e.status),
          label,
        ).toEqual(steps.slice(0, steps.indexOf(order.status) + 1))
      for (const e of mine) expect(e.at.getTime(), label).toBeLessThanOrEqual(Date.now())
    }
    const cancelled = all.find((o) => o.status === 'cancelled')!
    expect(events.filter((e) => e.orderId === cancelled.id).map((e) => [e.status, e.actor])).toEqual([
      ['preparing', 'diner'],
      ['cancelled', 'diner'],
    ])
    // Cancelled as the app cancels: when (its history's time), why, and its refund in full, so
    // My Orders says "Cancelled at …, $… refunded" as it does for a real one.
    const cancelledEvent = events.find((e) => e.orderId === cancelled.id && e.status === 'cancelled')!
    expect(cancelled).toMatchObject({
      cancelledAt: cancelledEvent.at,
      cancelReason: 'diner_request',
      refundCents: cancelled.totalPriceCents,
    })
  })

  it('lets the demo diner sign in as user 1 with a $50.00 wallet', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo', password: 'demo1234' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: 1, username: 'demo', walletBalance: 50 })
    expect(await balanceCents(app, 1)).toBe(5000)
  })

  it('records a wallet ledger that adds up to the balance for every user', async () => {
    const balances = await app.db.select({ id: users.id, balance: users.walletBalanceCents }).from(users)
    const sums = await app.db
      .select({
        userId: walletTransactions.userId,
        sum: sql<number>`sum(${walletTransactions.amountCents})::int`,
      })
      .from(walletTransactions)
      .groupBy(walletTransactions.userId)
    expect(balances.length).toBeGreaterThanOrEqual(3)
    for (const { id, balance } of balances) {
      expect(sums.find((s) => s.userId === id)?.sum ?? 0, `user ${id}`).toBe(balance)
    }
    const demoCharges = await app.db
      .select({ type: walletTransactions.type })
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, 1))
    expect(new Set(demoCharges.map((t) => t.type))).toEqual(
      new Set(['deposit', 'order', 'chef_shout', 'tip']),
    )
  })

  it('makes the chef user 2 the owner of restaurant 1, which is live with three demo cameras', async () => {
    const chef = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'chef', password: 'chef1234' },
    })
    expect(chef.json()).toMatchObject({ id: 2, username: 'chef' })
    const [first] = await app.db.select().from(restaurants).where(eq(restaurants.id, 1))
    expect(first).toMatchObject({ ownerId: 2, isLive: true })
    const cams = await app.db
      .select()
      .from(cameras)
      .where(eq(cameras.restaurantId, 1))
      .orderBy(asc(cameras.id))
    expect(cams.map((c) => c.position)).toEqual(['main', 'prep', 'grill'])
    expect(cams.map((c) => c.name)).toEqual(['Main Kitchen', 'Prep Station', 'Grill Area'])
  })

  it('gives every live restaurant demo cameras that stream from the app itself', async () => {
    const all = await app.db.select().from(restaurants)
    const cams = await app.db.select().from(cameras)
    for (const r of all.filter((x) => x.isLive))
      expect(
        cams.some((c) => c.restaurantId === r.id),
        r.name,
      ).toBe(true)
    for (const c of cams) {
      expect(c.isDemo).toBe(true)
      expect(c.streamUrl).toBe(`/live/${c.id}/index.m3u8`)
    }
  })

  it('has a dozen restaurants around Austin, most of them live, the third one live, and some new', async () => {
    const all = await app.db.select().from(restaurants).orderBy(asc(restaurants.id))
    expect(all).toHaveLength(12)
    expect(all[2]!.isLive).toBe(true)
    expect(all.filter((r) => r.isLive).length).toBeGreaterThanOrEqual(7)
    expect(all.some((r) => r.rating === null)).toBe(true)
    expect(new Set(all.map((r) => r.cuisine)).size).toBeGreaterThanOrEqual(10)
    for (const r of all) {
      expect(r.address).toMatch(/Austin, TX 787\d\d$/)
      const km = Math.hypot((r.latitude! - 30.2672) * 111, (r.longitude! + 97.7431) * 96)
      expect(km, r.name).toBeGreaterThan(0.3)
      expect(km, r.name).toBeLessThan(22)
      expect(r.features.length).toBeGreaterThanOrEqual(3)
      expect(r.images.length).toBeGreaterThanOrEqual(3)
      expect(r.description.length).toBeGreaterThan(60)
    }
  })

  it('writes menus with catalogue allergens only and four or more ingredients for most dishes', async () => {
    const items = await app.db.select().from(menuItems)
    const catalogue = new Set<string>(ALLERGEN_IDS)
    for (const item of items) {
      for (const allergen of item.allergens)
        expect(catalogue.has(allergen), `${item.name}: ${allergen}`).toBe(true)
      expect(item.priceCents).toBeGreaterThan(0)
    }
    const dishes = items.filter((i) => i.category !== 'Drinks')
    const rich = dishes.filter((i) => i.ingredients.length >= 4)
    expect(rich.length / dishes.length).toBeGreaterThan(0.9)
    const perRestaurant = new Map<number, typeof items>()
    for (const item of items)
      perRestaurant.set(item.restaurantId, [...(perRestaurant.get(item.restaurantId) ?? []), item])
    expect(perRestaurant.size).toBe(12)
    for (const [id, menu] of perRestaurant) {
      expect(menu.length, `restaurant ${id}`).toBeGreaterThanOrEqual(8)
      expect(menu.length, `restaurant ${id}`).toBeLessThanOrEqual(14)
      expect(new Set(menu.map((m) => m.category)).size, `restaurant ${id}`).toBeGreaterThanOrEqual(3)
    }
    expect(items.some((i) => !i.isAvailable)).toBe(true)
    // Something for the ingredient flags to show: an ingredient that is itself a listed allergen.
    expect(
      items.filter((i) => i.ingredients.some((ing) => i.allergens.includes(ing.toLowerCase()))).length,
    ).toBeGreaterThan(10)
  })

  it('gives a few dishes option groups, restaurant 1’s among them, as its public menu shows', async () => {
    const res = await app.inject({ url: '/api/restaurants/1/menu' })
    const alfredo = (res.json() as MenuItem[]).find((m) => m.name === 'Fettuccine Alfredo')!
    expect(alfredo.optionGroups?.map((g) => [g.name, g.required, g.min, g.max])).toEqual([
      ['Pasta', true, 1, 1],
      ['Add to it', false, 0, 2],
    ])
    const extras = alfredo.optionGroups![1]!.options
    expect(extras.find((o) => o.name === 'Garlic shrimp')).toMatchObject({
      priceDelta: 5.5,
      allergens: ['shellfish'],
    })
    expect(extras.some((o) => !o.isAvailable)).toBe(true)
    const groups = await app.db.select().from(menuOptionGroups)
    expect(new Set(groups.map((g) => g.menuItemId)).size).toBeGreaterThanOrEqual(3)
  })

  it('gives the demo diner a severe peanut and shellfish profile that restaurant 1 has dishes for', async () => {
    const [profile] = await app.db
      .select()
      .from(userAllergenProfiles)
      .where(eq(userAllergenProfiles.userId, 1))
    expect(profile).toMatchObject({
      allergens: ['peanuts', 'shellfish'],
      severity: 'severe',
      notificationsEnabled: true,
    })
    const menu = await app.db.select().from(menuItems).where(eq(menuItems.restaurantId, 1))
    expect(menu.some((i) => i.allergens.some((a) => profile!.allergens.includes(a)))).toBe(true)
  })

  it('makes order 1 the public showcase, cooking at restaurant 1 for a user nobody can sign in as', async () => {
    const [showcase] = await app.db.select().from(orders).where(eq(orders.id, 1))
    expect(showcase).toMatchObject({ isShowcase: true, restaurantId: 1, userId: 3, status: 'cooking' })
    expect(await app.db.select().from(orders).where(eq(orders.isShowcase, true))).toHaveLength(1)
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'kitchen-showcase', password: 'disabled' },
    })
    expect(login.statusCode).toBe(401)
  })

  it('gives the demo diner two active orders at restaurant 1, one cooking and one just received', async () => {
    const demoOrders = await app.db.select().from(orders).where(eq(orders.userId, 1)).orderBy(asc(orders.id))
    const active = demoOrders.filter((o) => isActiveStatus(o.status))
    expect(active.map((o) => [o.id, o.restaurantId, o.status])).toEqual([
      [2, 1, 'cooking'],
      [3, 1, 'preparing'],
    ])
    expect(active[1]!.progress).toBe(0)
    expect(active[0]!.progress).toBeGreaterThan(30)
    const history = demoOrders.filter((o) => !isActiveStatus(o.status))
    expect(history.filter((o) => o.status === 'completed').length).toBeGreaterThanOrEqual(4)
    expect(history.filter((o) => o.status === 'cancelled')).toHaveLength(1)
    for (const order of demoOrders) {
      const lines = order.items as OrderLine[]
      const sum = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0)
      expect(order.totalPriceCents).toBe(sum + DELIVERY_FEE_CENTS)
      for (const line of lines) {
        const [item] = await app.db.select().from(menuItems).where(eq(menuItems.id, line.menuItemId!))
        expect(item).toMatchObject({
          name: line.name,
          priceCents: Math.round(line.price * 100),
          restaurantId: order.restaurantId,
        })
      }
      expect(order.estimatedDelivery!.getTime() - order.createdAt.getTime()).toBe(40 * 60_000)
    }
    // Telemetry holds sensor readings; the demo kitchen has no sensors, its estimate is computed.
    expect(await app.db.select().from(telemetry)).toEqual([])
    const shouts = await app.db.select().from(chefShouts).where(eq(chefShouts.orderId, 2))
    expect(shouts.length).toBeGreaterThanOrEqual(2)
    expect(shouts.every((s) => s.status === 'done' && s.userId === 1)).toBe(true)
  })

  it('does nothing on a database that already has users', async () => {
    const before = await rowCounts(app.db)
    expect(await seedDemo(app.db)).toBe(false)
    expect(await rowCounts(app.db)).toEqual(before)
  })

  it('seeds an empty database with the kitchen clock set from now and the order duration', async () => {
    const database = await openTestDatabase()
    try {
      const { rows } = await database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
      await database.db.execute(
        sql.raw(`truncate ${rows.map((r) => `"${r.table_name}"`).join(', ')} restart identity cascade`),
      )
      const now = new Date('2025-05-01T18:00:00.000Z')
      const orderMs = 600_000
      expect(await seedDemo(database.db, { now, orderMs })).toBe(true)
      const active = await database.db
        .select()
        .from(orders)
        .where(sql`${orders.id} <= 3`)
        .orderBy(asc(orders.id))
      expect(active.map((o) => now.getTime() - o.kitchenStartedAt.getTime())).toEqual([
        0.4 * orderMs,
        0.45 * orderMs,
        0,
      ])
      expect(active.map((o) => o.createdAt.getTime())).toEqual(
        active.map((o) => o.kitchenStartedAt.getTime()),
      )
      const [demo] = await database.db.select().from(users).where(eq(users.id, 1))
      expect(demo).toMatchObject({ username: 'demo', walletBalanceCents: 5000 })
      expect(await seedDemo(database.db, { now, orderMs })).toBe(false)
    } finally {
      await database.close()
    }
  })
})
