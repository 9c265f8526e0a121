import { toDollars } from '../../shared/money'
import type { ChefShout } from '../../shared/schemas/chef'
import type { Db } from '../db/client'
import { setBounded } from '../infra/bounded-map'
import type { CachedBody } from '../infra/cached-response'
import type { Logger } from '../infra/logger'
import type { ReadCache } from '../infra/read-cache'
import { canViewOrder, findOrderWithOwner } from '../orders/order-access'
import { type ChefShoutRow, createChefRepository, prepareShoutsWithAccess } from './chef.repository'

/** An order's shout list in the read cache; every shout sent or answered clears it. */
export const chefShoutsCacheKey = (orderId: number) => `chef-shouts:${orderId}`

interface OrderAccess {
  userId: number
  isShowcase: boolean
  restaurantId: number
}
/** Orders whose readers are known; the oldest are forgotten first. */
const MAX_KNOWN_ORDERS = 50_000
/** Thrown out of a cache load that found no order, so that nothing is kept for it. */
const NO_SUCH_ORDER = Symbol('no such order')

export function toChefShoutDto(row: ChefShoutRow): ChefShout {
  return {
    id: row.id,
    orderId: row.orderId,
    userId: row.userId,
    shoutType: row.shoutType,
    shoutName: row.shoutName,
    price: toDollars(row.priceCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * An order's shout list as its readers see it, kept serialized in the read cache until the next
 * shout or answer clears it (here and on the other instances).
 */
export function createShoutList(deps: { db: Db; cache: ReadCache; log?: Pick<Logger, 'warn'> }) {
  const { db, cache, log } = deps
  /**
   * Who may read an order's shouts: its diner, its restaurant's owner, anyone for the showcase.
   * The diner, the restaurant and the showcase flag never change once the order exists, so they
   * are kept (bounded) without invalidation; the owner can (a transfer), so it is read each time
   * someone other than the diner asks.
   */
  const access = new Map<number, OrderAccess>()
  const remember = (orderId: number, facts: OrderAccess) =>
    setBounded(access, orderId, facts, MAX_KNOWN_ORDERS)
  const repo = createChefRepository(db)
  async function mayRead(facts: OrderAccess, viewerId: number | undefined): Promise<boolean> {
    if (facts.isShowcase || (viewerId !== undefined && facts.userId === viewerId)) return true
    if (viewerId === undefined) return false
    return canViewOrder(facts, await repo.restaurantOwner(facts.restaurantId), viewerId)
  }

  /** Clears the shout lists of these orders, here at once and on the other instances. */
  async function forgetShouts(orderIds: Iterable<number>) {
    try {
      await cache.forget([...new Set(orderIds)].map(chefShoutsCacheKey))
    } catch (error) {
      log?.warn({ err: error }, 'could not clear cached chef shouts')
    }
  }

  const shoutsWithAccess = prepareShoutsWithAccess(db)

  /** The order's shouts, newest first, serialized; undefined when there is no such order. */
  async function cachedShouts(orderId: number): Promise<CachedBody | undefined> {
    try {
      return await cache.get(chefShoutsCacheKey(orderId), async () => {
        const rows = await shoutsWithAccess.execute({ orderId })
        const first = rows[0]
        if (!first) throw NO_SUCH_ORDER
        remember(orderId, {
          userId: first.userId,
          isShowcase: first.isShowcase,
          restaurantId: first.restaurantId,
        })
        return rows.flatMap((row) => (row.shout ? [toChefShoutDto(row.shout)] : []))
      })
    } catch (error) {
      if (error === NO_SUCH_ORDER) return undefined
      throw error
    }
  }

  return {
    forgetShouts,
    /**
     * The order's shouts, newest first, as the read cache keeps them until the next shout or
     * answer; undefined when `viewerId` may not read the order.
     */
    async listShoutsFor(viewerId: number | undefined, orderId: number): Promise<CachedBody | undefined> {
      const known = access.get(orderId)
      if (known && !(await mayRead(known, viewerId))) return undefined
      const entry = await cachedShouts(orderId)
      if (!entry) return undefined
      if (known) return entry
      let facts = access.get(orderId)
      if (!facts) {
        // Kept longer than its readers were: read them again.
        const row = await findOrderWithOwner(db, orderId)
        if (!row) return undefined
        facts = {
          userId: row.order.userId,
          isShowcase: row.order.isShowcase,
          restaurantId: row.order.restaurantId,
        }
        remember(orderId, facts)
      }
      return (await mayRead(facts, viewerId)) ? entry : undefined
    },
  }
}
