import type { MenuOrder } from '@shared/schemas/menu'
import type { MenuItem } from '@shared/schemas/restaurants'

export interface MenuGroup {
  category: string
  items: MenuItem[]
}

/** The menu as the server orders it, grouped by category in order of appearance. */
export function menuGroups(items: readonly MenuItem[]): MenuGroup[] {
  const groups: MenuGroup[] = []
  for (const item of items) {
    const group = groups.find((g) => g.category === item.category)
    if (group) group.items.push(item)
    else groups.push({ category: item.category, items: [item] })
  }
  return groups
}

export function toMenuOrder(groups: readonly MenuGroup[]): MenuOrder {
  return groups.map((g) => ({ category: g.category, itemIds: g.items.map((i) => i.id) }))
}

function swap<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by
  if (target < 0 || target >= list.length) return [...list]
  const next = [...list]
  ;[next[index], next[target]] = [next[target]!, next[index]!]
  return next
}

export function moveCategory(groups: readonly MenuGroup[], category: string, by: -1 | 1): MenuGroup[] {
  return swap(
    groups,
    groups.findIndex((g) => g.category === category),
    by,
  )
}

export function moveItem(groups: readonly MenuGroup[], itemId: number, by: -1 | 1): MenuGroup[] {
  return groups.map((g) => {
    const index = g.items.findIndex((i) => i.id === itemId)
    return index === -1 ? g : { ...g, items: swap(g.items, index, by) }
  })
}

/** Renaming to the name of another category merges the two, keeping the other's place. */
export function renameCategory(groups: readonly MenuGroup[], from: string, to: string): MenuGroup[] {
  const name = to.trim()
  const target = groups.find((g) => g.category.toLowerCase() === name.toLowerCase() && g.category !== from)
  const source = groups.find((g) => g.category === from)
  if (!source) return [...groups]
  if (!target) return groups.map((g) => (g === source ? { ...g, category: name } : g))
  return groups
    .filter((g) => g !== source)
    .map((g) => (g === target ? { ...g, items: [...g.items, ...source.items] } : g))
}
