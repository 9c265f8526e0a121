import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'

/** A range of local dates (both included) in a time zone. */
export interface LocalRange {
  from: string
  to: string
  tz: string
}

interface Duration {
  orders: number
  p50: number | null
  p90: number | null
}

/** Cents everywhere here; the service turns them into dollars. */
export interface SalesFigures {
  orders: number
  cancelled: number
  grossCents: number
  refundCents: number
  tips: { count: number; cents: number }
  shouts: { count: number; cents: number }
  addOns: { offered: number; accepted: number; cents: number }
  orderToDone: Duration
  late: { orders: number; late: number }
}

export interface SalesDetail {
  byDay: { date: string; orders: number; cancelled: number; grossCents: number; netCents: number }[]
  byHour: { hour: number; orders: number; netCents: number }[]
  bySource: { source: string; orders: number; netCents: number }[]
  byFulfilment: { fulfilment: 'delivery' | 'pickup'; orders: number; netCents: number }[]
  items: { menuItemId: number | null; name: string; quantity: number; revenueCents: number }[]
  toStatus: (Duration & { status: 'cooking' | 'plating' | 'delivering' | 'completed' })[]
  byStation: (Duration & { station: string | null })[]
  lateByHour: { hour: number; orders: number; late: number }[]
}

export interface ReviewFigures {
  average: number | null
  count: number
  distribution: { rating: number; count: number }[]
}

export type SoldOut = {
  menuItemId: number
  name: string
  times: number
  minutes: number
  stillOut: boolean
  lastBy: string | null
}

export interface ReviewLine {
  id: number
  rating: number
  comment: string
  fullName: string
  createdAt: Date
}

/** A line of an order's items (jsonb): its price is in dollars, as the order shows it. */
const LINE_CENTS = sql.raw(`round((l->>'price')::numeric * 100) * (l->>'quantity')::int`)

/** Seconds from `from` to `to`, as a percentile over the group. */
const percentile = (p: number, seconds: SQL) =>
  sql`round((percentile_cont(${sql.raw(String(p))}) within group (order by ${seconds}))::numeric)::float8`

