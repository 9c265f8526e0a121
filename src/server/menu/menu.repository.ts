import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { menuItemAvailability, menuItems } from '../db/schema'
import { menuOrder } from '../restaurants/restaurants.repository'

export type MenuItemRow = typeof menuItems.$inferSelect

export interface NewMenuItem {
  name: string
  description: string
  priceCents: number
  category: string
  image: string | null
  ingredients: string[]
  allergens: string[]
  isAvailable: boolean
}

export function createMenuRepository(db: Tx) {
  /** Where a dish goes at the end of `category`: the category's place (a new one goes last) and the next slot. */
  async function placeAtEnd(restaurantId: number, category: string, tx: Tx) {
    const [existing] = await tx
      .select({
        categoryPosition: sql<number>`min(${menuItems.categoryPosition})`,
        position: sql<number>`coalesce(max(${menuItems.position}), -1) + 1`,
      })
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.category, category)))
    if (existing?.categoryPosition !== null && existing?.categoryPosition !== undefined)
      return { categoryPosition: Number(existing.categoryPosition), position: Number(existing.position) }
    const [last] = await tx
      .select({ next: sql<number>`coalesce(max(${menuItems.categoryPosition}), -1) + 1` })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
    return { categoryPosition: Number(last?.next ?? 0), position: 0 }
  }

  return {
    async list(restaurantId: number, tx: Tx = db): Promise<MenuItemRow[]> {
      return tx
        .select()
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurantId))
        .orderBy(...menuOrder)
    },

    async findById(id: number, tx: Tx = db): Promise<MenuItemRow | undefined> {
      const [row] = await tx.select().from(menuItems).where(eq(menuItems.id, id))
      return row
    },

    async create(restaurantId: number, input: NewMenuItem, tx: Tx = db): Promise<MenuItemRow> {
      const place = await placeAtEnd(restaurantId, input.category, tx)
      const [row] = await tx
        .insert(menuItems)
        .values({ restaurantId, ...input, ...place })
        .returning()
      return row!
    },

    async update(item: MenuItemRow, patch: Partial<NewMenuItem>, tx: Tx = db): Promise<MenuItemRow> {
      const moved = patch.category !== undefined && patch.category !== item.category
      const place = moved ? await placeAtEnd(item.restaurantId, patch.category!, tx) : {}
      const values = { ...patch, ...place }
      // A change of nothing (`{}`, or only fields the schema does not know) answers the dish as it is.
      if (Object.values(values).every((v) => v === undefined)) return item
      const [row] = await tx.update(menuItems).set(values).where(eq(menuItems.id, item.id)).returning()
      return row!
    },

    /** A line of the dish's availability history: it is now `row.isAvailable`, by `userId`. */
    async recordAvailability(row: MenuItemRow, userId: number, tx: Tx = db): Promise<void> {
      await tx.insert(menuItemAvailability).values({
        menuItemId: row.id,
        restaurantId: row.restaurantId,
        isAvailable: row.isAvailable,
        actorUserId: userId,
      })
    },

    async delete(id: number, tx: Tx = db): Promise<void> {
      await tx.delete(menuItems).where(eq(menuItems.id, id))
    },

    async setPlace(
      id: number,
      place: { category: string; categoryPosition: number; position: number },
      tx: Tx = db,
    ): Promise<void> {
      await tx.update(menuItems).set(place).where(eq(menuItems.id, id))
    },
  }
}
export type MenuRepository = ReturnType<typeof createMenuRepository>
