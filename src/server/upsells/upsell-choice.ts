/**
 * Which dish the kitchen offers with an order: the product's rule, pure and deterministic, so
 * every instance and every retry offers the same one.
 */
import { hashInts } from '../infra/stable-hash'

/** Progress at which the kitchen offers an upsell, while the order is cooking. */
export const UPSELL_AT_PROGRESS = 40

export interface UpsellCandidate {
  id: number
  name: string
  isAvailable: boolean
  allergens: string[]
}

/** Picks one of the dishes that fit (sorted by id); the default spreads orders over all of them. */
export type UpsellPick = <T extends UpsellCandidate>(orderId: number, fits: readonly T[]) => T | undefined

export const pickByOrder: UpsellPick = (orderId, fits) => fits[hashInts(orderId, 11) % fits.length]

/**
 * The menu item to offer with an order: available, not already in the order (by id, or by name
 * for lines without one), and free of every allergen in the diner's profile. Deterministic per
 * order; undefined when nothing fits.
 */
export function chooseUpsellItem<T extends UpsellCandidate>(
  orderId: number,
  menu: readonly T[],
  ordered: { ids: ReadonlySet<number>; names: ReadonlySet<string> },
  avoidAllergens: readonly string[],
  pick: UpsellPick = pickByOrder,
): T | undefined {
  const avoid = new Set(avoidAllergens.map((a) => a.toLowerCase()))
  const fits = menu
    .filter(
      (item) =>
        item.isAvailable &&
        !ordered.ids.has(item.id) &&
        !ordered.names.has(item.name.toLowerCase()) &&
        !item.allergens.some((a) => avoid.has(a.toLowerCase())),
    )
    .sort((a, b) => a.id - b.id)
  if (fits.length === 0) return undefined
  return pick(orderId, fits)
}

/** Menu item ids and lowercase names already in an order's stored lines. */
export function orderedItems(items: unknown): { ids: Set<number>; names: Set<string> } {
  const ids = new Set<number>()
  const names = new Set<string>()
  let lines = items
  if (typeof lines === 'string') {
    try {
      lines = JSON.parse(lines)
    } catch {
      lines = []
    }
  }
  if (Array.isArray(lines)) {
    for (const line of lines) {
      if (!line || typeof line !== 'object') continue
      const { menuItemId, name } = line as { menuItemId?: unknown; name?: unknown }
      if (typeof menuItemId === 'number') ids.add(menuItemId)
      if (typeof name === 'string') names.add(name.toLowerCase())
    }
  }
  return { ids, names }
}
