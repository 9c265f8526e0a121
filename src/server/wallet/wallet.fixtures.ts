import { eq, sql } from 'drizzle-orm'
import { walletTransactions } from '../db/schema'
import type { TestApp } from '../testing/build-test-app'

/** The sum of a user's ledger, which must always equal their balance. */
export async function ledgerCents(app: TestApp, userId: number): Promise<number> {
  const [row] = await app.db
    .select({ total: sql<string | number | null>`sum(${walletTransactions.amountCents})` })
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId))
  return Number(row?.total ?? 0)
}

export async function transactionsOf(app: TestApp, userId: number) {
  return app.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))
}
