import type { EstimatedOrder } from '../orders/estimated-order'

/** An order as the telemetry of a reading needs it: the kitchen's estimate fills in what it does not measure. */
export interface OrderForEstimate extends EstimatedOrder {
  restaurantId: number
  /** When the order was placed: a reading recorded before it cannot be about it. */
  createdAt?: Date
}

export interface OrderCacheOptions {
  /** Reads the orders with these ids (missing ones are left out). */
  load(ids: number[]): Promise<OrderForEstimate[]>
  /** Status and kitchen start are read again in the background once an entry is this old. */
  refreshMs?: number
  /** An order no reading has named for this long is forgotten. */
  keepMs?: number
  maxEntries?: number
  now?: () => number
  onError?: (error: unknown) => void
}

interface Entry {
  order: OrderForEstimate
  loadedAt: number
  usedAt: number
}

const MAX_ENTRIES = 100_000

/**
 * The orders that sensors report on, from memory. Which restaurant an order belongs to never
 * changes, so the ownership check is always exact; the status and kitchen start (the estimate of
 * what a sensor does not measure) may be up to `refreshMs` old, refreshed for all the orders in
 * use by one read in the background instead of one read per reading.
 */
export function createOrderCache({
  load,
  refreshMs = 2000,
  keepMs = 60_000,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
  onError,
}: OrderCacheOptions) {
  const entries = new Map<number, Entry>()
  let refreshing: Promise<void> | undefined

  function store(orders: OrderForEstimate[], at: number) {
    for (const order of orders) {
      const entry = entries.get(order.id)
      if (entry) {
        entry.order = order
        entry.loadedAt = at
      } else {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
        entries.set(order.id, { order, loadedAt: at, usedAt: at })
      }
    }
  }

  function refresh(at: number) {
    if (refreshing) return
    const stale: number[] = []
    for (const [id, entry] of entries) {
      if (at - entry.usedAt > keepMs) entries.delete(id)
      else if (at - entry.loadedAt >= refreshMs) stale.push(id)
    }
    if (stale.length === 0) return
    refreshing = load(stale)
      .then((orders) => {
        const found = new Set(orders.map((o) => o.id))
        for (const id of stale) if (!found.has(id)) entries.delete(id)
        store(orders, now())
      })
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        refreshing = undefined
      })
  }

  return {
    /** The orders with these ids that exist: from memory, reading only those not seen yet. */
    async get(ids: number[]): Promise<Map<number, OrderForEstimate>> {
      const at = now()
      const result = new Map<number, OrderForEstimate>()
      const missing: number[] = []
      let stale = false
      for (const id of ids) {
        const entry = entries.get(id)
        if (!entry) {
          missing.push(id)
          continue
        }
        entry.usedAt = at
        if (at - entry.loadedAt >= refreshMs) stale = true
        result.set(id, entry.order)
      }
      if (stale) refresh(at)
      if (missing.length > 0) {
        const orders = await load(missing)
        store(orders, at)
        for (const order of orders) result.set(order.id, order)
      }
      return result
    },
    forget(id: number) {
      entries.delete(id)
    },
    size: () => entries.size,
  }
}
export type OrderCache = ReturnType<typeof createOrderCache>
