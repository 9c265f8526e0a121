/**
 * Every movement of a diner's wallet goes through `runWalletMovement`: the work runs in one
 * transaction (under the request's Idempotency-Key when it has one), its debits and credits are
 * written through the wallet repository inside that transaction, and once it has committed each
 * movement is published (the read cache cleared, the diner's live connections told). A replayed
 * request moved nothing and publishes nothing.
 *
 * A debit that pays a restaurant says so (`pays`): the restaurant's earnings line is written in the
 * same transaction, the platform's commission and the delivery fee beside it, so that what the
 * diner paid = the restaurant's amount + commission + fee, line by line. A cancel's refund reverses
 * an order's lines exactly (`reverseEarnings`).
 */
import type { Db, Tx } from '../db/client'
import { commissionCents, DEFAULT_COMMISSION_PERCENT, type EarningKind } from '../earnings/commission'
import { createEarningsRepository } from '../earnings/earnings.repository'
import type { Bus } from '../infra/bus'
import { type IdempotencyOptions, type IdempotentResult, runIdempotent } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import { publishWalletMovement } from './wallet.events'
import { createWalletRepository, type Movement, type MovementResult } from './wallet.repository'

export interface WalletMovementDeps {
  db: Db
  bus: Bus
  log?: Pick<Logger, 'warn'>
  /** PLATFORM_COMMISSION_PERCENT; 15 when not given. */
  commissionPercent?: number
}

/** The restaurant a debit pays, and for what. */
export interface Payee {
  restaurantId: number
  kind: EarningKind
  orderId: number
  /** The part of the debit that is the delivery fee: the platform's. */
  feeCents?: number
}

/** The wallet inside a movement's transaction: what it moves is published after the commit. */
export interface WalletMover {
  debit(m: Movement & { pays?: Payee }): Promise<MovementResult>
  credit(m: Movement): Promise<MovementResult>
  /** Writes, per restaurant, the line that undoes everything the order has earned (a cancel). */
  reverseEarnings(orderId: number, description: string): Promise<void>
}

export interface WalletMovementResult<T> extends IdempotentResult<T> {
  /** What moved, in order; empty for a replay. */
  movements: MovementResult[]
}

export async function runWalletMovement<T>(
  deps: WalletMovementDeps,
  options: IdempotencyOptions,
  work: (tx: Tx, wallet: WalletMover) => Promise<T>,
): Promise<WalletMovementResult<T>> {
  let movements: MovementResult[] = []
  const result = await runIdempotent<T>(deps.db, options, async (tx) => {
    movements = []
    const wallet = createWalletRepository(tx)
    const earnings = createEarningsRepository(tx)
    const percent = deps.commissionPercent ?? DEFAULT_COMMISSION_PERCENT
    const mover: WalletMover = {
      async debit({ pays, ...m }) {
        const moved = await wallet.debit(m)
        movements.push(moved)
        if (pays) {
          const feeCents = pays.feeCents ?? 0
          const gross = m.cents - feeCents
          const commission = commissionCents(pays.kind, gross, percent)
          await earnings.record({
            restaurantId: pays.restaurantId,
            kind: pays.kind,
            orderId: pays.orderId,
            amountCents: gross - commission,
            commissionCents: commission,
            feeCents,
            description: m.description,
            reference: m.reference ?? null,
          })
        }
        return moved
      },
      async credit(m) {
        const moved = await wallet.credit(m)
        movements.push(moved)
        return moved
      },
      async reverseEarnings(orderId, description) {
        for (const earned of await earnings.orderTotals(orderId)) {
          const total = earned.amountCents + earned.commissionCents + earned.feeCents
          if (total === 0 && earned.amountCents === 0) continue
          await earnings.record({
            restaurantId: earned.restaurantId,
            kind: 'refund',
            orderId,
            amountCents: -earned.amountCents,
            commissionCents: -earned.commissionCents,
            feeCents: -earned.feeCents,
            description,
            reference: `refund:order:${orderId}`,
          })
        }
      },
    }
    return work(tx, mover)
  })
  if (result.replayed) return { ...result, movements: [] }
  for (const movement of movements) await publishWalletMovement(deps.bus, movement, deps.log)
  return { ...result, movements }
}
