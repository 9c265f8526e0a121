import type { AllergenCheck, AllergenProfile } from '../../shared/schemas/allergens'
import type { MenuItem } from '../../shared/schemas/restaurants'
import type { AllergenProfileRow } from './allergens.repository'

export function toAllergenProfile(row: AllergenProfileRow): AllergenProfile {
  return {
    id: row.id,
    userId: row.userId,
    allergens: row.allergens,
    severity: row.severity,
    notificationsEnabled: row.notificationsEnabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Every (menu item, allergen) pair where one of the diner's allergens is in the item's list, compared case-insensitively. */
export function findAllergenMatches(
  items: readonly MenuItem[],
  profileAllergens: readonly string[],
): AllergenCheck['matches'] {
  const wanted = [...new Set(profileAllergens.map((a) => a.toLowerCase()))]
  const matches: AllergenCheck['matches'] = []
  for (const menuItem of items) {
    const present = new Set(menuItem.allergens.map((a) => a.toLowerCase()))
    for (const allergen of wanted) if (present.has(allergen)) matches.push({ menuItem, allergen })
    // An option's allergens join the dish's once chosen: each option that brings one in is named.
    for (const group of menuItem.optionGroups ?? [])
      for (const option of group.options) {
        const inOption = new Set(option.allergens.map((a) => a.toLowerCase()))
        for (const allergen of wanted)
          if (inOption.has(allergen) && !present.has(allergen))
            matches.push({
              menuItem,
              allergen,
              option: { id: option.id, name: option.name, group: group.name },
            })
      }
  }
  return matches
}
