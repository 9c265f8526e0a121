import { type Bus, CACHE_CHANNEL } from './bus'
import type { Logger } from './logger'
import type { ReadCache } from './read-cache'

/** A diner's orders under way, as `GET /api/users/{id}/active-orders` answers them. */
export const activeOrdersCacheKey = (userId: number) => `orders:active:${userId}`

/** Each app's read cache, by its bus: a change clears this instance's copy before answering. */
const orderCaches = new WeakMap<Bus, ReadCache>()

/** The diners' active orders are served from `cache`: changes published on `bus` clear it. */
export function cacheActiveOrders(bus: Bus, cache: ReadCache) {
  orderCaches.set(bus, cache)
}

/**
 * Clears the cached active orders of these diners, here at once and on the other instances
 * through the bus. Call it after the transaction that changed what the list shows (an order
 * placed, a status or its progress, a cancellation, a line added) has committed, before
 * answering: the diner's next read, on any instance, reads the database again. A bus that is
 * down is logged, never turned into an error: the change has been made.
 */
export async function publishActiveOrdersChanged(
  bus: Bus,
  userIds: Iterable<number>,
  log?: Partial<Pick<Logger, 'warn' | 'error'>>,
) {
  const keys = [...new Set(userIds)].map(activeOrdersCacheKey)
  if (keys.length === 0) return
  try {
    const cache = orderCaches.get(bus)
    await (cache ? cache.forget(keys) : bus.publish(CACHE_CHANNEL, { keys }))
  } catch (error) {
    const what = 'could not clear cached active orders'
    if (log?.warn) log.warn({ err: error }, what)
    else log?.error?.({ err: error }, what)
  }
}
