import { and, asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { pushPreferences, pushSubscriptions } from '../db/schema'

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

export function createPushRepository(tx: Tx) {
  return {
    listForUser(userId: number): Promise<PushSubscriptionRow[]> {
      return tx
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id))
    },

    async findByEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
      return row
    },

    async countForUser(userId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
      return row?.n ?? 0
    },

    /** Saves the browser's subscription for this user: a new row, or the endpoint's row updated (and moved to them). */
    async upsert(values: { userId: number; endpoint: string; p256dh: string; auth: string }, at: Date) {
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, updatedAt: at },
        })
        .returning()
      return row!
    },

    /** Deletes the user's subscription with this endpoint; false when they have none. */
    async deleteForUser(userId: number, endpoint: string): Promise<boolean> {
      const rows = await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id })
      return rows.length > 0
    },

    /** The push service said the subscription is gone (404/410): whoever it belongs to. */
    async deleteByEndpoint(endpoint: string): Promise<void> {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    },

    async markSent(endpoint: string, at: Date): Promise<void> {
      await tx
        .update(pushSubscriptions)
        .set({ lastSentAt: at })
        .where(eq(pushSubscriptions.endpoint, endpoint))
    },

    async disabledKinds(userId: number): Promise<string[]> {
      const [row] = await tx
        .select({ disabled: pushPreferences.disabled })
        .from(pushPreferences)
        .where(eq(pushPreferences.userId, userId))
      return row?.disabled ?? []
    },

    async setDisabledKinds(userId: number, disabled: string[], at: Date): Promise<void> {
      await tx
        .insert(pushPreferences)
        .values({ userId, disabled, updatedAt: at })
        .onConflictDoUpdate({ target: pushPreferences.userId, set: { disabled, updatedAt: at } })
    },
  }
}
