/**
 * A restaurant's earnings as its owner reads them (lines, totals per kind, the available balance,
 * a CSV statement) and its payouts. The lines themselves are written by the wallet's movements
 * (`wallet/wallet-movement.ts`); payouts draw the balance here, once: the account row is locked,
 * the payout and its line are written in one transaction, and the transfer runs after the commit
 * with the payout's id as its idempotency key.
 */
import { toDollars } from '../../shared/money'
import {
  type EarningLine,
  type EarningLineKind,
  type Earnings,
  type EarningsQuery,
  PAYOUT_MIN_CENTS,
  type Payout,
  type PayoutAccount,
} from '../../shared/schemas/earnings'
import type { Db } from '../db/client'
import { type IdempotentResult, runIdempotent } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import { invalidEarningsRange, payoutAccountMissing, payoutBelowMinimum } from './earnings.errors'
import { createEarningsRepository, type EarningRow, type PayoutRow } from './earnings.repository'

export const PAYOUT_SCOPE = 'POST /api/restaurants/:id/payouts'
const DAY_MS = 24 * 3600 * 1000

/** Where payouts go: the test rail pays at once; Stripe sends a Connect transfer. */
export interface PayoutRail {
  name: 'test' | 'stripe'
  /** True when the restaurant must link an account first. */
  needsAccount: boolean
  /** Sends `amountCents` to the restaurant; the payout id is the idempotency key. */
  transfer(input: { payoutId: number; amountCents: number; destination: string | null }): Promise<{
    transferId: string
  }>
}

export const testPayoutRail: PayoutRail = {
  name: 'test',
  needsAccount: false,
  async transfer({ payoutId }) {
    return { transferId: `test_tr_${payoutId}` }
  },
}

export function toEarningLine(row: EarningRow): EarningLine {
  return {
    id: row.id,
    kind: row.kind as EarningLineKind,
    orderId: row.orderId,
    amount: toDollars(row.amountCents),
    gross: toDollars(row.amountCents + row.commissionCents + row.feeCents),
    commission: toDollars(row.commissionCents),
    fee: toDollars(row.feeCents),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    amount: toDollars(row.amountCents),
    status: row.status as Payout['status'],
    provider: row.provider,
    transferId: row.transferId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}

/** The range asked for: a bare date is midnight UTC; no `to` is now, no `from` 30 days before `to`. */
export function earningsRange(query: EarningsQuery, now = new Date()): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : now
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS)
  if (!(from < to)) throw invalidEarningsRange(undefined, { from: invalidEarningsRange().message })
  return { from, to }
}

const CSV_HEADER = [
  'Date',
  'Kind',
  'Order',
  'Description',
  'Paid by diner',
  'Platform commission',
  'Delivery fee (platform)',
  'Restaurant earning',
]

