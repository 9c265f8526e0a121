import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm'
import { allergenLabel } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import {
  DEFAULT_AGE_THRESHOLDS,
  type Kitchen,
  type KitchenMode,
  type KitchenSettings,
  RECALL_WINDOW_MS,
  type Ticket,
} from '../../shared/schemas/kitchen'
import { parseOrderItems } from '../../shared/schemas/orders'
import type { Db, Tx } from '../db/client'
import {
  chefShouts,
  chefTips,
  menuItems,
  orderEvents,
  orders,
  restaurants,
  upsells,
  userAllergenProfiles,
  users,
} from '../db/schema'
import { cancellationOf } from './cancellation'

export type OrderRow = typeof orders.$inferSelect
type RestaurantRow = typeof restaurants.$inferSelect

const CLOSED = ['completed', 'cancelled']

/** The owner's settings with the defaults filled in. */
export function kitchenSettingsOf(restaurant: Pick<RestaurantRow, 'kitchenSettings'>): KitchenSettings {
  const stored = (restaurant.kitchenSettings ?? {}) as Partial<KitchenSettings>
  return {
    amberMinutes: stored.amberMinutes ?? DEFAULT_AGE_THRESHOLDS.amberMinutes,
    redMinutes: stored.redMinutes ?? DEFAULT_AGE_THRESHOLDS.redMinutes,
    stations: stored.stations ?? {},
  }
}

