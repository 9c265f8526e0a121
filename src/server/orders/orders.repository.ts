import { and, asc, desc, eq, getTableColumns, inArray, lt, notInArray, sql } from 'drizzle-orm'
import type { OrderLine } from '../../shared/order-lines'
import type { Db, Tx } from '../db/client'
import {
  chefShouts,
  menuItems,
  orderEvents,
  orders,
  restaurants,
  upsells,
  walletTransactions,
} from '../db/schema'
import type { OrderRow } from './order-access'

const CLOSED_STATUSES = ['completed', 'cancelled']

export function createOrdersRepository(tx: Tx) {
  return {
    async findById(id: number): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id))
      return row
    },

    async findShowcase(): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(eq(orders.isShowcase, true))
        .orderBy(asc(orders.id))
        .limit(1)
      return row
    },

    async findRestaurant(id: number) {
      const [row] = await tx
        .select({
          id: restaurants.id,
          name: restaurants.name,
          pausedUntil: restaurants.pausedUntil,
          timeZone: restaurants.timeZone,
        })
        .from(restaurants)
        .where(eq(restaurants.id, id))
      return row
    },

    async findMenuItems(ids: number[]) {
      if (ids.length === 0) return []
      return tx.select().from(menuItems).where(inArray(menuItems.id, ids))
    },

    async insert(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning()
      return row!
    },

    /** Adds one line and its price to the order in a single statement. */
    async appendLine(orderId: number, line: OrderLine, cents: number): Promise<OrderRow> {
      const [row] = await tx
        .update(orders)
        .set({
          items: sql`${orders.items} || ${JSON.stringify([line])}::jsonb`,
          totalPriceCents: sql`${orders.totalPriceCents} + ${cents}`,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId))
        .returning()
      return row!
    },

    /** Locks the order's row for the rest of the transaction: two tablets wait for each other. */
    async lockForUpdate(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return row
    },

    /**
     * What the order charged, summed by who paid: the order itself, its shouts and tips' shouts,
     * and its upsells (`order:`, `chef_shout:` and `upsell:` references).
     */
    async chargesByPayer(orderId: number): Promise<{ userId: number; cents: number }[]> {
      const [shoutRows, upsellRows] = await Promise.all([
        tx.select({ id: chefShouts.id }).from(chefShouts).where(eq(chefShouts.orderId, orderId)),
        tx.select({ id: upsells.id }).from(upsells).where(eq(upsells.orderId, orderId)),
      ])
      const references = [
        `order:${orderId}`,
        ...shoutRows.map((s) => `chef_shout:${s.id}`),
        ...upsellRows.map((u) => `upsell:${u.id}`),
      ]
      const rows = await tx
        .select({
          userId: walletTransactions.userId,
          cents: sql<number>`cast(-sum(${walletTransactions.amountCents}) as integer)`,
        })
        .from(walletTransactions)
        .where(and(inArray(walletTransactions.reference, references), lt(walletTransactions.amountCents, 0)))
        .groupBy(walletTransactions.userId)
      return rows.map((r) => ({ userId: r.userId, cents: Number(r.cents) }))
    },

    /** Keeps why the order was cancelled and what went back to the wallet. */
    async markCancelled(
      orderId: number,
      cancel: { reason: string; note: string | null; refundCents: number; at: Date },
    ): Promise<void> {
      await tx
        .update(orders)
        .set({
          cancelReason: cancel.reason,
          cancelNote: cancel.note,
          refundCents: cancel.refundCents,
          cancelledAt: cancel.at,
        })
        .where(eq(orders.id, orderId))
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>

/** An order with the time it was completed (delivered or picked up), from its history; null before. */
export type OrderRowWithCompletion = OrderRow & { completedAt: Date | null }

/** A diner's orders for signed-in reads, as prepared statements built once. */
export function createOrderReads(db: Db) {
  const mine = eq(orders.userId, sql.placeholder('userId'))
  const order = [desc(orders.createdAt), desc(orders.id)] as const
  // Qualified by hand: in a one-table select Drizzle writes columns unqualified, and the subquery's
  // "id" would then be its own.
  const completedAt =
    sql<Date | null>`(select max(e.at) from ${orderEvents} e where e.order_id = ${orders}.id and e.status = 'completed')`.mapWith(
      orderEvents.at,
    )
  const all = db
    .select({ ...getTableColumns(orders), completedAt })
    .from(orders)
    .where(mine)
    .orderBy(...order)
    .prepare('orders_for_user')
  const active = db
    .select()
    .from(orders)
    .where(and(mine, notInArray(orders.status, CLOSED_STATUSES)))
    .orderBy(...order)
    .prepare('active_orders_for_user')
  return {
    /** Newest first, each with when it was completed. */
    listForUser: (userId: number): Promise<OrderRowWithCompletion[]> => all.execute({ userId }),
    /** Newest first, leaving out completed and cancelled orders. */
    listActiveForUser: (userId: number): Promise<OrderRow[]> => active.execute({ userId }),
  }
}
export type OrderReads = ReturnType<typeof createOrderReads>
