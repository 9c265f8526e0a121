import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Fulfilment } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import type { Order, OrderAddress } from '../../shared/schemas/orders'
import { currentUser } from '../auth/auth.guard'
import type { Db, Tx } from '../db/client'
import { orders, restaurants } from '../db/schema'
import { unauthorized } from '../infra/errors'
import { cancellationOf } from '../kitchen/cancellation'
import { orderNotFound } from './orders.errors'

export type OrderRow = typeof orders.$inferSelect

const MAX_ID = 2_147_483_647

/** "0007": order numbers as diners see them. */
export function orderNumber(id: number): string {
  return String(id).padStart(4, '0')
}

/** The diner who placed it, the owner of its restaurant, and for the showcase order anyone. */
export function canViewOrder(
  order: Pick<OrderRow, 'isShowcase' | 'userId'>,
  restaurantOwnerId: number | null,
  userId: number | undefined,
): boolean {
  if (order.isShowcase) return true
  if (userId === undefined) return false
  return order.userId === userId || restaurantOwnerId === userId
}

/** The order and its restaurant's owner, whoever asks. */
export async function findOrderWithOwner(db: Db | Tx, orderId: number) {
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > MAX_ID) return undefined
  const [row] = await db
    .select({ order: orders, ownerId: restaurants.ownerId })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
  return row
}

/** The order if `userId` may read it: its diner, the owner of its restaurant, or anyone for the showcase order. */
export async function findViewableOrder(
  db: Db | Tx,
  userId: number | undefined,
  orderId: number,
): Promise<OrderRow | undefined> {
  const row = await findOrderWithOwner(db, orderId)
  return row && canViewOrder(row.order, row.ownerId, userId) ? row.order : undefined
}

/**
 * The order for this request, or 401 for a visitor who is not signed in (unless it is the
 * showcase) and 404 for anyone else who may not read it: a guessed number reveals nothing.
 */
export async function requireViewableOrder(
  request: FastifyRequest,
  db: Db,
  orderId: number,
): Promise<OrderRow> {
  const user = await currentUser(request)
  const order = await findViewableOrder(db, user?.id, orderId)
  if (order) return order
  if (!user) throw unauthorized()
  throw orderNotFound()
}

export function toOrderDto(row: OrderRow): Order {
  return {
    id: row.id,
    userId: row.userId,
    restaurantId: row.restaurantId,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    totalPrice: toDollars(row.totalPriceCents),
    items: JSON.stringify(row.items ?? []),
    cancellation: cancellationOf(row),
    fulfilment: row.fulfilment === 'pickup' ? 'pickup' : ('delivery' satisfies Fulfilment),
    address: (row.deliveryAddress as OrderAddress | null) ?? null,
    promisedAt: row.promisedAt?.toISOString() ?? null,
  }
}
