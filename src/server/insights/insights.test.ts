import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OrderStatus } from '../../shared/constants'
import type { Insights } from '../../shared/schemas/insights'
import {
  insightsDays,
  menuItemAvailability,
  menuItems,
  orderEvents,
  orders,
  restaurants,
  reviews,
  upsells,
  walletTransactions,
} from '../db/schema'
import { createRestaurant, offerUpsell, placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { createInsightsService, localDate } from './insights.service'

/**
 * A small week of a restaurant in Austin (America/Chicago, UTC-6 in November), every figure
 * worked out by hand below. The range is Monday 16 to Sunday 22 November 2026; the previous
 * range is the 9th to the 15th.
 *
 *   A  Mon 16 12:00  2 Brisket + 1 Fries, delivery: 41.25. Cooking +5 min, plating +20, delivering +25,
 *                    completed +40, promised +45 (on time). A $3.00 tip, a shout; an add-on offered.
 *   B  Mon 16 23:30  1 Pecan Pie, pickup: 6.00 (05:30 UTC on the 17th). Cooking +4, plating +10,
 *                    ready +12, completed +15, promised +12 (late).
 *   C  Wed 18 19:00  1 Fries, delivery, and an accepted Pecan Pie add-on: 4.25 + 6.00. Cooking +6,
 *                    plating +16, delivering +20, completed +30, promised +25 (late).
 *   D  Fri 20 18:30  1 Brisket, delivery: 18.50, a $2.00 tip and a shout, then cancelled by the kitchen.
 *   F  Sun 15 23:30  1 Brisket, delivery (05:30 UTC on the 16th: inside the range in UTC, not in
 *                    Austin): the previous range. Completed +30, promised +40.
 */
const app = await buildTestApp()
const service = createInsightsService({ db: app.db })
const TZ = 'America/Chicago'
const RANGE = 'from=2026-11-16&to=2026-11-22&tz=America/Chicago'
const MIN = 60_000

const owner = await createUser(app)
const kitchen = await createRestaurant(app, {
  ownerId: owner.user.id,
  kitchenMode: 'staffed',
  items: [
    { name: 'Brisket Plate', priceCents: 1850 },
    { name: 'Fries', priceCents: 425 },
    { name: 'Pecan Pie', priceCents: 600 },
  ],
})
const [brisket, fries, pie] = kitchen.items as [
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
  (typeof kitchen.items)[0],
]
const restaurantId = kitchen.restaurant.id
await app.db.update(menuItems).set({ category: 'Sides' }).where(eq(menuItems.id, fries.id))
await app.db.update(menuItems).set({ category: 'Desserts' }).where(eq(menuItems.id, pie.id))
await app.db
  .update(restaurants)
  .set({
    kitchenSettings: { amberMinutes: 8, redMinutes: 15, stations: { Mains: 'grill', Sides: 'fryer' } },
    timeZone: TZ,
  })
  .where(eq(restaurants.id, restaurantId))

const diner1 = await createUser(app, { balance: 200 })
const diner2 = await createUser(app, { balance: 200 })

/** A UTC instant from Austin's wall clock in November (UTC-6). */
const austin = (local: string) => new Date(Date.parse(`${local}:00-06:00`))

async function moveTo(orderId: number, to: OrderStatus, at: Date) {
  await app.orderStatus.change({ orderId, to, by: { actor: 'system' }, at })
}

async function place(
  diner: TestUser,
  lines: Array<{ menuItemId: number; quantity: number }>,
  fulfilment: 'delivery' | 'pickup' = 'delivery',
) {
  return (await placeOrder(app, diner, restaurantId, lines, { fulfilment })).id
}

/** Sets when the order was placed and what was promised, minutes after that. */
async function placedAt(orderId: number, at: Date, promisedAfterMinutes: number) {
  await app.db
    .update(orders)
    .set({ createdAt: at, promisedAt: new Date(at.getTime() + promisedAfterMinutes * MIN) })
    .where(eq(orders.id, orderId))
  await app.db.update(orderEvents).set({ at }).where(eq(orderEvents.orderId, orderId))
}

async function cook(orderId: number, start: Date, steps: Array<[OrderStatus, number]>) {
  for (const [status, minutes] of steps)
    await moveTo(orderId, status, new Date(start.getTime() + minutes * MIN))
}

function post(user: TestUser, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') {
  return app.inject({ method, url, headers: user.headers, payload }).then((res) => {
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  })
}

// A
const a = await place(diner1, [
  { menuItemId: brisket.id, quantity: 2 },
  { menuItemId: fries.id, quantity: 1 },
])
const aAt = austin('2026-11-16T12:00')
await placedAt(a, aAt, 45)
await moveTo(a, 'cooking', new Date(aAt.getTime() + 5 * MIN))
await post(diner1, `/api/orders/${a}/chef-shouts`, { shoutType: 'cheese' })
await post(diner1, `/api/orders/${a}/tip-chef`, { amount: 3, message: 'Great smoke ring' })
await offerUpsell(app, a, pie.id)
await cook(a, aAt, [
  ['plating', 20],
  ['delivering', 25],
  ['completed', 40],
])

// B
const b = await place(diner2, [{ menuItemId: pie.id, quantity: 1 }], 'pickup')
const bAt = austin('2026-11-16T23:30')
await placedAt(b, bAt, 12)
await cook(b, bAt, [
  ['cooking', 4],
  ['plating', 10],
  ['delivering', 12],
  ['completed', 15],
])

// C
const c = await place(diner1, [{ menuItemId: fries.id, quantity: 1 }])
const cAt = austin('2026-11-18T19:00')
await placedAt(c, cAt, 25)
await moveTo(c, 'cooking', new Date(cAt.getTime() + 6 * MIN))
const offer = await offerUpsell(app, c, pie.id)
await post(diner1, `/api/upsells/${offer.id}/response`, { accepted: true }, 'PUT')
await cook(c, cAt, [
  ['plating', 16],
  ['delivering', 20],
  ['completed', 30],
])

// D
const d = await place(diner2, [{ menuItemId: brisket.id, quantity: 1 }])
const dAt = austin('2026-11-20T18:30')
await placedAt(d, dAt, 40)
await moveTo(d, 'cooking', new Date(dAt.getTime() + 5 * MIN))
await post(diner2, `/api/orders/${d}/tip-chef`, { amount: 2, message: '' })
await post(diner2, `/api/orders/${d}/chef-shouts`, { shoutType: 'cheese' })
await post(owner, `/api/orders/${d}/cancel`, { reason: 'out_of_stock' })

// F
const f = await place(diner1, [{ menuItemId: brisket.id, quantity: 1 }])
const fAt = austin('2026-11-15T23:30')
await placedAt(f, fAt, 40)
await cook(f, fAt, [['completed', 30]])

// Reviews: B's on Wednesday, A's at 23:30 on the last evening (05:30 UTC on the 23rd), C's after the range.
await app.db.insert(reviews).values([
  {
    orderId: b,
    restaurantId,
    userId: diner2.user.id,
    rating: 4,
    comment: 'Pie was great',
    createdAt: austin('2026-11-18T10:00'),
  },
  {
    orderId: a,
    restaurantId,
    userId: diner1.user.id,
    rating: 2,
    comment: '=HYPERLINK("x"), cold fries',
    createdAt: austin('2026-11-22T23:30'),
  },
  {
    orderId: c,
    restaurantId,
    userId: diner1.user.id,
    rating: 5,
    comment: 'Next week',
    createdAt: austin('2026-11-23T00:30'),
  },
])

const get = (user: TestUser | undefined, query = RANGE, id = restaurantId) =>
  app.inject({ url: `/api/restaurants/${id}/insights?${query}`, headers: user?.headers })

const insights = async (query = RANGE) => {
  const res = await get(owner, query)
  expect(res.statusCode).toBe(200)
  return res.json() as Insights
}

describe('restaurant insights', () => {
  it('adds up the week’s sales in the restaurant’s time zone, net of the cancelled order’s refund', async () => {
    const i = await insights()
    expect(i.range).toEqual({ from: '2026-11-16', to: '2026-11-22', tz: TZ, days: 7 })
    expect(i.sales).toMatchObject({
      orders: 4,
      cancelled: 1,
      gross: 76,
      refunds: 18.5,
      net: 57.5,
      // 57.50 over the three orders kept.
      averageTicket: 19.17,
    })
    expect(i.sales.byDay).toEqual([
      { date: '2026-11-16', orders: 2, cancelled: 0, gross: 47.25, net: 47.25 },
      { date: '2026-11-17', orders: 0, cancelled: 0, gross: 0, net: 0 },
      { date: '2026-11-18', orders: 1, cancelled: 0, gross: 10.25, net: 10.25 },
      { date: '2026-11-19', orders: 0, cancelled: 0, gross: 0, net: 0 },
      { date: '2026-11-20', orders: 1, cancelled: 1, gross: 18.5, net: 0 },
      { date: '2026-11-21', orders: 0, cancelled: 0, gross: 0, net: 0 },
      { date: '2026-11-22', orders: 0, cancelled: 0, gross: 0, net: 0 },
    ])
    expect(i.sales.byHour).toHaveLength(24)
    expect(i.sales.byHour.filter((h) => h.orders > 0)).toEqual([
      { hour: 12, orders: 1, net: 41.25 },
      { hour: 18, orders: 1, net: 0 },
      { hour: 19, orders: 1, net: 10.25 },
      { hour: 23, orders: 1, net: 6 },
    ])
    expect(i.sales.bySource).toEqual([{ source: 'clearplate', orders: 4, net: 57.5 }])
    expect(i.sales.byFulfilment).toEqual([
      { fulfilment: 'delivery', orders: 3, net: 51.5 },
      { fulfilment: 'pickup', orders: 1, net: 6 },
    ])
  })

  it('counts the order placed at 23:30 on the Sunday before in the previous range, not this one', async () => {
    const i = await insights()
    expect(i.previous.range).toEqual({ from: '2026-11-09', to: '2026-11-15', tz: TZ, days: 7 })
    expect(i.previous.sales).toEqual({
      orders: 1,
      cancelled: 0,
      gross: 18.5,
      refunds: 0,
      net: 18.5,
      averageTicket: 18.5,
    })
    expect(i.previous.service).toEqual({ orderToDone: { orders: 1, p50: 1800, p90: 1800 }, lateShare: 0 })
    expect(i.previous.reviews).toEqual({ average: null, count: 0 })
    // In UTC the same order falls on the 16th.
    const utc = await insights('from=2026-11-16&to=2026-11-22&tz=UTC')
    expect(utc.sales.orders).toBe(5)
    expect(utc.sales.byDay[0]).toMatchObject({ date: '2026-11-16', orders: 2 })
    expect(utc.sales.byDay[1]).toMatchObject({ date: '2026-11-17', orders: 1 })
  })

  it('counts tips, shouts and add-ons of the orders kept, leaving out what the cancel refunded', async () => {
    const i = await insights()
    expect(i.liveKitchen).toEqual({
      tips: { count: 1, amount: 3 },
      shouts: { count: 1, amount: 2 },
      addOnsOffered: 2,
      addOnsAccepted: 1,
      addOnRevenue: 6,
    })
    const [accepted] = await app.db.select().from(upsells).where(eq(upsells.orderId, c))
    expect(accepted?.accepted).toBe(true)
  })

  it('lists the dishes sold by revenue, their share adding up to the net', async () => {
    const i = await insights()
    expect(i.items).toEqual([
      { menuItemId: brisket.id, name: 'Brisket Plate', quantity: 2, revenue: 37, share: 0.6435 },
      { menuItemId: pie.id, name: 'Pecan Pie', quantity: 2, revenue: 12, share: 0.2087 },
      { menuItemId: fries.id, name: 'Fries', quantity: 2, revenue: 8.5, share: 0.1478 },
    ])
    expect(i.items.reduce((sum, item) => sum + item.revenue, 0)).toBe(i.sales.net)
  })

  it('measures the time to each step, by station, and the late share, by hour', async () => {
    const { service } = await insights()
    expect(service.toStatus).toEqual([
      // 240, 300, 360 seconds: the median 300, the 90th percentile 300 + 0.8 × 60.
      { status: 'cooking', orders: 3, p50: 300, p90: 348 },
      { status: 'plating', orders: 3, p50: 960, p90: 1152 },
      { status: 'delivering', orders: 3, p50: 1200, p90: 1440 },
      { status: 'completed', orders: 3, p50: 1800, p90: 2280 },
    ])
    expect(service.orderToDone).toEqual({ orders: 3, p50: 1800, p90: 2280 })
    expect(service.byStation).toEqual([
      // A (1200 s to the pass) and C (960 s) have fries.
      { station: 'fryer', orders: 2, p50: 1080, p90: 1176 },
      { station: 'grill', orders: 1, p50: 1200, p90: 1200 },
      // Pie has no station: B (600 s) and C (960 s).
      { station: null, orders: 2, p50: 780, p90: 924 },
    ])
    expect(service.late).toEqual({ orders: 3, late: 2, share: 0.6667 })
    expect(service.lateByHour.filter((h) => h.orders > 0)).toEqual([
      { hour: 12, orders: 1, late: 0 },
      { hour: 19, orders: 1, late: 1 },
      { hour: 23, orders: 1, late: 1 },
    ])
  })

  it('summarises the reviews written in the range, the latest comments first', async () => {
    const { reviews } = await insights()
    expect(reviews.average).toBe(3)
    expect(reviews.count).toBe(2)
    expect(reviews.distribution).toEqual([
      { rating: 5, count: 0 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 1 },
      { rating: 1, count: 0 },
    ])
    expect(reviews.latest.map((r) => [r.rating, r.comment])).toEqual([
      [2, '=HYPERLINK("x"), cold fries'],
      [4, 'Pie was great'],
    ])
    // Reviews show a first name and an initial.
    expect(reviews.latest[0]?.author).toBe(`Test ${diner1.user.fullName.split(' ').at(-1)!.charAt(0)}.`)
  })

  it('answers zeros, not errors, for a range without orders and for a new restaurant', async () => {
    const quiet = await insights('from=2026-10-01&to=2026-10-03&tz=America/Chicago')
    expect(quiet.sales).toMatchObject({ orders: 0, gross: 0, net: 0, averageTicket: 0 })
    expect(quiet.sales.byDay.map((d) => d.orders)).toEqual([0, 0, 0])
    expect(quiet.items).toEqual([])
    expect(quiet.service.toStatus).toEqual([])
    expect(quiet.service.orderToDone).toEqual({ orders: 0, p50: null, p90: null })
    expect(quiet.service.late.share).toBeNull()
    expect(quiet.reviews).toMatchObject({ average: null, count: 0, latest: [] })

    const newcomer = await createUser(app)
    const fresh = await createRestaurant(app, { ownerId: newcomer.user.id })
    const res = await get(newcomer, '', fresh.restaurant.id)
    expect(res.statusCode).toBe(200)
    const body = res.json() as Insights
    // Left out, the range is the last seven days in the restaurant's zone: UTC for one not placed.
    expect(body.range).toMatchObject({ tz: 'UTC', days: 7 })
    expect((await insights('')).range).toMatchObject({ tz: TZ, days: 7 })
    expect(body.liveKitchen).toEqual({
      tips: { count: 0, amount: 0 },
      shouts: { count: 0, amount: 0 },
      addOnsOffered: 0,
      addOnsAccepted: 0,
      addOnRevenue: 0,
    })
  })

  it('answers only the restaurant’s owner: 401 signed out, 403 to a diner or another owner, 404 for no restaurant', async () => {
    expect((await get(undefined)).statusCode).toBe(401)
    const diner = await get(diner1)
    expect(diner.statusCode).toBe(403)
    expect(diner.json()).toMatchObject({ code: 'restaurants.not_owner' })
    const other = await createUser(app)
    await createRestaurant(app, { ownerId: other.user.id })
    expect((await get(other)).statusCode).toBe(403)
    expect((await get(owner, RANGE, 2_000_000_000)).statusCode).toBe(404)
    const csv = await app.inject({
      url: `/api/restaurants/${restaurantId}/insights.csv?section=sales&${RANGE}`,
      headers: diner1.headers,
    })
    expect(csv.statusCode).toBe(403)
  })

  it('refuses a reversed, too long or malformed range and an unknown time zone with 400', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-11-22&to=2026-11-16', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-11-16', 'to'],
      ['from=2026-11-16&to=2026-11-22&tz=Mars/Olympus', 'tz'],
      ['from=2026-11-16&to=2026-11-22&tz=UTC%27%3B--', 'tz'],
      // Known to the browser, not to the database: refused, not a 500.
      ['from=2026-11-16&to=2026-11-22&tz=SystemV/EST5', 'tz'],
    ]
    for (const [query, field] of cases) {
      const res = await get(owner, query)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field)
    }
  })

  it('exports each section as CSV for a spreadsheet', async () => {
    const csv = (section: string) =>
      app.inject({
        url: `/api/restaurants/${restaurantId}/insights.csv?section=${section}&${RANGE}`,
        headers: owner.headers,
      })
    const sales = await csv('sales')
    expect(sales.statusCode).toBe(200)
    expect(sales.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(sales.headers['content-disposition']).toBe(
      `attachment; filename="insights-${restaurantId}-sales-2026-11-16-to-2026-11-22.csv"`,
    )
    const lines = sales.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('date,orders,cancelled,gross,net')
    expect(lines[1]).toBe('2026-11-16,2,0,47.25,47.25')
    expect(lines[5]).toBe('2026-11-20,1,1,18.50,0.00')
    expect(lines).toHaveLength(8)

    expect((await csv('items')).body.split('\r\n').slice(0, 2)).toEqual([
      'menu_item_id,dish,quantity,revenue,share_percent',
      `${brisket.id},Brisket Plate,2,37.00,64.35`,
    ])
    const service = (await csv('service')).body.split('\r\n')
    expect(service).toContain('order_to_status,completed,3,1800,2280,')
    expect(service).toContain('order_to_ready_by_station,fryer,2,1080,1176,')
    expect(service).toContain('late_by_hour,23,1,,,1')
    // A comment that a spreadsheet would run as a formula is written as text.
    expect((await csv('reviews')).body.split('\r\n').slice(0, 3)).toEqual([
      'date,rating,comment',
      `2026-11-22 23:30,2,"'=HYPERLINK(""x""), cold fries"`,
      '2026-11-18 10:00,4,Pie was great',
    ])
    expect((await csv('everything')).statusCode).toBe(400)
  })

  it('reads built days from the roll-up, each figure equal to the one worked out from the orders', async () => {
    await insights()
    const week = { from: '2026-11-16', to: '2026-11-22', tz: TZ }
    const before = { from: '2026-11-09', to: '2026-11-15', tz: TZ }
    const built = await app.db
      .select({ day: insightsDays.day })
      .from(insightsDays)
      .where(eq(insightsDays.restaurantId, restaurantId))
      .orderBy(asc(insightsDays.day))
    expect(built.map((r) => r.day).filter((day) => day >= '2026-11-01' && day <= '2026-11-22')).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ])
    for (const range of [week, before])
      expect(await service.figuresFrom(restaurantId, range, 'roll-up')).toEqual(
        await service.figuresFrom(restaurantId, range, 'orders'),
      )
    // Asked in another zone, the figures come from the orders: the roll-up keeps the restaurant's days.
    expect((await insights('from=2026-11-16&to=2026-11-22&tz=UTC')).sales.orders).toBe(5)
  })

  it('forgets a built day when one of its facts changes, and builds it again on the next read', async () => {
    await insights()
    const dayBuilt = async (day: string) =>
      (
        await app.db
          .select()
          .from(insightsDays)
          .where(and(eq(insightsDays.restaurantId, restaurantId), eq(insightsDays.day, day)))
      ).length === 1
    expect(await dayBuilt('2026-11-18')).toBe(true)
    // A late tip on C (Wednesday): the wallet's row forgets Wednesday, and only Wednesday.
    const [tip] = await app.db
      .insert(walletTransactions)
      .values({ userId: diner1.user.id, amountCents: -150, type: 'tip', reference: `order:${c}` })
      .returning()
    expect(await dayBuilt('2026-11-18')).toBe(false)
    expect(await dayBuilt('2026-11-16')).toBe(true)
    const i = await insights()
    expect(i.liveKitchen.tips).toEqual({ count: 2, amount: 4.5 })
    expect(await dayBuilt('2026-11-18')).toBe(true)
    const week = { from: '2026-11-16', to: '2026-11-22', tz: TZ }
    expect(await service.figuresFrom(restaurantId, week, 'roll-up')).toEqual(
      await service.figuresFrom(restaurantId, week, 'orders'),
    )
    await app.db.delete(walletTransactions).where(eq(walletTransactions.id, tip!.id))
    expect(await dayBuilt('2026-11-18')).toBe(false)
    expect((await insights()).liveKitchen.tips).toEqual({ count: 1, amount: 3 })

    // A new time zone moves every day's bounds: the whole roll-up is forgotten.
    await app.db
      .update(restaurants)
      .set({ timeZone: 'America/New_York' })
      .where(eq(restaurants.id, restaurantId))
    expect(await dayBuilt('2026-11-16')).toBe(false)
    await app.db.update(restaurants).set({ timeZone: TZ }).where(eq(restaurants.id, restaurantId))
    expect((await insights()).sales.orders).toBe(4)
  })

  it('breaks sales down by the source each order came from', async () => {
    const newcomer = await createUser(app)
    const shop = await createRestaurant(app, {
      ownerId: newcomer.user.id,
      items: [{ name: 'Taco', priceCents: 500 }],
    })
    const taco = shop.items[0]!
    const order = async (source: string) => {
      const placed = await placeOrder(app, diner2, shop.restaurant.id, [{ menuItemId: taco.id, quantity: 1 }])
      await app.db.update(orders).set({ source }).where(eq(orders.id, placed.id))
    }
    await order('clearplate')
    await order('doordash')
    await order('doordash')
    const res = await get(newcomer, '', shop.restaurant.id)
    expect((res.json() as Insights).sales.bySource).toEqual([
      { source: 'clearplate', orders: 1, net: 5 },
      { source: 'doordash', orders: 2, net: 10 },
    ])
  })

  it('lists the dishes sold out ("86\'d") during the range from the availability history, cut to the range', async () => {
    // Marked through the menu: the history says when and by whom.
    const patch = (isAvailable: boolean) =>
      app.inject({
        method: 'PATCH',
        url: `/api/menu-items/${brisket.id}`,
        headers: owner.headers,
        payload: { isAvailable },
      })
    expect((await patch(false)).statusCode).toBe(200)
    expect((await patch(false)).statusCode).toBe(200)
    expect((await patch(true)).statusCode).toBe(200)
    const history = await app.db
      .select()
      .from(menuItemAvailability)
      .where(eq(menuItemAvailability.menuItemId, brisket.id))
      .orderBy(asc(menuItemAvailability.id))
    expect(history.map((h) => [h.isAvailable, h.actorUserId])).toEqual([
      [false, owner.user.id],
      [true, owner.user.id],
    ])
    // Fries: 90 minutes on Tuesday, then from Sunday 20:00 to Monday 01:00 (4 hours inside the
    // range). Pie: out since before the range, back at 01:00 on its first day; then out again, still.
    await app.db.insert(menuItemAvailability).values([
      {
        menuItemId: fries.id,
        restaurantId,
        isAvailable: false,
        at: austin('2026-11-17T10:00'),
        actorUserId: owner.user.id,
      },
      { menuItemId: fries.id, restaurantId, isAvailable: true, at: austin('2026-11-17T11:30') },
      {
        menuItemId: fries.id,
        restaurantId,
        isAvailable: false,
        at: austin('2026-11-22T20:00'),
        actorUserId: owner.user.id,
      },
      { menuItemId: fries.id, restaurantId, isAvailable: true, at: austin('2026-11-23T01:00') },
      { menuItemId: pie.id, restaurantId, isAvailable: false, at: austin('2026-11-10T09:00') },
      { menuItemId: pie.id, restaurantId, isAvailable: true, at: austin('2026-11-16T01:00') },
    ])
    expect((await insights()).soldOut).toEqual([
      {
        menuItemId: fries.id,
        name: 'Fries',
        times: 2,
        minutes: 330,
        stillOut: false,
        lastBy: owner.user.fullName,
      },
      { menuItemId: pie.id, name: 'Pecan Pie', times: 1, minutes: 60, stillOut: false, lastBy: null },
    ])
    // The brisket's moment today is in today's range; a range without any is empty.
    const today = localDate(new Date(), TZ)
    expect((await insights(`from=${today}&to=${today}&tz=${TZ}`)).soldOut.map((s) => s.name)).toEqual([
      'Brisket Plate',
    ])
    expect((await insights('from=2026-10-01&to=2026-10-03&tz=America/Chicago')).soldOut).toEqual([])
  })

  it('never fails an order of a restaurant whose time zone the database does not know', async () => {
    const newcomer = await createUser(app)
    const shop = await createRestaurant(app, {
      ownerId: newcomer.user.id,
      items: [{ name: 'Taco', priceCents: 500 }],
    })
    await app.db
      .update(restaurants)
      .set({ timeZone: 'Nowhere/Atlantis' })
      .where(eq(restaurants.id, shop.restaurant.id))
    const placed = await placeOrder(app, diner2, shop.restaurant.id, [
      { menuItemId: shop.items[0]!.id, quantity: 1 },
    ])
    await moveTo(placed.id, 'cooking', new Date())
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row?.status).toBe('cooking')
  })
})
