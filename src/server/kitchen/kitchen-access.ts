import type { RestaurantCapability, RestaurantMember } from '../auth/access'
import type { Db, Tx } from '../db/client'
import { unauthorized } from '../infra/errors'
import { findOrderWithOwner } from '../orders/order-access'
import { orderNotFound } from '../orders/orders.errors'
import { createOrdersRepository } from '../orders/orders.repository'
import { otherStation } from '../staff/staff.errors'
import { kitchenRestaurantNotFound, notKitchenOwner } from './kitchen.errors'
import { createKitchenRepository, type OrderRow } from './kitchen.repository'

/** Who calls: the signed-in user, when there is one. */
export interface Actor {
  userId: number | undefined
}

/** The restaurant rule (app.restaurantAccess): 404, 403, or the caller's place in the restaurant. */
export type KitchenAccessRule = (
  restaurantId: number,
  userId: number,
  capability: RestaurantCapability,
) => Promise<RestaurantMember>

/**
 * Who may work a kitchen: its restaurant's team, each as their role allows (the restaurant rule),
 * a cook only on tickets of their own stations. Without the rule (a kitchen built alone, in
 * tests), its owner only.
 */
export function createKitchenAccess(db: Db, rule?: KitchenAccessRule) {
  async function requireUser(actor: Actor): Promise<number> {
    if (actor.userId === undefined) throw unauthorized()
    return actor.userId
  }

  async function memberOf(actor: Actor, restaurantId: number, capability: RestaurantCapability) {
    const userId = await requireUser(actor)
    if (rule) return rule(restaurantId, userId, capability)
    const row = await createKitchenRepository(db).restaurant(restaurantId)
    if (!row) throw kitchenRestaurantNotFound()
    if (row.ownerId !== userId) throw notKitchenOwner()
    return { restaurantId, userId, role: 'owner', stations: [] } satisfies RestaurantMember
  }

  /** The restaurant and the caller's place in it, when they may do `capability` there. */
  async function ownedRestaurant(actor: Actor, restaurantId: number, capability: RestaurantCapability) {
    const member = await memberOf(actor, restaurantId, capability)
    const row = await createKitchenRepository(db).restaurant(restaurantId)
    if (!row) throw kitchenRestaurantNotFound()
    return { row, member }
  }

  /**
   * The order for its restaurant's team, with the caller's place: 404 to whoever may not read it,
   * 403 to its diner and to a member whose role may not do `capability`.
   */
  async function orderForKitchen(
    tx: Db | Tx,
    actor: Actor,
    orderId: number,
    capability: RestaurantCapability = 'bump_tickets',
  ) {
    const userId = await requireUser(actor)
    const row = await findOrderWithOwner(tx, orderId)
    if (!row) throw orderNotFound()
    try {
      const member = await memberOf(actor, row.order.restaurantId, capability)
      return { order: row.order, member }
    } catch (error) {
      if ((error as { code?: string }).code === 'staff.role_not_allowed') throw error
      if (row.order.userId === userId)
        throw notKitchenOwner('Only the kitchen of this restaurant can do that')
      throw orderNotFound()
    }
  }

  /**
   * A cook works only their stations: a line of theirs, or a whole ticket whose every line is at
   * one of their stations (403 otherwise). Everyone else, any ticket.
   */
  async function requireStations(tx: Db | Tx, member: RestaurantMember, orderId: number, line?: number) {
    if (member.role !== 'cook') return
    const ticket = await createKitchenRepository(tx).ticket(orderId)
    if (!ticket) throw orderNotFound()
    const mine = new Set(member.stations)
    const lines = line === undefined ? ticket.items : ticket.items.filter((l) => l.index === line)
    if (lines.some((l) => l.station === null || !mine.has(l.station)))
      throw otherStation(
        line === undefined
          ? 'This ticket has lines of another station: bump your lines, the pass sends the ticket'
          : 'This line belongs to another station',
      )
  }

  /** Locks the order's row for the rest of the transaction: two tablets wait for each other. */
  async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
    const row = await createOrdersRepository(tx).lockForUpdate(orderId)
    if (!row) throw orderNotFound()
    return row
  }

  return { requireUser, memberOf, ownedRestaurant, orderForKitchen, requireStations, lockOrder }
}
export type KitchenAccess = ReturnType<typeof createKitchenAccess>
