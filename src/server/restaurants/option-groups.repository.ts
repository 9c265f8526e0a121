import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { toCents, toDollars } from '../../shared/money'
import type { OptionGroup, OptionGroupCreate } from '../../shared/schemas/menu-options'
import type { Tx } from '../db/client'
import { menuItems, menuOptionGroups, menuOptions } from '../db/schema'

export type MenuOptionRow = typeof menuOptions.$inferSelect

/** Dishes' option groups as the menu carries them, in the owner's order; a dish without any has none in the map. */
export async function readOptionGroups(
  tx: Tx,
  menuItemIds: readonly number[],
): Promise<Map<number, OptionGroup[]>> {
  const byItem = new Map<number, OptionGroup[]>()
  if (menuItemIds.length === 0) return byItem
  const ids = [...new Set(menuItemIds)]
  const [groups, options] = await Promise.all([
    tx
      .select()
      .from(menuOptionGroups)
      .where(inArray(menuOptionGroups.menuItemId, ids))
      .orderBy(asc(menuOptionGroups.position), asc(menuOptionGroups.id)),
    tx
      .select()
      .from(menuOptions)
      .where(inArray(menuOptions.menuItemId, ids))
      .orderBy(asc(menuOptions.position), asc(menuOptions.id)),
  ])
  const byGroup = new Map<number, OptionGroup>()
  for (const g of groups) {
    const group: OptionGroup = {
      id: g.id,
      name: g.name,
      required: g.required,
      min: g.minChoices,
      max: g.maxChoices,
      options: [],
    }
    byGroup.set(g.id, group)
    const list = byItem.get(g.menuItemId) ?? []
    list.push(group)
    byItem.set(g.menuItemId, list)
  }
  for (const o of options)
    byGroup.get(o.groupId)?.options.push({
      id: o.id,
      name: o.name,
      priceDelta: toDollars(o.priceDeltaCents),
      allergens: o.allergens,
      isAvailable: o.isAvailable,
    })
  return byItem
}

/** Restaurant-wide: every option group of the restaurant's dishes. */
export async function readRestaurantOptionGroups(tx: Tx, restaurantId: number) {
  const items = await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
  return readOptionGroups(
    tx,
    items.map((i) => i.id),
  )
}

/**
 * Makes the dish's option groups the given list, in its order: a group or option with an id of
 * this dish is updated in place (its sold-out state kept unless given), one without is added,
 * and what is left out is removed. Ids of another dish are refused by the caller's check first.
 */
export async function replaceOptionGroups(tx: Tx, menuItemId: number, groups: readonly OptionGroupCreate[]) {
  const keptGroups = groups.flatMap((g) => (g.id ? [g.id] : []))
  const keptOptions = groups.flatMap((g) => g.options.flatMap((o) => (o.id ? [o.id] : [])))
  await tx
    .delete(menuOptions)
    .where(
      keptOptions.length
        ? and(eq(menuOptions.menuItemId, menuItemId), notInArray(menuOptions.id, keptOptions))
        : eq(menuOptions.menuItemId, menuItemId),
    )
  await tx
    .delete(menuOptionGroups)
    .where(
      keptGroups.length
        ? and(eq(menuOptionGroups.menuItemId, menuItemId), notInArray(menuOptionGroups.id, keptGroups))
        : eq(menuOptionGroups.menuItemId, menuItemId),
    )
  for (const [position, group] of groups.entries()) {
    const values = {
      name: group.name,
      required: group.required,
      minChoices: group.min,
      maxChoices: group.max,
      position,
    }
    const groupId = group.id
      ? (
          await tx.update(menuOptionGroups).set(values).where(eq(menuOptionGroups.id, group.id)).returning()
        )[0]!.id
      : (
          await tx
            .insert(menuOptionGroups)
            .values({ menuItemId, ...values })
            .returning()
        )[0]!.id
    for (const [optionPosition, option] of group.options.entries()) {
      const optionValues = {
        groupId,
        name: option.name,
        priceDeltaCents: toCents(option.priceDelta),
        allergens: option.allergens,
        isAvailable: option.isAvailable,
        position: optionPosition,
      }
      if (option.id) await tx.update(menuOptions).set(optionValues).where(eq(menuOptions.id, option.id))
      else await tx.insert(menuOptions).values({ menuItemId, ...optionValues })
    }
  }
}

/** The ids of the dish's groups and options, to refuse an id that is not this dish's. */
export async function optionIdsOf(tx: Tx, menuItemId: number) {
  const [groups, options] = await Promise.all([
    tx
      .select({ id: menuOptionGroups.id })
      .from(menuOptionGroups)
      .where(eq(menuOptionGroups.menuItemId, menuItemId)),
    tx.select({ id: menuOptions.id }).from(menuOptions).where(eq(menuOptions.menuItemId, menuItemId)),
  ])
  return { groups: new Set(groups.map((g) => g.id)), options: new Set(options.map((o) => o.id)) }
}

/** An option with its dish's restaurant. */
export async function findOption(tx: Tx, optionId: number) {
  const [row] = await tx
    .select({ option: menuOptions, restaurantId: menuItems.restaurantId })
    .from(menuOptions)
    .innerJoin(menuItems, eq(menuItems.id, menuOptions.menuItemId))
    .where(eq(menuOptions.id, optionId))
  return row
}

export async function setOptionAvailable(tx: Tx, optionId: number, isAvailable: boolean) {
  const [row] = await tx
    .update(menuOptions)
    .set({ isAvailable })
    .where(eq(menuOptions.id, optionId))
    .returning()
  return row
}
