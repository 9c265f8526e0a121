/**
 * The owner's insights on a restaurant with 100,000 orders, on PostgreSQL.
 *
 *   npm run bench:insights
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ORDERS=100000 npm run bench:insights
 *
 * Creates a database of its own beside BENCH_DATABASE_URL's (default: the local `test`), migrates
 * it and seeds, in SQL, one restaurant's year: BENCH_ORDERS orders (default 100,000) spread over
 * the last 365 days with their status history (5 steps each), tips, chef shouts, add-ons offered
 * and accepted with their wallet rows, a few cancellations with refunds, and reviews. Then the app
 * starts in-process on 127.0.0.1 and the owner asks `GET /api/restaurants/{id}/insights` for the
 * last 7, 30 and 90 days (BENCH_RANGES=7,30,90,365 adds a year), BENCH_SAMPLES (15) times each after a warm-up, one request at a
 * time: p50 and p95 per range. First with the restaurant's time zone set to another (UTC), so
 * every figure is worked out from the orders; then in its own zone (America/Chicago), read from
 * the daily roll-up for the past days (the first request of each range builds the days it lacks,
 * timed apart). Last, the longest range's whole answer from both, compared. The database is
 * dropped at the end, also after a failure.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { demoWorld } from '../src/demo/world'
import { buildApp } from '../src/server/app'
import { createAuthRepository } from '../src/server/auth/auth.repository'
import { parseConfig } from '../src/server/config'
import { type Database, openDatabase } from '../src/server/db/client'

const env = process.env
const adminUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ORDERS = Number(env.BENCH_ORDERS ?? 100_000)
const SAMPLES = Number(env.BENCH_SAMPLES ?? 15)
const RANGES = (env.BENCH_RANGES ?? '7,30,90').split(',').map(Number)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function seed(db: pg.Client): Promise<{ restaurantId: number; ownerId: number }> {
  const t0 = performance.now()
  const owner = await db.query<{ id: number }>(
    `insert into users (username, password_hash, email, full_name) values ('bench_owner', 'x', 'owner@example.com', 'Bench Owner') returning id`,
  )
  const ownerId = owner.rows[0]!.id
  await db.query(
    `insert into users (username, password_hash, email, full_name, wallet_balance_cents)
     select 'bench_diner_' || n, 'x', 'diner' || n || '@example.com', 'Diner Number' || n, 100000
     from generate_series(1, 500) n`,
  )
  const restaurant = await db.query<{ id: number }>(
    `insert into restaurants (owner_id, name, description, cuisine, address, price_range, kitchen_settings)
     values ($1, 'Bench Smokehouse', 'A busy kitchen.', 'BBQ', '1 Bench St, Austin', '$$',
             '{"amberMinutes": 8, "redMinutes": 15, "stations": {"Mains": "grill", "Sides": "fryer", "Cold": "cold"}}')
     returning id`,
    [ownerId],
  )
  const restaurantId = restaurant.rows[0]!.id
  await db.query(
    `insert into menu_items (restaurant_id, name, description, price_cents, category)
     select $1, name, name || ', made to order.', price, category
     from (values ('Brisket Plate', 1850, 'Mains'), ('Pulled Pork', 1450, 'Mains'), ('Ribs', 2200, 'Mains'),
                  ('Fries', 425, 'Sides'), ('Slaw', 350, 'Cold'), ('Pecan Pie', 600, 'Desserts'),
                  ('Mac and Cheese', 550, 'Sides'), ('Banana Pudding', 500, 'Desserts')) as m(name, price, category)`,
    [restaurantId],
  )
  const items = await db.query<{ id: number; name: string; price_cents: number }>(
    'select id, name, price_cents from menu_items where restaurant_id = $1 order by id',
    [restaurantId],
  )
  const menu = JSON.stringify(
    items.rows.map((r) => ({ menuItemId: r.id, name: r.name, price: r.price_cents / 100 })),
  )
  // Orders: 1 to 3 lines each, placed over the last 365 days, busier at lunch and dinner.
  await db.query(
    `with menu as (select $3::jsonb as m), src as (
       select n,
              now() - (random() * interval '365 days') as at,
              1 + (random() * 2)::int as lines,
              case when random() < 0.3 then 'pickup' else 'delivery' end as fulfilment,
              random() < 0.03 as cancelled
       from generate_series(1, $2::int) n)
     insert into orders (user_id, restaurant_id, status, progress, created_at, total_price_cents, items,
                         kitchen_started_at, fulfilment, promised_at, cancel_reason, cancelled_at, refund_cents)
     select (select min(id) from users where username like 'bench_diner_%') + (n % 500), $1,
            case when cancelled then 'cancelled' else 'completed' end, 100, at, 0, lines.items, at, fulfilment,
            at + interval '35 minutes',
            case when cancelled then 'out_of_stock' end, case when cancelled then at + interval '5 minutes' end,
            case when cancelled then 0 end
     from src, menu,
     lateral (select jsonb_agg(jsonb_set(m -> ((n * 7 + k * 3) % jsonb_array_length(m)), '{quantity}',
                                         to_jsonb(1 + (n + k) % 2))) as items
              from generate_series(1, src.lines) k) lines`,
    [restaurantId, ORDERS, menu],
  )
  await db.query(
    `update orders o set total_price_cents = t.cents + case when o.fulfilment = 'delivery' then 299 else 0 end
     from (select o.id, sum(round((l->>'price')::numeric * 100) * (l->>'quantity')::int)::int as cents
           from orders o, jsonb_array_elements(o.items) l where o.restaurant_id = $1 group by o.id) t
     where o.id = t.id`,
    [restaurantId],
  )
  await db.query(
    'update orders set refund_cents = total_price_cents where restaurant_id = $1 and status = $2',
    [restaurantId, 'cancelled'],
  )
  // Status history: preparing at once, then cooking, plating, delivering, completed minutes apart.
  await db.query(
    `insert into order_events (order_id, status, at, actor)
     select o.id, s.status, o.created_at + s.minutes * interval '1 minute' * (0.7 + random() * 0.8), 'autopilot'
     from orders o,
     (values ('preparing', 0), ('cooking', 5), ('plating', 18), ('delivering', 22), ('completed', 33)) as s(status, minutes)
     where o.restaurant_id = $1 and (o.status = 'completed' or s.status in ('preparing', 'cooking'))`,
    [restaurantId],
  )
  await db.query(
    `insert into order_events (order_id, status, at, actor)
     select id, 'cancelled', cancelled_at, 'kitchen' from orders where restaurant_id = $1 and status = 'cancelled'`,
    [restaurantId],
  )
  // The diner's charge for every order, tips on one in ten, shouts on one in twenty.
  await db.query(
    `insert into wallet_transactions (user_id, amount_cents, type, reference, created_at)
     select user_id, -total_price_cents, 'order', 'order:' || id, created_at from orders where restaurant_id = $1`,
    [restaurantId],
  )
  await db.query(
    `insert into wallet_transactions (user_id, amount_cents, type, reference, created_at)
     select user_id, -(200 + (id % 5) * 100), 'tip', 'order:' || id, created_at + interval '20 minutes'
     from orders where restaurant_id = $1 and id % 10 = 0`,
    [restaurantId],
  )
  await db.query(
    `with s as (
       insert into chef_shouts (order_id, user_id, shout_type, shout_name, price_cents, status, created_at)
       select id, user_id, 'cheese', 'Add Cheese!', 200, 'done', created_at + interval '8 minutes'
       from orders where restaurant_id = $1 and id % 20 = 3 returning id, user_id, created_at)
     insert into wallet_transactions (user_id, amount_cents, type, reference, created_at)
     select user_id, -200, 'chef_shout', 'chef_shout:' || id, created_at from s`,
    [restaurantId],
  )
  const pie = items.rows.find((r) => r.name === 'Pecan Pie')!
  await db.query(
    `with u as (
       insert into upsells (order_id, menu_item_id, shown, accepted, shown_at, responded_at)
       select id, $2, true, id % 10 = 1, created_at + interval '6 minutes', created_at + interval '7 minutes'
       from orders where restaurant_id = $1 and id % 5 = 1 returning id, order_id, accepted, responded_at)
     insert into wallet_transactions (user_id, amount_cents, type, reference, created_at)
     select o.user_id, -$3::int, 'upsell', 'upsell:' || u.id, u.responded_at
     from u join orders o on o.id = u.order_id where u.accepted`,
    [restaurantId, pie.id, pie.price_cents],
  )
  await db.query(
    `insert into wallet_transactions (user_id, amount_cents, type, reference, created_at)
     select user_id, refund_cents, 'refund', 'refund:order:' || id, cancelled_at
     from orders where restaurant_id = $1 and status = 'cancelled'`,
    [restaurantId],
  )
  await db.query(
    `insert into reviews (order_id, restaurant_id, user_id, rating, comment, created_at)
     select id, restaurant_id, user_id, 1 + (id % 5), case when id % 3 = 0 then 'Smoky and tender' end,
            created_at + interval '2 hours'
     from orders where restaurant_id = $1 and status = 'completed' and id % 10 = 7`,
    [restaurantId],
  )
  await db.query('analyze')
  console.log(`seeded ${ORDERS} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  return { restaurantId, ownerId }
}

function insightsUrl(baseUrl: string, restaurantId: number, days: number) {
  // The restaurant's today (America/Chicago), so that the range ends today there.
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return `${baseUrl}/api/restaurants/${restaurantId}/insights?from=${from}&to=${to}&tz=America/Chicago`
}

/** The whole answer for the last `days` days. */
async function answer(baseUrl: string, cookie: string, restaurantId: number, days: number) {
  const res = await fetch(insightsUrl(baseUrl, restaurantId, days), { headers: { cookie } })
  if (res.status !== 200) throw new Error(`insights answered ${res.status}`)
  return res.json()
}

