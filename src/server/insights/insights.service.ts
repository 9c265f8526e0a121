import { toDollars } from '../../shared/money'
import {
  daysInRange,
  type Insights,
  type InsightsCsvSection,
  type InsightsQuery,
  previousRange,
} from '../../shared/schemas/insights'
import type { Db } from '../db/client'
import { restaurantNotFound, unknownTimeZone } from '../restaurants/restaurants.errors'
import { createRestaurantRepository } from '../restaurants/restaurants.repository'
import { authorName } from '../reviews/reviews.service'
import { toCsv } from './csv'
import {
  createInsightsRepository,
  daysOf,
  type LocalRange,
  type ReviewFigures,
  type SalesFigures,
} from './insights.repository'

const LATEST_REVIEWS = 5
const CSV_REVIEWS = 10_000

/** The local date of `now` in `tz`, YYYY-MM-DD. */
export function localDate(now: Date, tz: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** The asked range, or the last 7 days up to today in `tz` (the asked zone, else the restaurant's). */
export function resolveRange(query: InsightsQuery, zone: string, now = new Date()): LocalRange {
  const tz = query.tz ?? zone
  if (query.from && query.to) return { from: query.from, to: query.to, tz }
  const to = localDate(now, tz)
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)
  return { from, to, tz }
}

const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null

function totals(f: SalesFigures) {
  const netCents = f.grossCents - f.refundCents
  const kept = f.orders - f.cancelled
  return {
    sales: {
      orders: f.orders,
      cancelled: f.cancelled,
      gross: toDollars(f.grossCents),
      refunds: toDollars(f.refundCents),
      net: toDollars(netCents),
      averageTicket: kept > 0 ? toDollars(Math.round(netCents / kept)) : 0,
    },
    liveKitchen: {
      tips: { count: f.tips.count, amount: toDollars(f.tips.cents) },
      shouts: { count: f.shouts.count, amount: toDollars(f.shouts.cents) },
      addOnsOffered: f.addOns.offered,
      addOnsAccepted: f.addOns.accepted,
      addOnRevenue: toDollars(f.addOns.cents),
    },
  }
}

function rangeOf(range: LocalRange) {
  return { ...range, days: daysInRange(range.from, range.to) }
}

function reviewAverage(r: ReviewFigures) {
  return { average: r.average, count: r.count }
}

/**
 * A restaurant's figures for a range of local dates, beside the range of the same length before
 * it. Every figure is an aggregate the database computes from the orders, their status history,
 * the wallet ledger and the reviews at the time of asking (docs/decisions/034).
 */
export function createInsightsService({ db }: { db: Db }) {
  /** The restaurant's zone; a zone asked instead must be one the database knows (else 400). */
  async function zoneOf(restaurantId: number, asked?: string) {
    const zone = await createInsightsRepository(db).zone(restaurantId)
    if (!zone) throw restaurantNotFound()
    if (asked !== undefined && asked !== zone.timeZone) {
      if (!(await createRestaurantRepository(db).knowsTimeZone(asked)))
        throw unknownTimeZone(undefined, { tz: 'Must be a time zone such as America/Chicago' })
    }
    return zone
  }

  /**
   * Builds the roll-up of the past days of `ranges` it lacks, when they are asked in the
   * restaurant's own zone (the roll-up keeps its days only): in a transaction of its own, before
   * the read. What cannot be built now is read from the orders.
   */
  async function rollUp(
    restaurantId: number,
    zone: { timeZone: string; today: string },
    ranges: LocalRange[],
  ) {
    if (ranges.some((r) => r.tz !== zone.timeZone)) return
    const past = [...new Set(ranges.flatMap(daysOf))].filter((d) => d < zone.today).sort()
    if (past.length === 0) return
    const built = new Set(await createInsightsRepository(db).builtDays(restaurantId, zone.timeZone, past))
    const missing = past.filter((d) => !built.has(d))
    if (missing.length === 0) return
    await db.transaction(
      (tx) => createInsightsRepository(tx).buildDays(restaurantId, zone.timeZone, missing),
      {
        isolationLevel: 'read committed',
      },
    )
  }

  /**
   * The figures; the caller has checked that the user may read them (the route's
   * `restaurantAccess('read_insights')`).
   */
  async function insights(restaurantId: number, query: InsightsQuery, now = new Date()): Promise<Insights> {
    const zone = await zoneOf(restaurantId, query.tz)
    const range = resolveRange(query, zone.timeZone, now)
    const before = { ...previousRange(range), tz: range.tz }
    await rollUp(restaurantId, zone, [range, before])
    // One snapshot: both ranges and the reviews read the same committed state, and each day is
    // read from the roll-up only if it is built in that snapshot.
    return db.transaction(
      async (tx) => {
        const repo = createInsightsRepository(tx)
        const own = range.tz === zone.timeZone
        const builtNow = own ? await repo.builtDays(restaurantId, range.tz, daysOf(range)) : []
        const builtBefore = own ? await repo.builtDays(restaurantId, range.tz, daysOf(before)) : []
        const current = await repo.headlineAndDetail(restaurantId, range, builtNow)
        const previous = await repo.headline(restaurantId, before, builtBefore)
        const reviews = await repo.reviewFigures(restaurantId, range)
        const previousReviews = await repo.reviewFigures(restaurantId, before)
        const latest = await repo.reviewLines(restaurantId, range, LATEST_REVIEWS)
        const soldOut = await repo.soldOut(restaurantId, range)
        const shown = totals(current)
        const net = current.grossCents - current.refundCents
        return {
          range: rangeOf(range),
          previous: {
            range: rangeOf(before),
            ...totals(previous),
            service: {
              orderToDone: previous.orderToDone,
              lateShare: ratio(previous.late.late, previous.late.orders),
            },
            reviews: reviewAverage(previousReviews),
          },
          sales: {
            ...shown.sales,
            byDay: current.byDay.map((d) => ({
              date: d.date,
              orders: d.orders,
              cancelled: d.cancelled,
              gross: toDollars(d.grossCents),
              net: toDollars(d.netCents),
            })),
            byHour: current.byHour.map((h) => ({
              hour: h.hour,
              orders: h.orders,
              net: toDollars(h.netCents),
            })),
            bySource: current.bySource.map((b) => ({
              source: b.source,
              orders: b.orders,
              net: toDollars(b.netCents),
            })),
            byFulfilment: current.byFulfilment.map((f) => ({
              fulfilment: f.fulfilment,
              orders: f.orders,
              net: toDollars(f.netCents),
            })),
          },
          liveKitchen: shown.liveKitchen,
          items: current.items.map((i) => ({
            menuItemId: i.menuItemId,
            name: i.name,
            quantity: i.quantity,
            revenue: toDollars(i.revenueCents),
            share: ratio(i.revenueCents, net) ?? 0,
          })),
          soldOut,
          service: {
            toStatus: current.toStatus,
            orderToDone: current.orderToDone,
            byStation: current.byStation,
            late: { ...current.late, share: ratio(current.late.late, current.late.orders) },
            lateByHour: current.lateByHour,
          },
          reviews: {
            ...reviews,
            latest: latest.map((r) => ({
              id: r.id,
              rating: r.rating,
              comment: r.comment,
              author: authorName(r.fullName),
              createdAt: r.createdAt.toISOString(),
            })),
          },
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
  }

  return {
    insights,
    /** Only the roll-up's figures or only the orders' (the check that the two agree). */
    async figuresFrom(restaurantId: number, range: LocalRange, source: 'roll-up' | 'orders') {
      return db.transaction(
        async (tx) => {
          const repo = createInsightsRepository(tx)
          const built = source === 'orders' ? [] : await repo.builtDays(restaurantId, range.tz, daysOf(range))
          return repo.headlineAndDetail(restaurantId, range, built)
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    },
    rollUp: async (restaurantId: number, ranges: LocalRange[]) =>
      rollUp(restaurantId, await zoneOf(restaurantId), ranges),

    /** One section as CSV: a header line, then a row per day, dish, measure or review. */
    async csv(
      restaurantId: number,
      query: InsightsQuery & { section: InsightsCsvSection },
      now = new Date(),
    ): Promise<{ filename: string; body: string }> {
      const range = resolveRange(query, (await zoneOf(restaurantId, query.tz)).timeZone, now)
      const filename = `insights-${restaurantId}-${query.section}-${range.from}-to-${range.to}.csv`
      if (query.section === 'reviews') {
        const rows = await createInsightsRepository(db).reviewsForExport(restaurantId, range, CSV_REVIEWS)
        return {
          filename,
          body: toCsv(
            ['date', 'rating', 'comment'],
            rows.map((r) => [r.local_at, r.rating, r.comment ?? '']),
          ),
        }
      }
      const figures = await insights(restaurantId, range, now)
      if (query.section === 'sales')
        return {
          filename,
          body: toCsv(
            ['date', 'orders', 'cancelled', 'gross', 'net'],
            figures.sales.byDay.map((d) => [
              d.date,
              d.orders,
              d.cancelled,
              d.gross.toFixed(2),
              d.net.toFixed(2),
            ]),
          ),
        }
      if (query.section === 'items')
        return {
          filename,
          body: toCsv(
            ['menu_item_id', 'dish', 'quantity', 'revenue', 'share_percent'],
            figures.items.map((i) => [
              i.menuItemId ?? '',
              i.name,
              i.quantity,
              i.revenue.toFixed(2),
              (i.share * 100).toFixed(2),
            ]),
          ),
        }
      const s = figures.service
      return {
        filename,
        body: toCsv(
          ['measure', 'name', 'orders', 'p50_seconds', 'p90_seconds', 'late'],
          [
            ...s.toStatus.map((t) => ['order_to_status', t.status, t.orders, t.p50 ?? '', t.p90 ?? '', '']),
            ...s.byStation.map((t) => [
              'order_to_ready_by_station',
              t.station ?? '(no station)',
              t.orders,
              t.p50 ?? '',
              t.p90 ?? '',
              '',
            ]),
            ...s.lateByHour.map((h) => [
              'late_by_hour',
              String(h.hour).padStart(2, '0'),
              h.orders,
              '',
              '',
              h.late,
            ]),
          ],
        ),
      }
    },
  }
}
export type InsightsService = ReturnType<typeof createInsightsService>
