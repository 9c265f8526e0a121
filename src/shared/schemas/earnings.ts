import { z } from 'zod'

export const EARNING_KINDS = ['order', 'add_on', 'tip', 'shout', 'refund', 'payout'] as const
export type EarningLineKind = (typeof EARNING_KINDS)[number]

/** The smallest payout, in cents. */
export const PAYOUT_MIN_CENTS = 1000

const isoDate = z.iso.datetime({ offset: true, error: 'Use an ISO date and time' })
const dayOrDate = z.union([z.iso.date({ error: 'Use an ISO date' }), isoDate], { error: 'Use an ISO date' })

/** `from` (inclusive) and `to` (exclusive); a bare date is midnight UTC. Default: the last 30 days. */
export const earningsQuerySchema = z.object({
  from: dayOrDate.optional(),
  to: dayOrDate.optional(),
})
export type EarningsQuery = z.infer<typeof earningsQuerySchema>

export const earningLineSchema = z.object({
  id: z.number(),
  kind: z.enum(EARNING_KINDS),
  orderId: z.number().nullable(),
  /** Dollars, signed: the restaurant's share. */
  amount: z.number(),
  /** What the diner paid for this line (the restaurant's share, the commission and the fee). */
  gross: z.number(),
  commission: z.number(),
  fee: z.number(),
  description: z.string(),
  createdAt: z.string(),
})
export type EarningLine = z.infer<typeof earningLineSchema>

export const earningsTotalsSchema = z.object({
  order: z.number(),
  add_on: z.number(),
  tip: z.number(),
  shout: z.number(),
  refund: z.number(),
  payout: z.number(),
})

export const earningsSchema = z.object({
  lines: z.array(earningLineSchema),
  totals: earningsTotalsSchema,
  /** The balance a payout would pay now, whatever the range. */
  available: z.number(),
  commissionPercent: z.number(),
})
export type Earnings = z.infer<typeof earningsSchema>

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const
export const payoutSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.string(),
  transferId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
})
export type Payout = z.infer<typeof payoutSchema>

export const payoutAccountSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  /** Stripe Connect account id; null until linked. */
  stripeAccountId: z.string().nullable(),
})
export type PayoutAccount = z.infer<typeof payoutAccountSchema>

export const linkPayoutAccountSchema = z.object({
  stripeAccountId: z
    .string()
    .regex(/^acct_[A-Za-z0-9]{6,64}$/, 'A Stripe account id looks like acct_1A2b3C4d5E')
    .nullable(),
})
