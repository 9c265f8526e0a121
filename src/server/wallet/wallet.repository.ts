import { and, desc, eq, gte, lte, sql } from 'drizzle-orm'
import { toDollars } from '../../shared/money'
import type { WalletTransaction } from '../../shared/schemas/wallet'
import type { Db, Tx } from '../db/client'
import { users, walletTransactions } from '../db/schema'
import { insufficientFunds } from '../infra/errors'
import { walletLimitReached } from './wallet.errors'

/** $1,000,000.00: far above any top-up, far below the integer column's limit. */
export const WALLET_MAX_CENTS = 100_000_000
export const TRANSACTIONS_LIMIT = 100

export type WalletTransactionRow = typeof walletTransactions.$inferSelect

export interface Movement {
  userId: number
  /** Positive: the amount that leaves or enters the wallet. */
  cents: number
  type: string
  description: string
  reference?: string | null
}

export interface MovementResult {
  balanceCents: number
  transaction: WalletTransactionRow
}

function assertPositiveCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Invalid amount in cents: ${cents}`)
}

/**
 * The wallet over a database or an open transaction. Debits and credits change the balance with
 * one conditional UPDATE and write the matching ledger row; run them inside the transaction that
 * does the rest of the work so that all of it commits or none of it does.
 */
export function createWalletRepository(tx: Tx) {
  async function record(m: Movement, signedCents: number) {
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        userId: m.userId,
        amountCents: signedCents,
        type: m.type,
        description: m.description,
        reference: m.reference ?? null,
      })
      .returning()
    return row!
  }

  return {
    /** Takes `cents` from the wallet, or throws 402 and takes nothing. Safe under concurrency. */
    async debit(m: Movement): Promise<MovementResult> {
      assertPositiveCents(m.cents)
      const [row] = await tx
        .update(users)
        .set({ walletBalanceCents: sql`${users.walletBalanceCents} - ${m.cents}` })
        .where(and(eq(users.id, m.userId), gte(users.walletBalanceCents, m.cents)))
        .returning({ balanceCents: users.walletBalanceCents })
      if (!row) throw insufficientFunds()
      return { balanceCents: row.balanceCents, transaction: await record(m, -m.cents) }
    },

    async credit(m: Movement): Promise<MovementResult> {
      assertPositiveCents(m.cents)
      const [row] = await tx
        .update(users)
        .set({ walletBalanceCents: sql`${users.walletBalanceCents} + ${m.cents}` })
        .where(and(eq(users.id, m.userId), lte(users.walletBalanceCents, WALLET_MAX_CENTS - m.cents)))
        .returning({ balanceCents: users.walletBalanceCents })
      if (!row) throw walletLimitReached()
      return { balanceCents: row.balanceCents, transaction: await record(m, m.cents) }
    },
  }
}
export type WalletRepository = ReturnType<typeof createWalletRepository>

export type WalletReads = ReturnType<typeof createWalletReads>

/**
 * The wallet's reads for signed-in requests, as prepared statements: built once, and on
 * PostgreSQL parsed and planned once per connection.
 */
export function createWalletReads(db: Db) {
  const balance = db
    .select({ cents: users.walletBalanceCents })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('wallet_balance')
  const transactions = db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, sql.placeholder('userId')))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(TRANSACTIONS_LIMIT)
    .prepare('wallet_transactions')
  return {
    async balanceCents(userId: number): Promise<number | undefined> {
      const [row] = await balance.execute({ userId })
      return row?.cents
    },
    /** Newest first, the latest TRANSACTIONS_LIMIT. */
    transactions: (userId: number): Promise<WalletTransactionRow[]> => transactions.execute({ userId }),
  }
}

export function toWalletTransactionDto(row: WalletTransactionRow): WalletTransaction {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    amount: toDollars(row.amountCents),
    description: row.description,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  }
}
