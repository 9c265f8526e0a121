import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { paymentEvents, topUps } from '../db/schema'

export type TopUpRow = typeof topUps.$inferSelect
export type PaymentEventRow = typeof paymentEvents.$inferSelect

export function createTopUpsRepository(tx: Db | Tx) {
  return {
    async insert(values: typeof topUps.$inferInsert): Promise<TopUpRow> {
      const [row] = await tx.insert(topUps).values(values).returning()
      return row!
    },

    async setPayment(id: number, paymentId: string): Promise<TopUpRow> {
      const [row] = await tx
        .update(topUps)
        .set({ paymentId, updatedAt: new Date() })
        .where(eq(topUps.id, id))
        .returning()
      return row!
    },

    async find(id: number): Promise<TopUpRow | undefined> {
      const [row] = await tx.select().from(topUps).where(eq(topUps.id, id))
      return row
    },

    /** The top-up a processor's payment belongs to, locked until the transaction ends. */
    async lockByPayment(provider: string, paymentId: string): Promise<TopUpRow | undefined> {
      const [row] = await tx
        .select()
        .from(topUps)
        .where(and(eq(topUps.provider, provider), eq(topUps.paymentId, paymentId)))
        .for('update')
      return row
    },

    async update(id: number, set: Partial<typeof topUps.$inferInsert>): Promise<TopUpRow> {
      const [row] = await tx
        .update(topUps)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(topUps.id, id))
        .returning()
      return row!
    },

    /** Stores an inbound event once; undefined when this event id was stored before. */
    async storeEvent(values: typeof paymentEvents.$inferInsert): Promise<PaymentEventRow | undefined> {
      const [row] = await tx
        .insert(paymentEvents)
        .values(values)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning()
      return row
    },

    async markProcessed(id: number): Promise<void> {
      await tx.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.id, id))
    },

    /** Stored but not processed (a crash between the two): processed again at start. */
    unprocessed(): Promise<PaymentEventRow[]> {
      return tx
        .select()
        .from(paymentEvents)
        .where(isNull(paymentEvents.processedAt))
        .orderBy(paymentEvents.id)
    },
  }
}
