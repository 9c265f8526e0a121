import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { restaurantAccounts, restaurantEarnings, restaurantPayouts } from '../db/schema'

export type EarningRow = typeof restaurantEarnings.$inferSelect
export type PayoutRow = typeof restaurantPayouts.$inferSelect
export type EarningLine = Omit<typeof restaurantEarnings.$inferInsert, 'id' | 'createdAt'>

/** Lines an order earned or reversed: what a cancel undoes. */
const ORDER_KINDS = ['order', 'add_on', 'tip', 'shout', 'refund']

/**
 * The restaurants' ledger over a database or an open transaction. Every line moves the account's
 * balance in the same statement pair, so the balance is always the sum of the lines.
 */
export function createEarningsRepository(tx: Db | Tx) {
  return {
    /** Writes one line and moves the restaurant's balance by its amount. */
    async record(line: EarningLine): Promise<EarningRow> {
      await tx
        .insert(restaurantAccounts)
        .values({ restaurantId: line.restaurantId, balanceCents: line.amountCents })
        .onConflictDoUpdate({
          target: restaurantAccounts.restaurantId,
          set: {
            balanceCents: sql`${restaurantAccounts.balanceCents} + ${line.amountCents}`,
            updatedAt: new Date(),
          },
        })
      const [row] = await tx.insert(restaurantEarnings).values(line).returning()
      return row!
    },

    /** What an order has earned so far, per restaurant, net of earlier refunds. */
    async orderTotals(orderId: number) {
      const rows = await tx
        .select({
          restaurantId: restaurantEarnings.restaurantId,
          amount: sql<string>`coalesce(sum(${restaurantEarnings.amountCents}), 0)`,
          commission: sql<string>`coalesce(sum(${restaurantEarnings.commissionCents}), 0)`,
          fee: sql<string>`coalesce(sum(${restaurantEarnings.feeCents}), 0)`,
        })
        .from(restaurantEarnings)
        .where(and(eq(restaurantEarnings.orderId, orderId), inArray(restaurantEarnings.kind, ORDER_KINDS)))
        .groupBy(restaurantEarnings.restaurantId)
      return rows.map((r) => ({
        restaurantId: r.restaurantId,
        amountCents: Number(r.amount),
        commissionCents: Number(r.commission),
        feeCents: Number(r.fee),
      }))
    },

    /** The account row, locked until the transaction ends (payouts take it); created when missing. */
    async lockAccount(restaurantId: number) {
      await tx.insert(restaurantAccounts).values({ restaurantId }).onConflictDoNothing()
      const [row] = await tx
        .select()
        .from(restaurantAccounts)
        .where(eq(restaurantAccounts.restaurantId, restaurantId))
        .for('update')
      return row!
    },

    async account(restaurantId: number) {
      const [row] = await tx
        .select()
        .from(restaurantAccounts)
        .where(eq(restaurantAccounts.restaurantId, restaurantId))
      return row
    },

    async linkStripeAccount(restaurantId: number, stripeAccountId: string | null) {
      await tx
        .insert(restaurantAccounts)
        .values({ restaurantId, stripeAccountId })
        .onConflictDoUpdate({
          target: restaurantAccounts.restaurantId,
          set: { stripeAccountId, updatedAt: new Date() },
        })
    },

    /** Lines in [from, to), oldest first. */
    lines(restaurantId: number, from: Date, to: Date): Promise<EarningRow[]> {
      return tx
        .select()
        .from(restaurantEarnings)
        .where(
          and(
            eq(restaurantEarnings.restaurantId, restaurantId),
            gte(restaurantEarnings.createdAt, from),
            lt(restaurantEarnings.createdAt, to),
          ),
        )
        .orderBy(asc(restaurantEarnings.createdAt), asc(restaurantEarnings.id))
    },

    /** The sum of every line: equal to the account's balance. */
    async sumCents(restaurantId: number): Promise<number> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${restaurantEarnings.amountCents}), 0)` })
        .from(restaurantEarnings)
        .where(eq(restaurantEarnings.restaurantId, restaurantId))
      return Number(row?.total ?? 0)
    },

    async insertPayout(values: typeof restaurantPayouts.$inferInsert): Promise<PayoutRow> {
      const [row] = await tx.insert(restaurantPayouts).values(values).returning()
      return row!
    },

    async updatePayout(id: number, set: Partial<typeof restaurantPayouts.$inferInsert>): Promise<PayoutRow> {
      const [row] = await tx
        .update(restaurantPayouts)
        .set(set)
        .where(eq(restaurantPayouts.id, id))
        .returning()
      return row!
    },

    async payout(id: number): Promise<PayoutRow | undefined> {
      const [row] = await tx.select().from(restaurantPayouts).where(eq(restaurantPayouts.id, id))
      return row
    },

    payouts(restaurantId: number): Promise<PayoutRow[]> {
      return tx
        .select()
        .from(restaurantPayouts)
        .where(eq(restaurantPayouts.restaurantId, restaurantId))
        .orderBy(desc(restaurantPayouts.createdAt), desc(restaurantPayouts.id))
        .limit(100)
    },
  }
}
export type EarningsRepository = ReturnType<typeof createEarningsRepository>
