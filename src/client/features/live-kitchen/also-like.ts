import type { OrderLine } from '@shared/order-lines'
import type { MenuItem } from '@shared/schemas/restaurants'

export const ALSO_LIKE_COUNT = 4

/**
 * Dishes of the order's restaurant to suggest next time: available, not already in the order, and
 * none with an allergen of the diner's profile (`avoid`, the catalogue's ids); in menu order.
 */
export function alsoLikeDishes(
  menu: readonly MenuItem[],
  ordered: readonly OrderLine[],
  avoid: readonly string[],
  count = ALSO_LIKE_COUNT,
): MenuItem[] {
  const orderedIds = new Set(ordered.map((line) => line.menuItemId))
  const orderedNames = new Set(ordered.map((line) => line.name.toLowerCase()))
  const avoided = new Set(avoid.map((a) => a.toLowerCase()))
  return menu
    .filter(
      (item) =>
        item.isAvailable &&
        !orderedIds.has(item.id) &&
        !orderedNames.has(item.name.toLowerCase()) &&
        !item.allergens.some((a) => avoided.has(a.toLowerCase())),
    )
    .slice(0, count)
}