/** One CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
function csvField(value: string | number | null): string {
  if (value === null) return ''
  let text = typeof value === 'number' ? value.toFixed(2) : value
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A bookkeeper's statement: one row per line, then the totals. */
export function earningsCsv(earnings: Earnings, range: { from: Date; to: Date }): string {
  const rows: (string | number | null)[][] = [CSV_HEADER]
  let gross = 0
  let commission = 0
  let fee = 0
  let amount = 0
  for (const line of earnings.lines) {
    rows.push([
      line.createdAt,
      line.kind,
      line.orderId === null ? null : String(line.orderId),
      line.description,
      line.gross,
      line.commission,
      line.fee,
      line.amount,
    ])
    gross += line.gross
    commission += line.commission
    fee += line.fee
    amount += line.amount
  }
  const round = (n: number) => Math.round(n * 100) / 100
  rows.push([
    `${range.from.toISOString()} to ${range.to.toISOString()}`,
    'total',
    null,
    `Available for payout now: ${earnings.available.toFixed(2)}`,
    round(gross),
    round(commission),
    round(fee),
    round(amount),
  ])
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`
}

export function createEarningsService(deps: {
  db: Db
  /** 404 for an unknown restaurant, 403 for someone who does not own it. */
  requireOwner: (restaurantId: number, userId: number) => Promise<void>
  rail: PayoutRail
  commissionPercent: number
  log?: Pick<Logger, 'warn' | 'error'>
}) {
  const { db, requireOwner, rail, log } = deps
  const repo = createEarningsRepository(db)

  /** Sends a committed pending payout; a failed transfer returns its amount to the balance. */
  async function send(payout: PayoutRow, destination: string | null): Promise<PayoutRow> {
    try {
      const { transferId } = await rail.transfer({
        payoutId: payout.id,
        amountCents: payout.amountCents,
        destination,
      })
      return await repo.updatePayout(payout.id, { status: 'paid', transferId, paidAt: new Date() })
    } catch (err) {
      log?.error({ err, payoutId: payout.id }, 'a payout transfer failed')
      const reason = err instanceof Error ? err.message : 'The transfer failed'
      return db.transaction(async (tx) => {
        const txRepo = createEarningsRepository(tx)
        await txRepo.lockAccount(payout.restaurantId)
        await txRepo.record({
          restaurantId: payout.restaurantId,
          kind: 'payout',
          payoutId: payout.id,
          amountCents: payout.amountCents,
          description: `Payout #${payout.id} failed and returned`,
          reference: `payout:${payout.id}`,
        })
        return txRepo.updatePayout(payout.id, { status: 'failed', failureReason: reason.slice(0, 300) })
      })
    }
  }

  return {
    async earnings(restaurantId: number, userId: number, query: EarningsQuery) {
      await requireOwner(restaurantId, userId)
      const range = earningsRange(query)
      const [rows, account] = await Promise.all([
        repo.lines(restaurantId, range.from, range.to),
        repo.account(restaurantId),
      ])
      const totals = { order: 0, add_on: 0, tip: 0, shout: 0, refund: 0, payout: 0 }
      for (const row of rows) totals[row.kind as EarningLineKind] += row.amountCents
      const earnings: Earnings = {
        lines: rows.map(toEarningLine),
        totals: {
          order: toDollars(totals.order),
          add_on: toDollars(totals.add_on),
          tip: toDollars(totals.tip),
          shout: toDollars(totals.shout),
          refund: toDollars(totals.refund),
          payout: toDollars(totals.payout),
        },
        available: toDollars(account?.balanceCents ?? 0),
        commissionPercent: deps.commissionPercent,
      }
      return { earnings, range }
    },

    async payoutAccount(restaurantId: number, userId: number): Promise<PayoutAccount> {
      await requireOwner(restaurantId, userId)
      const account = await repo.account(restaurantId)
      return { provider: rail.name, stripeAccountId: account?.stripeAccountId ?? null }
    },

    async linkPayoutAccount(
      restaurantId: number,
      userId: number,
      stripeAccountId: string | null,
    ): Promise<PayoutAccount> {
      await requireOwner(restaurantId, userId)
      await repo.linkStripeAccount(restaurantId, stripeAccountId)
      return { provider: rail.name, stripeAccountId }
    },

    async payouts(restaurantId: number, userId: number): Promise<Payout[]> {
      await requireOwner(restaurantId, userId)
      return (await repo.payouts(restaurantId)).map(toPayout)
    },

    /**
     * Pays out the whole available balance, at least PAYOUT_MIN_CENTS, once: the account's row lock
     * makes concurrent requests wait, and the later ones find nothing left to pay.
     */
    async requestPayout(input: {
      restaurantId: number
      userId: number
      idempotencyKey?: string
    }): Promise<IdempotentResult<Payout>> {
      const { restaurantId, userId, idempotencyKey } = input
      await requireOwner(restaurantId, userId)
      let created: { payout: PayoutRow; destination: string | null } | undefined
      const result = await runIdempotent<Payout>(
        db,
        { userId, key: idempotencyKey, scope: PAYOUT_SCOPE, statusCode: 201, request: { restaurantId } },
        async (tx) => {
          const txRepo = createEarningsRepository(tx)
          const account = await txRepo.lockAccount(restaurantId)
          if (account.balanceCents < PAYOUT_MIN_CENTS) throw payoutBelowMinimum()
          if (rail.needsAccount && !account.stripeAccountId) throw payoutAccountMissing()
          const payout = await txRepo.insertPayout({
            restaurantId,
            amountCents: account.balanceCents,
            provider: rail.name,
            requestedBy: userId,
          })
          await txRepo.record({
            restaurantId,
            kind: 'payout',
            payoutId: payout.id,
            amountCents: -payout.amountCents,
            description: `Payout #${payout.id}`,
            reference: `payout:${payout.id}`,
          })
          created = { payout, destination: account.stripeAccountId }
          return toPayout(payout)
        },
      )
      if (result.replayed || !created) {
        const current = await repo.payout(result.body.id)
        return { ...result, body: current ? toPayout(current) : result.body }
      }
      const sent = await send(created.payout, created.destination)
      return { ...result, body: toPayout(sent) }
    },
  }
}
export type EarningsService = ReturnType<typeof createEarningsService>
