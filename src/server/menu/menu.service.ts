import type { FastifyInstance } from 'fastify'
import { liveMessage } from '../../shared/live-message-builders'
import { toCents } from '../../shared/money'
import type { MenuItemCreate, MenuItemUpdate, MenuOrder } from '../../shared/schemas/menu'
import type { OptionGroupCreate } from '../../shared/schemas/menu-options'
import type { RestaurantCapability } from '../auth/access'
import type { Tx } from '../db/client'
import { kitchenChannel, restaurantChannel } from '../infra/bus'
import {
  findOption,
  optionIdsOf,
  readOptionGroups,
  readRestaurantOptionGroups,
  replaceOptionGroups,
  setOptionAvailable,
} from '../restaurants/option-groups.repository'
import { menuItemNotFound } from '../restaurants/restaurants.errors'
import { toMenuItem } from '../restaurants/restaurants.service'
import { menuOptionNotFound, menuOrderMismatch, notThisDishesOption } from './menu.errors'
import { createMenuRepository, type MenuItemRow, type NewMenuItem } from './menu.repository'

/** An owner's menu: dishes added, changed, sold out, removed and put in order. */
export function createMenuService(
  app: Pick<FastifyInstance, 'db' | 'restaurants' | 'bus' | 'log' | 'restaurantAccess' | 'staff'>,
) {
  const repo = createMenuRepository(app.db)
  const restaurants = app.restaurants

  /** The dish as the menu carries it, with its option groups. */
  async function withGroups(row: MenuItemRow, tx: Tx = app.db) {
    return toMenuItem(row, (await readOptionGroups(tx, [row.id])).get(row.id))
  }

  /** Ids given in an edit must be this dish's own groups and options. */
  async function checkOwnIds(itemId: number, groups: readonly OptionGroupCreate[], tx: Tx) {
    const own = await optionIdsOf(tx, itemId)
    for (const [index, group] of groups.entries()) {
      if (group.id && !own.groups.has(group.id))
        throw notThisDishesOption(undefined, {
          optionGroups: `Group ${index + 1} names an id that is not this dish’s`,
        })
      for (const option of group.options)
        if (option.id && !own.options.has(option.id))
          throw notThisDishesOption(undefined, {
            optionGroups: `Group ${index + 1} names an id that is not this dish’s`,
          })
    }
  }

  /**
   * A dish, or (with `optionId`) one of its options, sold out or back reaches the restaurant's
   * page and its kitchen at once (after the cache is cleared, so a page that reads the menu again
   * on the message reads the new one).
   */
  async function publishAvailability(body: {
    restaurantId: number
    menuItemId: number
    optionId?: number
    isAvailable: boolean
  }) {
    const message = liveMessage.menuAvailability(body)
    for (const channel of [restaurantChannel(body.restaurantId), kitchenChannel(body.restaurantId)]) {
      try {
        await app.bus.publish(channel, message)
      } catch (error) {
        app.log.warn({ err: error, channel }, 'could not publish a dish’s availability')
      }
    }
  }

  /** The dish, once `userId` is known to own its restaurant (404 for an unknown dish, 403 otherwise). */
  async function ownedItem(itemId: number, userId: number, capability: RestaurantCapability = 'manage_menu') {
    const item = await repo.findById(itemId)
    if (!item) throw menuItemNotFound()
    const member = await app.restaurantAccess(item.restaurantId, userId, capability)
    return { ...item, member }
  }

  return {
    async create(restaurantId: number, userId: number, input: MenuItemCreate) {
      await app.restaurantAccess(restaurantId, userId, 'manage_menu')
      const row = await app.db.transaction(async (tx) => {
        const created = await repo.create(
          restaurantId,
          {
            name: input.name,
            description: input.description,
            priceCents: toCents(input.price),
            category: input.category,
            image: input.image ?? null,
            ingredients: input.ingredients,
            allergens: input.allergens,
            isAvailable: input.isAvailable,
          },
          tx,
        )
        // A dish added sold out is 86'd from its first minute.
        if (!created.isAvailable) await repo.recordAvailability(created, userId, tx)
        await replaceOptionGroups(tx, created.id, input.optionGroups)
        return withGroups(created, tx)
      })
      await restaurants.invalidate()
      return row
    },

    async update(itemId: number, userId: number, input: MenuItemUpdate) {
      // Selling a dish out or back ("86") is the kitchen's; anything else is the menu's.
      const keys = Object.keys(input)
      const onlyAvailability = keys.length > 0 && keys.every((k) => k === 'isAvailable')
      const { member, ...item } = await ownedItem(
        itemId,
        userId,
        onlyAvailability ? 'set_availability' : 'manage_menu',
      )
      const { price, optionGroups, ...rest } = input
      const patch: Partial<NewMenuItem> = { ...rest }
      if (price !== undefined) patch.priceCents = toCents(price)
      const row = await app.db.transaction(async (tx) => {
        if (optionGroups) await checkOwnIds(item.id, optionGroups, tx)
        const updated = await repo.update(item, patch, tx)
        // Sold out ("86'd") or back: kept in the dish's availability history, with who did it.
        if (updated.isAvailable !== item.isAvailable) await repo.recordAvailability(updated, userId, tx)
        if (optionGroups) await replaceOptionGroups(tx, item.id, optionGroups)
        return withGroups(updated, tx)
      })
      if (row.isAvailable !== item.isAvailable)
        await app.staff.record({
          restaurantId: item.restaurantId,
          actor: member,
          action: 'availability',
          summary: `${row.name}: ${row.isAvailable ? 'back on' : 'sold out (86)'}`,
        })
      await restaurants.invalidate()
      if (row.isAvailable !== item.isAvailable)
        await publishAvailability({
          restaurantId: item.restaurantId,
          menuItemId: item.id,
          isAvailable: row.isAvailable,
        })
      return row
    },

    /**
     * An option sold out ("86'd") or back, by anyone who may 86 a dish (kept in the staff log); open
     * restaurant pages hear of it at once. Answers the option's dish.
     */
    async setOptionAvailability(optionId: number, userId: number, isAvailable: boolean) {
      const found = await findOption(app.db, optionId)
      if (!found) throw menuOptionNotFound()
      const member = await app.restaurantAccess(found.restaurantId, userId, 'set_availability')
      const item = await repo.findById(found.option.menuItemId)
      if (!item) throw menuItemNotFound()
      if (found.option.isAvailable !== isAvailable) {
        await setOptionAvailable(app.db, optionId, isAvailable)
        await app.staff.record({
          restaurantId: found.restaurantId,
          actor: member,
          action: 'availability',
          summary: `${item.name}, ${found.option.name}: ${isAvailable ? 'back on' : 'sold out (86)'}`,
        })
      }
      await restaurants.invalidate()
      if (found.option.isAvailable !== isAvailable)
        await publishAvailability({
          restaurantId: found.restaurantId,
          menuItemId: item.id,
          optionId,
          isAvailable,
        })
      return withGroups(item)
    },

    /** Past orders keep their lines: an order stores each dish's name and price when it is placed. */
    async delete(itemId: number, userId: number) {
      await ownedItem(itemId, userId)
      await repo.delete(itemId)
      await restaurants.invalidate()
    },

    async setOrder(restaurantId: number, userId: number, groups: MenuOrder) {
      await app.restaurantAccess(restaurantId, userId, 'manage_menu')
      const rows = await app.db.transaction(async (tx) => {
        const current = await repo.list(restaurantId, tx)
        const listed = groups.flatMap((g) => g.itemIds)
        const known = new Set(current.map((r) => r.id))
        if (listed.length !== current.length || listed.some((id) => !known.has(id))) throw menuOrderMismatch()
        for (const [categoryPosition, group] of groups.entries())
          for (const [position, id] of group.itemIds.entries())
            await repo.setPlace(id, { category: group.category.trim(), categoryPosition, position }, tx)
        const list = await repo.list(restaurantId, tx)
        const optionGroups = await readRestaurantOptionGroups(tx, restaurantId)
        return list.map((r) => toMenuItem(r, optionGroups.get(r.id)))
      })
      await restaurants.invalidate()
      return rows
    },
  }
}
export type MenuService = ReturnType<typeof createMenuService>
