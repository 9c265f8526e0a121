import { and, desc, eq, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { chefShouts, chefTips, orderEvents, orders, restaurants } from '../db/schema'

export type ChefShoutRow = typeof chefShouts.$inferSelect

/** Shouts and tips: every query the chef service runs, inside a transaction or not. */
export function createChefRepository(db: Db | Tx) {
  return {
    /** When the order's latest `completed` status event happened; undefined without one. */
    async completedAt(orderId: number): Promise<Date | undefined> {
      const [event] = await db
        .select({ at: orderEvents.at })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'completed')))
        .orderBy(desc(orderEvents.at))
        .limit(1)
      return event?.at
    },

    /** The restaurant's owner now (null when it has none). */
    async restaurantOwner(restaurantId: number): Promise<number | null> {
      const [row] = await db
        .select({ ownerId: restaurants.ownerId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row?.ownerId ?? null
    },

    /** The order a shout was sent on; undefined when there is no such shout. */
    async shoutOrder(shoutId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ orderId: chefShouts.orderId })
        .from(chefShouts)
        .where(eq(chefShouts.id, shoutId))
      return row?.orderId
    },

    /** Moves one shout to `status` when it is in one of `from`; undefined when it is not. */
    async moveShout(
      shoutId: number,
      status: ChefShoutRow['status'],
      from: ChefShoutRow['status'][],
    ): Promise<ChefShoutRow | undefined> {
      const [row] = await db
        .update(chefShouts)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(chefShouts.id, shoutId), inArray(chefShouts.status, from)))
        .returning()
      return row
    },

    async shoutExists(shoutId: number): Promise<boolean> {
      const rows = await db.select({ id: chefShouts.id }).from(chefShouts).where(eq(chefShouts.id, shoutId))
      return rows.length > 0
    },

    /** Moves the shouts of `orderIds` from `from` to `to` once sent before `sentBefore`. */
    moveShoutsSentBefore(input: {
      orderIds: SQLWrapper | number[]
      from: 'pending' | 'acknowledged'
      to: 'acknowledged' | 'done'
      sentBefore: Date
      at: Date
    }): Promise<ChefShoutRow[]> {
      return db
        .update(chefShouts)
        .set({ status: input.to, updatedAt: input.at })
        .where(
          and(
            eq(chefShouts.status, input.from),
            lte(chefShouts.createdAt, input.sentBefore),
            inArray(chefShouts.orderId, input.orderIds),
          ),
        )
        .returning()
    },

    async insertShout(values: typeof chefShouts.$inferInsert): Promise<ChefShoutRow> {
      const [row] = await db.insert(chefShouts).values(values).returning()
      return row!
    },

    async insertTip(values: typeof chefTips.$inferInsert): Promise<void> {
      await db.insert(chefTips).values(values)
    },
  }
}
export type ChefRepository = ReturnType<typeof createChefRepository>

/** The order, who may read it, and its shouts, newest first, in one round trip (prepared once). */
export function prepareShoutsWithAccess(db: Db) {
  return db
    .select({
      userId: orders.userId,
      isShowcase: orders.isShowcase,
      restaurantId: orders.restaurantId,
      shout: chefShouts,
    })
    .from(orders)
    .leftJoin(chefShouts, eq(chefShouts.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .orderBy(desc(chefShouts.createdAt), desc(chefShouts.id))
    .prepare('chef_shouts_with_access')
}
