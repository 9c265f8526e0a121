import type { MenuItem } from '@shared/schemas/restaurants'

export const VISIBLE_INGREDIENTS = 3

/** An ingredient is flagged when its lowercase form is one of the item's allergens. */
export function isFlaggedIngredient(item: Pick<MenuItem, 'allergens'>, ingredient: string): boolean {
  const allergens = item.allergens.map((a) => a.toLowerCase())
  return allergens.includes(ingredient.trim().toLowerCase())
}

/** The first three ingredients and how many more there are ("+N more"). */
export function ingredientPreview(ingredients: readonly string[]) {
  return {
    shown: ingredients.slice(0, VISIBLE_INGREDIENTS),
    hidden: Math.max(0, ingredients.length - VISIBLE_INGREDIENTS),
  }
}

/** Menu items by category; categories in the order the kitchen listed its dishes (by id). */
export function groupByCategory(items: readonly MenuItem[]): [string, MenuItem[]][] {
  const groups = new Map<string, MenuItem[]>()
  // The server answers in the owner's order: categories and dishes keep it.
  for (const item of items) {
    const list = groups.get(item.category) ?? []
    list.push(item)
    groups.set(item.category, list)
  }
  return [...groups.entries()]
}

export function kmToMiles(km: number): number {
  return km * 0.621371
}