/** The local days (YYYY-MM-DD) of a range, as a date[] parameter. */
const dayList = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`

/**
 * Orders of `days` (local dates in `range.tz`, all inside the range), showcase runs left out:
 * `o`, each with its dishes' value in cents and its local time; then `rf`, each order's facts as
 * the roll-up keeps them (insights_orders' columns): its tips, shouts and add-ons from the wallet,
 * the first time it reached each status, and its dishes' stations. `materialized`: computed once.
 */
function rawFacts(restaurantId: number, range: LocalRange, days: readonly string[]) {
  const from = days[0] ?? range.from
  const to = days[days.length - 1] ?? range.from
  return sql`
    o as materialized (
      select o.id, o.status, o.source, o.fulfilment, o.created_at, o.promised_at, o.items,
             o.created_at at time zone ${range.tz} as local_at,
             (select coalesce(sum(${LINE_CENTS}), 0) from jsonb_array_elements(o.items) l)::int as food_cents
      from orders o
      where o.restaurant_id = ${restaurantId}
        and not o.is_showcase
        and o.created_at >= (${from}::date)::timestamp at time zone ${range.tz}
        and o.created_at < (${to}::date + 1)::timestamp at time zone ${range.tz}
        and (o.created_at at time zone ${range.tz})::date = any(${dayList(days)})
    ),
    rf as materialized (
      select o.id as order_id, (o.local_at)::date as day, o.status, o.source, o.fulfilment, o.created_at,
             o.promised_at, o.local_at, o.food_cents,
             tip.count as tip_count, tip.cents as tip_cents, shout.count as shout_count,
             shout.cents as shout_cents, addon.offered as add_ons_offered,
             addon.accepted as add_ons_accepted, addon.cents as add_on_cents,
             t.cooking_at, t.plating_at, t.delivering_at, t.completed_at,
             array(
               select distinct nullif(r.kitchen_settings->'stations'->>m.category, '')
               from jsonb_array_elements(o.items) l
               left join menu_items m on m.id = (l->>'menuItemId')::int
               cross join (select kitchen_settings from restaurants where id = ${restaurantId}) r
             ) as stations
      from o
      cross join lateral (
        select count(*)::int as count, coalesce(-sum(w.amount_cents), 0)::int as cents
        from wallet_transactions w where w.reference = 'order:' || o.id and w.type = 'tip') tip
      cross join lateral (
        select count(*)::int as count, coalesce(-sum(w.amount_cents), 0)::int as cents
        from chef_shouts s
        join wallet_transactions w on w.reference = 'chef_shout:' || s.id and w.type = 'chef_shout'
        where s.order_id = o.id) shout
      cross join lateral (
        select count(*) filter (where u.shown)::int as offered, count(*) filter (where u.accepted)::int as accepted,
               coalesce(-sum(w.amount_cents), 0)::int as cents
        from upsells u
        left join wallet_transactions w on w.reference = 'upsell:' || u.id and w.type = 'upsell'
        where u.order_id = o.id) addon
      cross join lateral (
        select min(e.at) filter (where e.status = 'cooking') as cooking_at,
               min(e.at) filter (where e.status = 'plating') as plating_at,
               min(e.at) filter (where e.status = 'delivering') as delivering_at,
               min(e.at) filter (where e.status = 'completed') as completed_at
        from order_events e
        where e.order_id = o.id
      ) t
    )`
}

/** The dishes of the kept orders of `o`, per day, dish (or name, for a line without one). */
const RAW_ITEM_LINES = sql`
  select (o.local_at)::date as day, (l->>'menuItemId')::int as menu_item_id, max(l->>'name') as name,
         sum((l->>'quantity')::int)::int as quantity, sum(${LINE_CENTS})::int as revenue_cents
  from o
  cross join jsonb_array_elements(o.items) l
  where o.status <> 'cancelled'
  group by (o.local_at)::date, (l->>'menuItemId')::int, case when l->>'menuItemId' is null then l->>'name' end`

const FACT_COLUMNS = sql.raw(`order_id, day, status, source, fulfilment, created_at, promised_at, local_at,
  food_cents, tip_count, tip_cents, shout_count, shout_cents, add_ons_offered, add_ons_accepted,
  add_on_cents, cooking_at, plating_at, delivering_at, completed_at, stations`)

/**
 * `f`: the facts of every order of the range, read from the roll-up for the days in `built` and
 * worked out from the orders for the others (today, and any day not built); `ev`: those not
 * cancelled. With `items`, also `it`: the item mix's lines per day, from the same two places.
 */
function facts(restaurantId: number, range: LocalRange, built: readonly string[], items: boolean) {
  const raw = daysOf(range).filter((d) => !built.includes(d))
  return sql`
    ${rawFacts(restaurantId, range, raw)},
    f as materialized (
      select ${FACT_COLUMNS} from rf
      union all
      select ${FACT_COLUMNS} from insights_orders i
      where i.restaurant_id = ${restaurantId} and i.day = any(${dayList(built)})
    ),
    ev as materialized (select * from f where f.status <> 'cancelled')${
      items
        ? sql`,
    it as (
      ${RAW_ITEM_LINES}
      union all
      select d.day, d.menu_item_id, d.name, d.quantity, d.revenue_cents from insights_day_items d
      where d.restaurant_id = ${restaurantId} and d.day = any(${dayList(built)})
    )`
        : sql``
    }`
}

/** Every local date of the range, YYYY-MM-DD. */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = []
  const end = Date.parse(`${range.to}T00:00:00Z`)
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

/**
 * The figures shown for a range and for the one before it: one pass over the facts for the sums,
 * one over the orders kept for the times (percentile_cont leaves out the orders not completed).
 */
const HEADLINE = sql`
  (select jsonb_build_object(
     'orders', count(*)::int,
     'cancelled', count(*) filter (where f.status = 'cancelled')::int,
     'grossCents', coalesce(sum(food_cents), 0)::float8,
     'refundCents', coalesce(sum(food_cents) filter (where f.status = 'cancelled'), 0)::float8,
     'tips', jsonb_build_object(
       'count', coalesce(sum(tip_count) filter (where f.status <> 'cancelled'), 0)::int,
       'cents', coalesce(sum(tip_cents) filter (where f.status <> 'cancelled'), 0)::float8),
     'shouts', jsonb_build_object(
       'count', coalesce(sum(shout_count) filter (where f.status <> 'cancelled'), 0)::int,
       'cents', coalesce(sum(shout_cents) filter (where f.status <> 'cancelled'), 0)::float8),
     'addOns', jsonb_build_object(
       'offered', coalesce(sum(add_ons_offered), 0)::int,
       'accepted', coalesce(sum(add_ons_accepted), 0)::int,
       'cents', coalesce(sum(add_on_cents) filter (where f.status <> 'cancelled'), 0)::float8))
   from f)
  || (select jsonb_build_object(
       'orderToDone', jsonb_build_object(
         'orders', count(completed_at)::int,
         'p50', ${percentile(0.5, sql`extract(epoch from completed_at - created_at)`)},
         'p90', ${percentile(0.9, sql`extract(epoch from completed_at - created_at)`)}),
       'late', jsonb_build_object(
         'orders', count(*) filter (where completed_at is not null and promised_at is not null)::int,
         'late', count(*) filter (where completed_at > promised_at)::int))
     from ev)`

/** The range's breakdowns: each grouped once, then joined to every day, hour or kind so that none is missing. */
function detail(restaurantId: number, range: LocalRange) {
  return sql`
  'byDay', (
    select json_agg(json_build_object(
      'date', to_char(g.day, 'YYYY-MM-DD'), 'orders', coalesce(x.orders, 0), 'cancelled', coalesce(x.cancelled, 0),
      'grossCents', coalesce(x.gross, 0), 'netCents', coalesce(x.net, 0)) order by g.day)
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as g(day)
    left join (
      select f.day, count(*)::int as orders, count(*) filter (where f.status = 'cancelled')::int as cancelled,
             sum(f.food_cents)::float8 as gross,
             coalesce(sum(f.food_cents) filter (where f.status <> 'cancelled'), 0)::float8 as net
      from f group by f.day
    ) x on x.day = g.day::date),
  'byHour', (
    select json_agg(json_build_object('hour', g.hour, 'orders', coalesce(x.orders, 0), 'netCents', coalesce(x.net, 0))
      order by g.hour)
    from generate_series(0, 23) as g(hour)
    left join (
      select extract(hour from f.local_at)::int as hour, count(*)::int as orders,
             coalesce(sum(f.food_cents) filter (where f.status <> 'cancelled'), 0)::float8 as net
      from f group by 1
    ) x on x.hour = g.hour),
  'bySource', (
    select json_agg(json_build_object('source', s.source, 'orders', s.orders, 'netCents', s.net)
      order by s.source <> 'clearplate', s.orders desc, s.source)
    from (
      select f.source, count(*)::int as orders,
             coalesce(sum(f.food_cents) filter (where f.status <> 'cancelled'), 0)::float8 as net
      from f group by f.source
      union all
      select 'clearplate', 0, 0 where not exists (select 1 from f where f.source = 'clearplate')
    ) s),
  'byFulfilment', (
    select json_agg(json_build_object('fulfilment', k.name, 'orders', coalesce(x.orders, 0), 'netCents', coalesce(x.net, 0))
      order by k.name)
    from (values ('delivery'), ('pickup')) as k(name)
    left join (
      select f.fulfilment, count(*)::int as orders,
             coalesce(sum(f.food_cents) filter (where f.status <> 'cancelled'), 0)::float8 as net
      from f group by f.fulfilment
    ) x on x.fulfilment = k.name),
  'items', (
    select coalesce(json_agg(json_build_object(
      'menuItemId', i.menu_item_id, 'name', i.name, 'quantity', i.quantity, 'revenueCents', i.revenue)
      order by i.revenue desc, i.name), '[]'::json)
    from (
      select it.menu_item_id, coalesce(max(m.name), max(it.name)) as name,
             sum(it.quantity)::int as quantity, sum(it.revenue_cents)::float8 as revenue
      from it
      left join menu_items m on m.id = it.menu_item_id and m.restaurant_id = ${restaurantId}
      group by it.menu_item_id, case when it.menu_item_id is null then it.name end
    ) i),
  'toStatus', (
    select coalesce(json_agg(json_build_object('status', s.status, 'orders', s.orders, 'p50', s.p50, 'p90', s.p90)
      order by s.step), '[]'::json)
    from (
      select v.status, v.step, count(*)::int as orders,
             ${percentile(0.5, sql`extract(epoch from v.at - ev.created_at)`)} as p50,
             ${percentile(0.9, sql`extract(epoch from v.at - ev.created_at)`)} as p90
      from ev
      cross join lateral (values (1, 'cooking', ev.cooking_at), (2, 'plating', ev.plating_at),
                                 (3, 'delivering', ev.delivering_at), (4, 'completed', ev.completed_at))
        as v(step, status, at)
      where v.at is not null
      group by v.step, v.status
    ) s),
  'byStation', (
    select coalesce(json_agg(json_build_object('station', s.station, 'orders', s.orders, 'p50', s.p50, 'p90', s.p90)
      order by s.station nulls last), '[]'::json)
    from (
      select st.station, count(*)::int as orders,
             ${percentile(0.5, sql`extract(epoch from ev.plating_at - ev.created_at)`)} as p50,
             ${percentile(0.9, sql`extract(epoch from ev.plating_at - ev.created_at)`)} as p90
      from ev
      cross join lateral unnest(ev.stations) as st(station)
      where ev.plating_at is not null
      group by st.station
    ) s),
  'lateByHour', (
    select json_agg(json_build_object('hour', g.hour, 'orders', coalesce(x.orders, 0), 'late', coalesce(x.late, 0))
      order by g.hour)
    from generate_series(0, 23) as g(hour)
    left join (
      select extract(hour from ev.local_at)::int as hour, count(*)::int as orders,
             count(*) filter (where ev.completed_at > ev.promised_at)::int as late
      from ev
      where ev.completed_at is not null and ev.promised_at is not null
      group by 1
    ) x on x.hour = g.hour)`
}

function reviewBounds(range: LocalRange) {
  return sql`r.created_at >= (${range.from}::date)::timestamp at time zone ${range.tz}
    and r.created_at < (${range.to}::date + 1)::timestamp at time zone ${range.tz}`
}

async function one<T>(tx: Tx, query: SQL): Promise<T> {
  const result = await tx.execute<{ figures: T }>(query)
  return result.rows[0]!.figures
}

export function createInsightsRepository(tx: Tx) {
  return {
    /** The restaurant's owner, or undefined when there is no such restaurant. */
    async restaurant(restaurantId: number): Promise<{ ownerId: number | null } | undefined> {
      const result = await tx.execute<{ owner_id: number | null }>(
        sql`select owner_id from restaurants where id = ${restaurantId}`,
      )
      const row = result.rows[0]
      return row ? { ownerId: row.owner_id } : undefined
    },

    /** The restaurant's time zone and today's date in it (undefined: no such restaurant). */
    async zone(restaurantId: number): Promise<{ timeZone: string; today: string } | undefined> {
      const result = await tx.execute<{ time_zone: string; today: string }>(
        sql`select time_zone, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today
            from restaurants where id = ${restaurantId}`,
      )
      const row = result.rows[0]
      return row ? { timeZone: row.time_zone, today: row.today } : undefined
    },

    /** The days of `days` the roll-up holds for the restaurant in `tz`. */
    async builtDays(restaurantId: number, tz: string, days: readonly string[]): Promise<string[]> {
      if (days.length === 0) return []
      const result = await tx.execute<{ day: string }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day from insights_days
            where restaurant_id = ${restaurantId} and time_zone = ${tz} and day = any(${dayList(days)})
            order by day`,
      )
      return result.rows.map((r) => r.day)
    },

    /**
     * Builds the roll-up of `days` (past local days in the restaurant's zone `tz`): call inside a
     * read-committed transaction. Each day is taken under its lock, skipped when a writer holds
     * it (that day is read from the orders this time) or when it was built meanwhile.
     */
    async buildDays(restaurantId: number, tz: string, days: readonly string[]): Promise<string[]> {
      const taken = await tx.execute<{ day: string }>(
        sql`select to_char(d, 'YYYY-MM-DD') as day from unnest(${dayList(days)}) as d
            where pg_try_advisory_xact_lock(${restaurantId}::int, (d - date '2000-01-01')::int)
            order by d`,
      )
      const locked = taken.rows.map((r) => r.day)
      if (locked.length === 0) return []
      const present = new Set(await this.builtDays(restaurantId, tz, locked))
      const build = locked.filter((d) => !present.has(d))
      if (build.length === 0) return []
      const range = { from: build[0]!, to: build[build.length - 1]!, tz }
      await tx.execute(sql`
        with inserted as (
          insert into insights_days (restaurant_id, day, time_zone)
          select ${restaurantId}, d, ${tz} from unnest(${dayList(build)}) as d
          on conflict do nothing
          returning day
        ),
        ${rawFacts(restaurantId, range, build)},
        fact_rows as (
          insert into insights_orders (restaurant_id, ${FACT_COLUMNS})
          select ${restaurantId}, ${FACT_COLUMNS} from rf where rf.day in (select day from inserted)
        )
        insert into insights_day_items (restaurant_id, day, menu_item_id, name, quantity, revenue_cents)
        select ${restaurantId}, x.day, x.menu_item_id, x.name, x.quantity, x.revenue_cents
        from (${RAW_ITEM_LINES}) x
        where x.day in (select day from inserted)`)
      return build
    },

    async headline(restaurantId: number, range: LocalRange, built: readonly string[]): Promise<SalesFigures> {
      return one(tx, sql`with ${facts(restaurantId, range, built, false)} select ${HEADLINE} as figures`)
    },

    async headlineAndDetail(
      restaurantId: number,
      range: LocalRange,
      built: readonly string[],
    ): Promise<SalesFigures & SalesDetail> {
      return one(
        tx,
        sql`with ${facts(restaurantId, range, built, true)}
            select ${HEADLINE} || jsonb_build_object(${detail(restaurantId, range)}) as figures`,
      )
    },

    /**
     * Dishes sold out ("86'd") during the range: each stretch from a "sold out" to the next
     * "back" (or now), cut to the range; per dish, how many times and for how many minutes.
     */
    async soldOut(restaurantId: number, range: LocalRange): Promise<SoldOut[]> {
      const result = await tx.execute<SoldOut>(sql`
        with bounds as (
          select (${range.from}::date)::timestamp at time zone ${range.tz} as lo,
                 least((${range.to}::date + 1)::timestamp at time zone ${range.tz}, now()) as hi
        ),
        changes as (
          select a.id, a.menu_item_id, a.is_available, a.at, a.actor_user_id,
                 lag(a.is_available) over (partition by a.menu_item_id order by a.at, a.id) as was_available
          from menu_item_availability a
          where a.restaurant_id = ${restaurantId}
        ),
        outs as (
          select c.menu_item_id, c.at, c.actor_user_id,
                 (select min(n.at) from changes n
                  where n.menu_item_id = c.menu_item_id and n.is_available and n.at >= c.at and n.id <> c.id) as back_at
          from changes c
          where not c.is_available and coalesce(c.was_available, true)
        ),
        stretches as (
          select o.menu_item_id, greatest(o.at, b.lo) as began, least(coalesce(o.back_at, b.hi), b.hi) as ended,
                 o.back_at is null as open, o.actor_user_id
          from outs o, bounds b
        )
        select s.menu_item_id as "menuItemId", m.name, count(*)::int as times,
               round(sum(extract(epoch from s.ended - s.began)) / 60)::int as minutes,
               bool_or(s.open) as "stillOut",
               (array_agg(u.full_name order by s.began desc))[1] as "lastBy"
        from stretches s
        join menu_items m on m.id = s.menu_item_id
        left join users u on u.id = s.actor_user_id
        where s.ended > s.began
        group by s.menu_item_id, m.name
        order by minutes desc, m.name`)
      return result.rows
    },

    async reviewFigures(restaurantId: number, range: LocalRange): Promise<ReviewFigures> {
      return one(
        tx,
        sql`select json_build_object(
              'average', (select round(avg(r.rating), 2)::float8 from reviews r
                          where r.restaurant_id = ${restaurantId} and ${reviewBounds(range)}),
              'count', (select count(*)::int from reviews r where r.restaurant_id = ${restaurantId} and ${reviewBounds(range)}),
              'distribution', (
                select json_agg(json_build_object('rating', d.rating, 'count', d.count) order by d.rating desc)
                from (
                  select stars.rating, count(r.id)::int as count
                  from generate_series(1, 5) as stars(rating)
                  left join reviews r on r.rating = stars.rating and r.restaurant_id = ${restaurantId}
                    and ${reviewBounds(range)}
                  group by stars.rating
                ) d)
            ) as figures`,
      )
    },

    /** Reviews of the range with a comment, newest first. */
    async reviewLines(restaurantId: number, range: LocalRange, limit: number): Promise<ReviewLine[]> {
      const result = await tx.execute<{
        id: number
        rating: number
        comment: string
        full_name: string
        created_at: string | Date
      }>(sql`
        select r.id, r.rating, r.comment, u.full_name, r.created_at
        from reviews r join users u on u.id = r.user_id
        where r.restaurant_id = ${restaurantId} and ${reviewBounds(range)}
          and r.comment is not null and btrim(r.comment) <> ''
        order by r.created_at desc, r.id desc
        limit ${limit}`)
      return result.rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        comment: row.comment,
        fullName: row.full_name,
        createdAt: new Date(row.created_at),
      }))
    },

    /** Every review of the range (for the CSV), newest first, its local date and time. */
    async reviewsForExport(restaurantId: number, range: LocalRange, limit: number) {
      const result = await tx.execute<{ local_at: string; rating: number; comment: string | null }>(sql`
        select to_char(r.created_at at time zone ${range.tz}, 'YYYY-MM-DD HH24:MI') as local_at, r.rating, r.comment
        from reviews r
        where r.restaurant_id = ${restaurantId} and ${reviewBounds(range)}
        order by r.created_at desc, r.id desc
        limit ${limit}`)
      return result.rows
    },
  }
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>
