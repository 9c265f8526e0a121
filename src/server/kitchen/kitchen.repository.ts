import { and, asc, desc, eq, gt, gte, inArray, notInArray, or, sql } from 'drizzle-orm'
import { allergenWordsIn } from '../../shared/allergen-words'
import { allergenLabel } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import { parseOrderItems } from '../../shared/order-lines'
import {
  DEFAULT_AGE_THRESHOLDS,
  type Kitchen,
  type KitchenMode,
  type KitchenSettings,
  type PlatformTicket,
  RECALL_WINDOW_MS,
  RECENT_WINDOW_MS,
  type Ticket,
} from '../../shared/schemas/kitchen'
import { STAFF_ROLES, type StaffRole } from '../../shared/schemas/staff'
import type { Db, Tx } from '../db/client'
import {
  chefShouts,
  chefTips,
  deliveryPlatformIntegrations,
  menuItems,
  orderEvents,
  orders,
  restaurants,
  upsells,
  userAllergenProfiles,
  users,
} from '../db/schema'
import { cancellationOf } from '../orders/cancellation'
import { createPlatformsRepository, kitchenCancelEventId } from '../platforms/platforms.repository'
import { readOptionGroups } from '../restaurants/option-groups.repository'
import { allInPages } from './in-batches'

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