/** "Ana" from "Ana Lima": tickets show first names. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'Guest'
}

export function createKitchenRepository(db: Db | Tx) {
  async function restaurant(id: number): Promise<RestaurantRow | undefined> {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id))
    return row
  }

  /**
   * Tickets for these orders, in the order given. Reads the menu (categories, allergens), the
   * diners' names and allergen profiles, accepted upsells, shouts, tips and the status history.
   */
  async function ticketsFor(orderRows: OrderRow[], settings: KitchenSettings): Promise<Ticket[]> {
    if (orderRows.length === 0) return []
    const ids = orderRows.map((o) => o.id)
    const restaurantIds = [...new Set(orderRows.map((o) => o.restaurantId))]
    const userIds = [...new Set(orderRows.map((o) => o.userId))]
    const [menu, diners, profiles, added, shouts, tips, events] = await Promise.all([
      db
        .select({
          id: menuItems.id,
          name: menuItems.name,
          category: menuItems.category,
          allergens: menuItems.allergens,
        })
        .from(menuItems)
        .where(inArray(menuItems.restaurantId, restaurantIds)),
      db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, userIds)),
      db
        .select({
          userId: userAllergenProfiles.userId,
          allergens: userAllergenProfiles.allergens,
          severity: userAllergenProfiles.severity,
        })
        .from(userAllergenProfiles)
        .where(inArray(userAllergenProfiles.userId, userIds)),
      db
        .select({ orderId: upsells.orderId, menuItemId: upsells.menuItemId })
        .from(upsells)
        .where(and(inArray(upsells.orderId, ids), eq(upsells.accepted, true))),
      db
        .select()
        .from(chefShouts)
        .where(inArray(chefShouts.orderId, ids))
        .orderBy(asc(chefShouts.createdAt), asc(chefShouts.id)),
      db
        .select()
        .from(chefTips)
        .where(inArray(chefTips.orderId, ids))
        .orderBy(asc(chefTips.createdAt), asc(chefTips.id)),
      db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(desc(orderEvents.id)),
    ])
    const menuById = new Map(menu.map((m) => [m.id, m]))
    const menuByName = new Map(menu.map((m) => [m.name.toLowerCase(), m]))
    const names = new Map(diners.map((d) => [d.id, d.fullName]))
    const profileOf = new Map(profiles.map((p) => [p.userId, p]))

    return orderRows.map((order) => {
      const lines = parseOrderItems(JSON.stringify(order.items ?? []))
      const addedIds = new Set(added.filter((a) => a.orderId === order.id).map((a) => a.menuItemId))
      const done = new Set(order.linesDone ?? [])
      const profile = profileOf.get(order.userId)
      const wanted = new Set((profile?.allergens ?? []).map((a) => a.toLowerCase()))
      const alerts: Ticket['allergenAlerts'] = []
      const items: Ticket['items'] = lines.map((line, index) => {
        const item =
          (line.menuItemId !== undefined ? menuById.get(line.menuItemId) : undefined) ??
          menuByName.get(line.name.toLowerCase())
        for (const allergen of item?.allergens ?? []) {
          if (wanted.has(allergen.toLowerCase()))
            alerts.push({
              menuItemName: line.name,
              allergen: allergenLabel(allergen).toLowerCase(),
              severity: profile?.severity ?? 'moderate',
            })
        }
        const category = item?.category ?? null
        return {
          index,
          menuItemId: line.menuItemId ?? null,
          name: line.name,
          quantity: line.quantity,
          price: line.price,
          category,
          station: (category && settings.stations[category]) || null,
          added: line.menuItemId !== undefined && addedIds.has(line.menuItemId),
          done: done.has(index),
        }
      })
      const history = events.filter((e) => e.orderId === order.id)
      const last = history[0]
      const lastIsBump = last && last.actor === 'kitchen' && last.reason === null && history.length > 1
      const recallUntil =
        lastIsBump && last.status !== 'cancelled'
          ? new Date(last.at.getTime() + RECALL_WINDOW_MS).toISOString()
          : null
      return {
        id: order.id,
        status: order.status,
        progress: order.progress,
        createdAt: order.createdAt.toISOString(),
        statusAt: (last?.at ?? order.createdAt).toISOString(),
        recallUntil,
        items,
        totalPrice: toDollars(order.totalPriceCents),
        dinerName: firstName(names.get(order.userId) ?? ''),
        allergenAlerts: alerts,
        shouts: shouts
          .filter((s) => s.orderId === order.id)
          .map((s) => ({
            id: s.id,
            shoutName: s.shoutName,
            price: toDollars(s.priceCents),
            status: s.status,
            createdAt: s.createdAt.toISOString(),
          })),
        tips: tips
          .filter((t) => t.orderId === order.id)
          .map((t) => ({
            amount: toDollars(t.amountCents),
            message: t.message,
            createdAt: t.createdAt.toISOString(),
          })),
        cancellation: cancellationOf(order),
      }
    })
  }

  return {
    restaurant,

    async kitchen(row: RestaurantRow): Promise<Kitchen> {
      const settings = kitchenSettingsOf(row)
      const [open, categories] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.restaurantId, row.id),
              notInArray(orders.status, CLOSED),
              eq(orders.isShowcase, false),
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.id)),
        db
          .selectDistinct({ category: menuItems.category })
          .from(menuItems)
          .where(eq(menuItems.restaurantId, row.id))
          .orderBy(asc(menuItems.category)),
      ])
      return {
        restaurantId: row.id,
        restaurantName: row.name,
        mode: row.kitchenMode as KitchenMode,
        settings,
        categories: categories.map((c) => c.category),
        orders: await ticketsFor(open, settings),
      }
    },

    /** The order and its restaurant's owner, whoever asks. */
    async orderWithOwner(orderId: number) {
      const [row] = await db
        .select({ order: orders, ownerId: restaurants.ownerId })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(eq(orders.id, orderId))
      return row
    },

    /** One order's ticket, whatever its status. */
    async ticket(orderId: number): Promise<Ticket | undefined> {
      const [row] = await db
        .select({ order: orders, settings: restaurants.kitchenSettings })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(eq(orders.id, orderId))
      if (!row) return undefined
      const [ticket] = await ticketsFor([row.order], kitchenSettingsOf({ kitchenSettings: row.settings }))
      return ticket
    },
  }
}
export type KitchenRepository = ReturnType<typeof createKitchenRepository>