async function measure(baseUrl: string, cookie: string, restaurantId: number, days: number) {
  const url = insightsUrl(baseUrl, restaurantId, days)
  const ask = async () => {
    const res = await fetch(url, { headers: { cookie } })
    const body = (await res.json()) as { sales: { orders: number } }
    if (res.status !== 200) throw new Error(`insights answered ${res.status}`)
    return body.sales.orders
  }
  const t = performance.now()
  let orders = await ask()
  const first = performance.now() - t
  for (let i = 0; i < 2; i++) orders = await ask()
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now()
    await ask()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return { orders, first, p50: percentile(times, 50), p95: percentile(times, 95) }
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const name = `clearplate_insights_${randomBytes(4).toString('hex')}`
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let database: Database | undefined
  // Stopped early (Ctrl-C, a timeout): the database goes too.
  const dropOnSignal = async () => {
    const cleaner = new pg.Client({ connectionString: adminUrl })
    await cleaner.connect()
    await cleaner.query(`drop database if exists ${name} with (force)`)
    await cleaner.end()
    process.exit(130)
  }
  process.once('SIGINT', dropOnSignal)
  process.once('SIGTERM', dropOnSignal)
  const direct = new pg.Client({ connectionString: url.toString() })
  try {
    database = await openDatabase({ url: url.toString() })
    await database.migrate()
    await direct.connect()
    const { restaurantId, ownerId } = await seed(direct)
    const config = parseConfig({
      ...env,
      NODE_ENV: 'production',
      DATA_DIR: tmpdir(),
      LOG_LEVEL: 'silent',
      KITCHEN_ENABLED: 'false',
      CAMERAS_ENABLED: 'false',
      SEED_DEMO: 'false',
    })
    const app = await buildApp({ world: demoWorld, config, database, logger: false })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const { token } = await createAuthRepository(database.db).createSession(ownerId)
    const cookie = `clearplate_session=${token}`

    type Figures = Awaited<ReturnType<typeof measure>>
    // From the orders: the restaurant's zone is another one, so no day of the asked zone is built.
    await direct.query(`update restaurants set time_zone = 'UTC' where id = $1`, [restaurantId])
    const fromOrders: Figures[] = []
    for (const days of RANGES) fromOrders.push(await measure(baseUrl, cookie, restaurantId, days))
    // From the roll-up: its own zone. The first request of each range builds the days it lacks.
    await direct.query(`update restaurants set time_zone = 'America/Chicago' where id = $1`, [restaurantId])
    const fromRollUp: Figures[] = []
    for (const days of RANGES) fromRollUp.push(await measure(baseUrl, cookie, restaurantId, days))
    // The roll-up's answer is the orders' answer: compared whole, for the longest range.
    const longest = RANGES[RANGES.length - 1]!
    await direct.query(`update restaurants set time_zone = 'UTC' where id = $1`, [restaurantId])
    const raw = await answer(baseUrl, cookie, restaurantId, longest)
    await direct.query(`update restaurants set time_zone = 'America/Chicago' where id = $1`, [restaurantId])
    await answer(baseUrl, cookie, restaurantId, longest)
    const rolled = await answer(baseUrl, cookie, restaurantId, longest)
    const same = JSON.stringify(raw) === JSON.stringify(rolled)
    await app.close()

    console.log(
      `\nGET /api/restaurants/{id}/insights, ${ORDERS} orders, PostgreSQL, ${SAMPLES} samples per range`,
    )
    console.log(
      '| Range | Orders in range | From the orders: p50 / p95 | First read, building the roll-up | From the roll-up: p50 / p95 | p95 ratio |',
    )
    console.log('| --- | --- | --- | --- | --- | --- |')
    RANGES.forEach((days, i) => {
      const a = fromOrders[i]!
      const b = fromRollUp[i]!
      console.log(
        `| ${days} days | ${a.orders} | ${a.p50.toFixed(0)} / ${a.p95.toFixed(0)} ms | ${b.first.toFixed(0)} ms | ${b.p50.toFixed(0)} / ${b.p95.toFixed(0)} ms | ${(b.p95 / a.p95).toFixed(3)}x |`,
      )
    })
    const worst = Math.max(...fromRollUp.map((r) => r.p95))
    console.log(
      `load average during the run: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    )
    console.log(`the ${longest}-day answer from the roll-up equals the one from the orders: ${same}`)
    console.log(`\nworst p95 ${worst.toFixed(0)} ms (target 300 ms): ${worst <= 300 ? 'met' : 'NOT met'}`)
    if (!same) process.exitCode = 1
  } finally {
    await direct.end().catch(() => {})
    await database?.close().catch(() => {})
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

await main()