/** Where telling the platform of the kitchen's cancel stands, from its outbox row (none: no cancel by the kitchen). */
function cancelOnPlatform(
  row: { processedAt: Date | null; lastError: string | null } | undefined,
): PlatformTicket['cancelOnPlatform'] {
  if (!row) return null
  if (row.processedAt === null) return { state: 'sending', message: row.lastError }
  return row.lastError === null
    ? { state: 'told', message: null }
    : { state: 'refused', message: row.lastError }
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
    const integrationIds = [...new Set(orderRows.flatMap((o) => (o.integrationId ? [o.integrationId] : [])))]
    const cancelledOnPlatforms = orderRows
      .filter((o) => o.integrationId && o.status === 'cancelled')
      .map((o) => o.id)
    const [menu, diners, profiles, added, shouts, tips, events, integrations, kitchenCancels] =
      await Promise.all([
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
        integrationIds.length === 0
          ? Promise.resolve([])
          : db
              .select({
                id: deliveryPlatformIntegrations.id,
                platform: deliveryPlatformIntegrations.platform,
              })
              .from(deliveryPlatformIntegrations)
              .where(inArray(deliveryPlatformIntegrations.id, integrationIds)),
        createPlatformsRepository(db).kitchenCancels(cancelledOnPlatforms),
      ])
    const toldOf = new Map(kitchenCancels.map((c) => [c.eventId, c]))
    // Who made each ticket's last status change: the team member's name (their role is kept then).
    const actorIds = [
      ...new Set(
        orderRows
          .map((o) => events.find((e) => e.orderId === o.id))
          .filter((e) => e?.actor === 'kitchen' && e.actorUserId !== null)
          .map((e) => e!.actorUserId!),
      ),
    ]
    const actors =
      actorIds.length > 0
        ? await db
            .select({ id: users.id, fullName: users.fullName })
            .from(users)
            .where(inArray(users.id, actorIds))
        : []
    const actorName = new Map(actors.map((a) => [a.id, a.fullName]))
    const platformOf = new Map(integrations.map((i) => [i.id, i.platform]))
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
      const unmatchedLines: number[] = []
      const items: Ticket['items'] = lines.map((line, index) => {
        const item =
          (line.menuItemId !== undefined ? menuById.get(line.menuItemId) : undefined) ??
          menuByName.get(line.name.toLowerCase())
        if (!item) unmatchedLines.push(index)
        // A chosen option's allergens count as the dish's own.
        const optionAllergens = (line.options ?? []).flatMap((o) => o.allergens)
        for (const allergen of new Set(
          [...(item?.allergens ?? []), ...optionAllergens].map((a) => a.toLowerCase()),
        )) {
          if (wanted.has(allergen))
            alerts.push({
              menuItemName: line.name,
              allergen: allergenLabel(allergen),
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
          ...(line.options?.length
            ? { options: line.options.map((o) => ({ group: o.group, name: o.name })) }
            : {}),
          ...(line.notes ? { notes: line.notes } : {}),
        }
      })
      const fromPlatform = order.externalId !== null && order.source !== 'clearplate'
      const allergenWords = fromPlatform ? allergenWordsIn(order.notes) : []
      for (const allergen of allergenWords)
        alerts.push({ menuItemName: 'Customer notes', allergen, severity: 'severe' })
      const history = events.filter((e) => e.orderId === order.id)
      const last = history[0]
      const lastIsBump = last && last.actor === 'kitchen' && last.reason === null && history.length > 1
      // A completed order may be called back from the Recent list for as long as it is listed.
      const window = last?.status === 'completed' ? RECENT_WINDOW_MS : RECALL_WINDOW_MS
      const recallUntil =
        // Accepting a platform's order is no bump: it cannot go back to waiting.
        lastIsBump &&
        last.status !== 'cancelled' &&
        last.status === order.status &&
        history[1]?.status !== 'received'
          ? new Date(last.at.getTime() + window).toISOString()
          : null
      const lastBy =
        last?.actor === 'kitchen' && last.actorUserId !== null
          ? {
              name: actorName.get(last.actorUserId) ?? 'Former member',
              role: ((STAFF_ROLES as readonly string[]).includes(last.actorRole ?? '')
                ? last.actorRole
                : 'owner') as StaffRole,
            }
          : null
      return {
        id: order.id,
        status: order.status,
        progress: order.progress,
        createdAt: order.createdAt.toISOString(),
        statusAt: (last?.at ?? order.createdAt).toISOString(),
        recallUntil,
        lastBy,
        items,
        totalPrice: toDollars(order.totalPriceCents),
        dinerName: fromPlatform
          ? firstName(order.customerName ?? '')
          : firstName(names.get(order.userId) ?? ''),
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
        source: order.source,
        fulfilment: order.fulfilment === 'pickup' ? ('pickup' as const) : ('delivery' as const),
        promisedAt: order.promisedAt?.toISOString() ?? null,
        platform: fromPlatform
          ? {
              platform: (order.integrationId && platformOf.get(order.integrationId)) || order.source,
              externalId: order.externalId!,
              displayId: order.externalDisplayId,
              customerName: firstName(order.customerName ?? ''),
              notes: order.notes,
              acceptBy: order.status === 'received' ? (order.acceptBy?.toISOString() ?? null) : null,
              watchUrl: order.watchCode ? `/watch/${order.watchCode}` : null,
              unmatchedLines,
              allergenWords,
              cancelOnPlatform: cancelOnPlatform(toldOf.get(kitchenCancelEventId(order.id))),
            }
          : null,
      }
    })
  }

  return {
    restaurant,

    /**
     * The active orders a kitchen driver moves on its tick: the staffed driver, those of staffed
     * kitchens (never the showcase); the autopilot, those of autopilot kitchens and the showcase.
     */
    drivenOrders(driver: 'staffed' | 'autopilot') {
      // A page at a time: on the embedded database one statement returning thousands of orders
      // (their lines included) holds the server's thread for as long as it runs.
      return allInPages((afterId, limit) =>
        db
          .select({
            id: orders.id,
            userId: orders.userId,
            restaurantId: orders.restaurantId,
            status: orders.status,
            progress: orders.progress,
            isShowcase: orders.isShowcase,
            items: orders.items,
            createdAt: orders.createdAt,
            kitchenStartedAt: orders.kitchenStartedAt,
          })
          .from(orders)
          .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
          .where(
            and(
              gt(orders.id, afterId),
              // A platform's order waiting for acceptance is nobody's to move yet.
              notInArray(orders.status, ['completed', 'cancelled', 'received']),
              driver === 'staffed'
                ? and(eq(restaurants.kitchenMode, 'staffed'), eq(orders.isShowcase, false))
                : or(eq(restaurants.kitchenMode, 'autopilot'), eq(orders.isShowcase, true)),
            ),
          )
          .orderBy(asc(orders.id))
          .limit(limit),
      )
    },

    async kitchen(row: RestaurantRow, now = new Date()): Promise<Kitchen> {
      const settings = kitchenSettingsOf(row)
      const since = new Date(now.getTime() - RECENT_WINDOW_MS)
      const [open, categories, finished, dishes] = await Promise.all([
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
        // Finished lately: `updatedAt` moves with the status change that finished them.
        db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.restaurantId, row.id),
              inArray(orders.status, CLOSED),
              eq(orders.isShowcase, false),
              gte(orders.updatedAt, since),
            ),
          )
          .orderBy(desc(orders.updatedAt), desc(orders.id))
          .limit(50),
        db
          .select({
            id: menuItems.id,
            name: menuItems.name,
            category: menuItems.category,
            isAvailable: menuItems.isAvailable,
          })
          .from(menuItems)
          .where(eq(menuItems.restaurantId, row.id))
          .orderBy(asc(menuItems.categoryPosition), asc(menuItems.position), asc(menuItems.id)),
      ])
      const paused = row.pausedUntil && row.pausedUntil.getTime() > now.getTime() ? row.pausedUntil : null
      // Each option can be 86'd from the line as its dish can: the console lists them under it.
      const optionGroups = await readOptionGroups(
        db,
        dishes.map((d) => d.id),
      )
      return {
        restaurantId: row.id,
        restaurantName: row.name,
        mode: row.kitchenMode as KitchenMode,
        settings,
        categories: categories.map((c) => c.category),
        orders: await ticketsFor(open, settings),
        recent: await ticketsFor(finished, settings),
        pausedUntil: paused?.toISOString() ?? null,
        timeZone: row.timeZone,
        dishes: dishes.map((dish) => ({
          ...dish,
          optionGroups: (optionGroups.get(dish.id) ?? []).map((group) => ({
            id: group.id,
            name: group.name,
            options: group.options.map(({ id, name, isAvailable }) => ({ id, name, isAvailable })),
          })),
        })),
      }
    },

    /** The order's restaurant, and whether it is the showcase (which no kitchen sees). */
    async orderPlace(orderId: number) {
      const [row] = await db
        .select({ restaurantId: orders.restaurantId, isShowcase: orders.isShowcase })
        .from(orders)
        .where(eq(orders.id, orderId))
      return row
    },

    async setMode(restaurantId: number, mode: KitchenMode): Promise<void> {
      await db
        .update(restaurants)
        .set({ kitchenMode: mode, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId))
    },

    /**
     * Sets each open order's engine clock so that its time-based progress continues from where
     * the order is now (`orderMs`: how long the engine takes for a whole order).
     */
    async resumeEngineClocks(restaurantId: number, orderMs: number): Promise<void> {
      await db
        .update(orders)
        .set({
          kitchenStartedAt: sql`now() - (${orders.progress} * ${orderMs} / 100.0) * interval '1 millisecond'`,
        })
        .where(and(eq(orders.restaurantId, restaurantId), notInArray(orders.status, CLOSED)))
    },

    async saveSettings(restaurantId: number, settings: KitchenSettings): Promise<RestaurantRow | undefined> {
      const [row] = await db
        .update(restaurants)
        .set({ kitchenSettings: settings, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId))
        .returning()
      return row
    },

    /** The order's latest status events, newest first. */
    latestEvents(orderId: number, limit: number) {
      return db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(desc(orderEvents.id))
        .limit(limit)
    },

    async setLinesDone(orderId: number, linesDone: number[]): Promise<void> {
      await db.update(orders).set({ linesDone, updatedAt: new Date() }).where(eq(orders.id, orderId))
    },

    /** Several orders' tickets in one read per restaurant (a batch of platform orders), with each order's restaurant and whether it is a showcase. */
    async tickets(orderIds: number[]) {
      if (orderIds.length === 0) return []
      const rows = await db
        .select({ order: orders, settings: restaurants.kitchenSettings })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(inArray(orders.id, orderIds))
      const byRestaurant = new Map<number, typeof rows>()
      for (const row of rows)
        byRestaurant.set(row.order.restaurantId, [...(byRestaurant.get(row.order.restaurantId) ?? []), row])
      const result: { ticket: Ticket; restaurantId: number; isShowcase: boolean }[] = []
      for (const [restaurantId, group] of byRestaurant) {
        const made = await ticketsFor(
          group.map((g) => g.order),
          kitchenSettingsOf({ kitchenSettings: group[0]!.settings }),
        )
        for (const [i, ticket] of made.entries())
          result.push({ ticket, restaurantId, isShowcase: group[i]!.order.isShowcase })
      }
      return result
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
