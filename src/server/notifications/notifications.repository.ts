import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { notifications } from '../db/schema'

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'kind' | 'orderId' | 'status' | 'title' | 'body' | 'link' | 'subject'
>

export function createNotificationsRepository(tx: Tx) {
  return {
    async insert(values: NewNotification): Promise<NotificationRow> {
      const [row] = await tx.insert(notifications).values(values).returning()
      return row!
    },

    /** Inserts unless the user has a notice of this kind and subject already; undefined then. */
    async insertOnce(values: NewNotification): Promise<NotificationRow | undefined> {
      const [row] = await tx.insert(notifications).values(values).onConflictDoNothing().returning()
      return row
    },

    async listForUser(userId: number, limit: number): Promise<NotificationRow[]> {
      return tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .limit(limit)
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      return row?.n ?? 0
    },

    /** Marks the user's unread notifications read: these ids only, or all. Returns how many changed. */
    async markRead(userId: number, ids: number[] | undefined, at: Date): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        )
        .returning({ id: notifications.id })
      return rows.length
    },
  }
}
