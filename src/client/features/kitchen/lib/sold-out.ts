import type { Kitchen, KitchenDish } from '@shared/schemas/kitchen'

/** What the console's 86 list names: a dish, or one option of a dish. */
export type SoldOutEntry =
  | { kind: 'dish'; dishId: number; label: string }
  | { kind: 'option'; dishId: number; optionId: number; label: string }

export function setDishAvailability(kitchen: Kitchen, id: number, isAvailable: boolean): Kitchen {
  return { ...kitchen, dishes: kitchen.dishes.map((d) => (d.id === id ? { ...d, isAvailable } : d)) }
}

/** One option of one dish sold out or back; the dish and every other option stay as they are. */
export function setOptionAvailability(kitchen: Kitchen, optionId: number, isAvailable: boolean): Kitchen {
  return {
    ...kitchen,
    dishes: kitchen.dishes.map((dish) =>
      dish.optionGroups.some((g) => g.options.some((o) => o.id === optionId))
        ? {
            ...dish,
            optionGroups: dish.optionGroups.map((group) => ({
              ...group,
              options: group.options.map((o) => (o.id === optionId ? { ...o, isAvailable } : o)),
            })),
          }
        : dish,
    ),
  }
}

/** A live `menu_availability` on the console: a dish, or (with `optionId`) one of its options, sold out or back. */
export function withLiveAvailability(
  kitchen: Kitchen,
  message: { menuItemId: number; optionId?: number; isAvailable: boolean },
): Kitchen {
  if (message.optionId !== undefined)
    return setOptionAvailability(kitchen, message.optionId, message.isAvailable)
  return setDishAvailability(kitchen, message.menuItemId, message.isAvailable)
}

/** Everything 86'd now, in menu order: dishes by name, options as "Extra cheese (Burger)". */
export function soldOutEntries(dishes: KitchenDish[]): SoldOutEntry[] {
  return dishes.flatMap((dish): SoldOutEntry[] => [
    ...(dish.isAvailable ? [] : [{ kind: 'dish' as const, dishId: dish.id, label: dish.name }]),
    ...dish.optionGroups.flatMap((group) =>
      group.options
        .filter((o) => !o.isAvailable)
        .map((o) => ({
          kind: 'option' as const,
          dishId: dish.id,
          optionId: o.id,
          label: `${o.name} (${dish.name})`,
        })),
    ),
  ])
}

/**
 * The dishes a search on the 86 list keeps: a dish whose name or category matches keeps all its
 * options; otherwise only the groups and options whose names match are kept. Case and accents
 * are ignored; an empty search keeps everything.
 */
export function searchDishes(dishes: KitchenDish[], query: string): KitchenDish[] {
  const matches = searchFor(query)
  if (!matches) return dishes
  return dishes.flatMap((dish) => {
    if (matches(dish.name, dish.category)) return [dish]
    const optionGroups = dish.optionGroups.flatMap((group) => {
      if (matches(dish.name, group.name)) return [group]
      const options = group.options.filter((o) => matches(dish.name, group.name, o.name))
      return options.length > 0 ? [{ ...group, options }] : []
    })
    return optionGroups.length > 0 ? [{ ...dish, optionGroups }] : []
  })
}

/**
 * Options that several dishes share by name ("Extra cheese" on three burgers), with the ids of
 * each: when the cheese runs out, the line 86es it everywhere at once. Names are compared without
 * case; the first spelling in menu order is shown. A search keeps the names that match it.
 */
export function sharedOptions(
  dishes: KitchenDish[],
  query = '',
): { name: string; ids: number[]; available: number }[] {
  const matches = searchFor(query) ?? (() => true)
  const byName = new Map<string, { name: string; ids: number[]; available: number; dishes: Set<number> }>()
  for (const dish of dishes)
    for (const group of dish.optionGroups)
      for (const option of group.options) {
        const key = fold(option.name).trim()
        const entry = byName.get(key) ?? { name: option.name, ids: [], available: 0, dishes: new Set() }
        entry.ids.push(option.id)
        entry.dishes.add(dish.id)
        if (option.isAvailable) entry.available++
        byName.set(key, entry)
      }
  return [...byName.values()]
    .filter((e) => e.dishes.size > 1 && matches(e.name))
    .map(({ name, ids, available }) => ({ name, ids, available }))
}

/** Whether texts hold every word of the search, or undefined for an empty search. */
function searchFor(query: string): ((...texts: string[]) => boolean) | undefined {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return undefined
  return (...texts) => {
    const text = fold(texts.join(' '))
    return words.every((w) => text.includes(w))
  }
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
