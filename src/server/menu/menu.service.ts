import type { FastifyInstance } from 'fastify'
import { toCents } from '../../shared/money'
import type { MenuItemCreate, MenuItemUpdate, MenuOrder } from '../../shared/schemas/menu'
import { menuItemNotFound } from '../restaurants/restaurants.errors'
import { toMenuItem } from '../restaurants/restaurants.service'
import { menuOrderMismatch } from './menu.errors'
import { createMenuRepository, type NewMenuItem } from './menu.repository'

/** An owner's menu: dishes added, changed, sold out, removed and put in order. */
export function createMenuService(app: Pick<FastifyInstance, 'db' | 'restaurants'>) {
  const repo = createMenuRepository(app.db)
  const restaurants = app.restaurants

  /** The dish, once `userId` is known to own its restaurant (404 for an unknown dish, 403 otherwise). */
  async function ownedItem(itemId: number, userId: number) {
    const item = await repo.findById(itemId)
    if (!item) throw menuItemNotFound()
    await restaurants.requireOwner(item.restaurantId, userId)
    return item
  }

  return {
    async create(restaurantId: number, userId: number, input: MenuItemCreate) {
      await restaurants.requireOwner(restaurantId, userId)
      const row = await repo.create(restaurantId, {
        name: input.name,
        description: input.description,
        priceCents: toCents(input.price),
        category: input.category,
        image: input.image ?? null,
        ingredients: input.ingredients,
        allergens: input.allergens,
        isAvailable: input.isAvailable,
      })
      await restaurants.invalidate()
      return toMenuItem(row)
    },

    async update(itemId: number, userId: number, input: MenuItemUpdate) {
      const item = await ownedItem(itemId, userId)
      const { price, ...rest } = input
      const patch: Partial<NewMenuItem> = { ...rest }
      if (price !== undefined) patch.priceCents = toCents(price)
      const row = await repo.update(item, patch)
      await restaurants.invalidate()
      return toMenuItem(row)
    },

    /** Past orders keep their lines: an order stores each dish's name and price when it is placed. */
    async delete(itemId: number, userId: number) {
      await ownedItem(itemId, userId)
      await repo.delete(itemId)
      await restaurants.invalidate()
    },

    async setOrder(restaurantId: number, userId: number, groups: MenuOrder) {
      await restaurants.requireOwner(restaurantId, userId)
      const rows = await app.db.transaction(async (tx) => {
        const current = await repo.list(restaurantId, tx)
        const listed = groups.flatMap((g) => g.itemIds)
        const known = new Set(current.map((r) => r.id))
        if (listed.length !== current.length || listed.some((id) => !known.has(id))) throw menuOrderMismatch()
        for (const [categoryPosition, group] of groups.entries())
          for (const [position, id] of group.itemIds.entries())
            await repo.setPlace(id, { category: group.category.trim(), categoryPosition, position }, tx)
        return repo.list(restaurantId, tx)
      })
      await restaurants.invalidate()
      return rows.map(toMenuItem)
    },
  }
}
export type MenuService = ReturnType<typeof createMenuService>
