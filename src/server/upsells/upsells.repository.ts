import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { menuItems, menuOptionGroups, orders, restaurants, upsells, userAllergenProfiles } from '../db/schema'

export type UpsellRow = typeof upsells.$inferSelect
export type MenuItemRow = typeof menuItems.$inferSelect

/** The upsells table and what choosing, offering and answering an offer read. */
export function createUpsellsRepository(db: Db | Tx) {
  return {
    /** The restaurant's menu and the diner's allergen profile: what the choice rule weighs. */
    async choiceInputs(restaurantId: number, userId: number) {
      const [menu, [profile]] = await Promise.all([
        // An offer is accepted in one tap: a dish that needs a choice (a required option group) is not offered.
        db
          .select()
          .from(menuItems)
          .where(
            and(
              eq(menuItems.restaurantId, restaurantId),
              notExists(
                db
                  .select({ id: menuOptionGroups.id })
                  .from(menuOptionGroups)
                  .where(
                    and(eq(menuOptionGroups.menuItemId, menuItems.id), eq(menuOptionGroups.required, true)),
                  ),
              ),
            ),
          ),
        db
          .select({ allergens: userAllergenProfiles.allergens })
          .from(userAllergenProfiles)
          .where(eq(userAllergenProfiles.userId, userId)),
      ])
      return { menu, avoid: profile?.allergens ?? [] }
    },

    /** Which of these orders already have their offer (made or answered). */
    async ordersWithOffer(orderIds: number[]): Promise<number[]> {
      if (orderIds.length === 0) return []
      const rows = await db
        .select({ orderId: upsells.orderId })
        .from(upsells)
        .where(inArray(upsells.orderId, orderIds))
      return rows.map((r) => r.orderId)
    },

    /** The order's one offer, shown now; undefined when the order already has one. */
    async insertShown(orderId: number, menuItemId: number, at: Date) {
      const [row] = await db
        .insert(upsells)
        .values({ orderId, menuItemId, shown: true, shownAt: at })
        .onConflictDoNothing({ target: upsells.orderId })
        .returning()
      return row
    },

    /** The offer of this order that its diner has not answered yet, with its dish. */
    async openOffer(orderId: number) {
      const [row] = await db
        .select({ upsell: upsells, item: menuItems })
        .from(upsells)
        .innerJoin(menuItems, eq(menuItems.id, upsells.menuItemId))
        .where(and(eq(upsells.orderId, orderId), eq(upsells.shown, true), isNull(upsells.respondedAt)))
        .orderBy(desc(upsells.id))
        .limit(1)
      return row
    },

    /** The offer with its order and the order's restaurant owner (who may read it). */
    async withOrder(upsellId: number) {
      const [row] = await db
        .select({ upsell: upsells, order: orders, ownerId: restaurants.ownerId })
        .from(upsells)
        .innerJoin(orders, eq(orders.id, upsells.orderId))
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(eq(upsells.id, upsellId))
      return row
    },

    /** Records the answer unless one was recorded first: false when another answer won the race. */
    async answer(upsellId: number, accepted: boolean, at: Date): Promise<boolean> {
      const [answered] = await db
        .update(upsells)
        .set({ accepted, respondedAt: at })
        .where(and(eq(upsells.id, upsellId), isNull(upsells.respondedAt)))
        .returning({ id: upsells.id })
      return answered !== undefined
    },

    async menuItem(menuItemId: number): Promise<MenuItemRow | undefined> {
      const [item] = await db.select().from(menuItems).where(eq(menuItems.id, menuItemId))
      return item
    },
  }
}
export type UpsellsRepository = ReturnType<typeof createUpsellsRepository>
