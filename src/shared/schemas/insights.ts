import { z } from 'zod'

/** The longest range insights answer for, in days (a year, leap day included). */
export const INSIGHTS_MAX_DAYS = 366

const DATE_MESSAGE = 'Must be a date written YYYY-MM-DD'

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30). */
export const calendarDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
  }, DATE_MESSAGE)

/** True when `zone` is an IANA time zone name this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const timeZoneName = z
  .string({ error: 'Must be a time zone such as America/Chicago' })
  .refine(isTimeZone, 'Must be a time zone such as America/Chicago')

/** Days from `from` to `to`, both counted: 2026-11-01..2026-11-07 is 7. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

/** The range of the same length that ends the day before `from`. */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysInRange(range.from, range.to)
  const start = Date.parse(`${range.from}T00:00:00Z`)
  const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10)
  return { from: day(-days), to: day(-1) }
}

/**
 * `?from&to&tz`: local dates of the restaurant, both days included. Left out, the range is the
 * last 7 days up to today in `tz`, and `tz` is the restaurant's time zone.
 */
export const insightsQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    tz: timeZoneName.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'Give both from and to' })
      return
    }
    if (q.from && q.to) {
      const days = daysInRange(q.from, q.to)
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from' })
      else if (days > INSIGHTS_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A range is at most ${INSIGHTS_MAX_DAYS} days`,
        })
    }
  })
export type InsightsQuery = z.infer<typeof insightsQuery>

export const INSIGHTS_CSV_SECTIONS = ['sales', 'items', 'service', 'reviews'] as const
export type InsightsCsvSection = (typeof INSIGHTS_CSV_SECTIONS)[number]

export const insightsCsvQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    tz: timeZoneName.optional(),
    section: z.enum(INSIGHTS_CSV_SECTIONS, {
      error: 'Section must be one of sales, items, service, reviews',
    }),
  })
  .strict()
  .superRefine((q, ctx) => {
    const parsed = insightsQuery.safeParse({ from: q.from, to: q.to, tz: q.tz })
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' })
  })

const rangeSchema = z.object({ from: z.string(), to: z.string(), tz: z.string(), days: z.number() })

/** Money is in dollars; `orders` counts every order placed, cancelled ones included. */
const salesTotals = z.object({
  orders: z.number(),
  cancelled: z.number(),
  /** The dishes sold (add-ons included), before refunds; the delivery fee is not the restaurant's. */
  gross: z.number(),
  /** What cancelled orders gave back (a cancel refunds the whole order). */
  refunds: z.number(),
  net: z.number(),
  /** Net divided by the orders that were not cancelled. */
  averageTicket: z.number(),
})

const liveKitchenSchema = z.object({
  tips: z.object({ count: z.number(), amount: z.number() }),
  shouts: z.object({ count: z.number(), amount: z.number() }),
  addOnsOffered: z.number(),
  addOnsAccepted: z.number(),
  addOnRevenue: z.number(),
})

/** Seconds from the order to a moment: the median and the 90th percentile over `orders`. */
const durationSchema = z.object({
  orders: z.number(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
})

export const insightsSchema = z.object({
  range: rangeSchema,
  previous: z.object({
    range: rangeSchema,
    sales: salesTotals,
    liveKitchen: liveKitchenSchema,
    service: z.object({ orderToDone: durationSchema, lateShare: z.number().nullable() }),
    reviews: z.object({ average: z.number().nullable(), count: z.number() }),
  }),
  sales: salesTotals.extend({
    byDay: z.array(
      z.object({
        date: z.string(),
        orders: z.number(),
        cancelled: z.number(),
        gross: z.number(),
        net: z.number(),
      }),
    ),
    /** Hour of day 0-23 in the restaurant's time zone, every hour present. */
    byHour: z.array(z.object({ hour: z.number(), orders: z.number(), net: z.number() })),
    /** Per source of the orders (`clearplate`, a delivery platform's name), `clearplate` always listed. */
    bySource: z.array(z.object({ source: z.string(), orders: z.number(), net: z.number() })),
    byFulfilment: z.array(
      z.object({ fulfilment: z.enum(['delivery', 'pickup']), orders: z.number(), net: z.number() }),
    ),
  }),
  liveKitchen: liveKitchenSchema,
  /** Dishes of the orders that were not cancelled, by revenue; `share` of the net, 0 to 1. */
  items: z.array(
    z.object({
      menuItemId: z.number().nullable(),
      name: z.string(),
      quantity: z.number(),
      revenue: z.number(),
      share: z.number(),
    }),
  ),
  /**
   * Dishes sold out ("86'd") during the range, from the menu's availability history: how many
   * times, for how many minutes in all (cut to the range, up to now), whether it is still sold
   * out, and who marked it last.
   */
  soldOut: z.array(
    z.object({
      menuItemId: z.number(),
      name: z.string(),
      times: z.number(),
      minutes: z.number(),
      stillOut: z.boolean(),
      lastBy: z.string().nullable(),
    }),
  ),
  service: z.object({
    /** From the order to the first time it reached each step (orders that were not cancelled). */
    toStatus: z.array(
      durationSchema.extend({ status: z.enum(['cooking', 'plating', 'delivering', 'completed']) }),
    ),
    orderToDone: durationSchema,
    /** Order to ready at the pass (plating) for the orders with a dish of each station; null: no station. */
    byStation: z.array(durationSchema.extend({ station: z.string().nullable() })),
    /** Completed orders with a promised time, and the share finished after it. */
    late: z.object({ orders: z.number(), late: z.number(), share: z.number().nullable() }),
    lateByHour: z.array(z.object({ hour: z.number(), orders: z.number(), late: z.number() })),
  }),
  reviews: z.object({
    average: z.number().nullable(),
    count: z.number(),
    /** Ratings 5 to 1. */
    distribution: z.array(z.object({ rating: z.number(), count: z.number() })),
    latest: z.array(
      z.object({
        id: z.number(),
        rating: z.number(),
        comment: z.string(),
        author: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
})
export type Insights = z.infer<typeof insightsSchema>
