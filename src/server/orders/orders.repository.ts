import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { OrderLine } from '../../shared/schemas/orders'
import type { Db, Tx } from '../db/client'
import { menuItems, orders, restaurants } from '../db/schema'
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
        .select({ id: restaurants.id, name: restaurants.name })
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
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>

/** A diner's orders for signed-in reads, as prepared statements built once. */
export function createOrderReads(db: Db) {
  const mine = eq(orders.userId, sql.placeholder('userId'))
  const order = [desc(orders.createdAt), desc(orders.id)] as const
  const all = db
    .select()
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
    /** Newest first; `activeOnly` leaves out completed and cancelled orders. */
    listForUser: (userId: number, { activeOnly = false } = {}): Promise<OrderRow[]> =>
      (activeOnly ? active : all).execute({ userId }),
  }
}
export type OrderReads = ReturnType<typeof createOrderReads>
