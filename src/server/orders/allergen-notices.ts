import { eq, inArray } from 'drizzle-orm'
import { allergenLabel } from '../../shared/constants'
import type { OrderLine } from '../../shared/order-lines'
import type { Db } from '../db/client'
import { menuItems, orders, userAllergenProfiles } from '../db/schema'
import type { NotificationsService } from '../notifications/notifications.service'
import { allergenWarningNotice, orderFacts } from '../notifications/order-notices'

/**
 * The allergen warning on an order: when a diner whose allergen profile has alerts on orders dishes
 * that list one of their allergens, they are told (and, if they allow it, on their lock screen),
 * once the order is placed. The kitchen's ticket shows the same match.
 */
export function allergenNotices({
  db,
  notifications,
  log,
}: {
  db: Db
  notifications: NotificationsService
  log?: { error(obj: object, msg?: string): void }
}) {
  async function check(order: { id: number; userId: number }) {
    try {
      const [profile] = await db
        .select()
        .from(userAllergenProfiles)
        .where(eq(userAllergenProfiles.userId, order.userId))
      if (!profile?.notificationsEnabled || profile.allergens.length === 0) return
      const [row] = await db.select({ items: orders.items }).from(orders).where(eq(orders.id, order.id))
      const lines = (row?.items ?? []) as OrderLine[]
      const ids = lines.flatMap((l) => (l.menuItemId ? [l.menuItemId] : []))
      if (ids.length === 0) return
      const items = await db
        .select({ id: menuItems.id, name: menuItems.name, allergens: menuItems.allergens })
        .from(menuItems)
        .where(inArray(menuItems.id, ids))
      const byId = new Map(items.map((item) => [item.id, item]))
      const wanted = new Set(profile.allergens.map((a) => a.toLowerCase()))
      // Per line: the dish's allergens and those of the options chosen on it; each dish and allergen once.
      const seen = new Set<string>()
      const matches = lines.flatMap((line) => {
        const item = line.menuItemId ? byId.get(line.menuItemId) : undefined
        if (!item) return []
        const all = [...(item.allergens ?? []), ...(line.options ?? []).flatMap((o) => o.allergens ?? [])]
        return all
          .map((a) => a.toLowerCase())
          .filter((a) => wanted.has(a) && !seen.has(`${item.name}|${a}`) && seen.add(`${item.name}|${a}`))
          .map((a) => ({ dish: item.name, allergen: allergenLabel(a).toLowerCase() }))
      })
      if (matches.length === 0) return
      const facts = await orderFacts(db, order.id)
      if (facts) await notifications.send(allergenWarningNotice(facts, matches))
    } catch (err) {
      log?.error({ err, orderId: order.id }, 'could not check an order for allergens')
    }
  }
  return {
    placed(order: { id: number; userId: number }) {
      void check(order)
    },
  }
}
