import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Fulfilment } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import type { Order, OrderAddress } from '../../shared/schemas/orders'
import { currentUser } from '../auth/auth.guard'
import type { Db, Tx } from '../db/client'
import { orders, restaurantStaff, restaurants } from '../db/schema'
import { unauthorized } from '../infra/errors'
import { cancellationOf } from './cancellation'
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

/**
 * Locks the order's row until the transaction ends. Whatever charges an order takes it first, as
 * a cancel does: a charge and a cancel never interleave, so a cancel refunds (and takes back from
 * the restaurant) everything charged before it, and a charge after it finds the order cancelled.
 */
export async function lockOrderRow(tx: Tx, orderId: number): Promise<void> {
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > MAX_ID) return
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
}

/** True when `userId` is on the restaurant's staff (any role; the owner is asked by `ownerId`). */
export async function isRestaurantStaff(db: Db | Tx, restaurantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: restaurantStaff.userId })
    .from(restaurantStaff)
    .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)))
  return row !== undefined
}

/**
 * The order if `userId` may read it: its diner, its restaurant's owner or staff, or anyone for the
 * showcase order. `team` says whether the reader is of the restaurant's team.
 */
export async function findViewableOrderFor(
  db: Db | Tx,
  userId: number | undefined,
  orderId: number,
): Promise<{ order: OrderRow; team: boolean } | undefined> {
  const row = await findOrderWithOwner(db, orderId)
  if (!row) return undefined
  const team =
    userId !== undefined &&
    (row.ownerId === userId || (await isRestaurantStaff(db, row.order.restaurantId, userId)))
  if (team || canViewOrder(row.order, row.ownerId, userId)) return { order: row.order, team }
  return undefined
}

/** The order if `userId` may read it: its diner, its restaurant's team, or anyone for the showcase order. */
export async function findViewableOrder(
  db: Db | Tx,
  userId: number | undefined,
  orderId: number,
): Promise<OrderRow | undefined> {
  return (await findViewableOrderFor(db, userId, orderId))?.order
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
  return (await requireViewableOrderFor(request, db, orderId)).order
}

/** As `requireViewableOrder`, saying whether the reader is of the restaurant's team. */
export async function requireViewableOrderFor(
  request: FastifyRequest,
  db: Db,
  orderId: number,
): Promise<{ order: OrderRow; team: boolean }> {
  const user = await currentUser(request)
  const found = await findViewableOrderFor(db, user?.id, orderId)
  if (found) return found
  if (!user) throw unauthorized()
  throw orderNotFound()
}

/** `completedAt`: when the order was delivered or picked up, where the caller read it. */
export function toOrderDto(row: OrderRow, completedAt?: Date | null): Order {
  const finishedAt =
    row.status === 'cancelled' ? row.cancelledAt : row.status === 'completed' ? completedAt : null
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
    ...(finishedAt !== undefined ? { finishedAt: finishedAt?.toISOString() ?? null } : {}),
  }
}
