import type { Bus } from './bus'
import { CACHE_CHANNEL } from './bus'

interface Entry {
  body: string
  etag: string
}

/**
 * Serialized JSON answers for data that is read far more often than it changes (restaurants,
 * menus, cameras). Writes call `invalidate(prefix)`, which clears this instance at once and every
 * other instance through the bus.
 */
export interface ReadCache {
  get(key: string, load: () => Promise<unknown>): Promise<Entry>
  invalidate(prefix: string): Promise<void>
  close(): Promise<void>
}

export async function createReadCache(bus: Bus): Promise<ReadCache> {
  const entries = new Map<string, Promise<Entry>>()
  let version = 0
  const clear = (prefix: string) => {
    version++
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
  }
  const unsubscribe = await bus.subscribe(CACHE_CHANNEL, (message) => {
    if (typeof message === 'string') clear(message)
  })
  return {
    get(key, load) {
      const hit = entries.get(key)
      if (hit) return hit
      const startedAt = version
      const pending = load().then((value) => {
        const body = JSON.stringify(value)
        return { body, etag: `W/"${startedAt}-${hashString(body)}"` }
      })
      entries.set(key, pending)
      pending.then(
        () => {
          // A write landed while loading: do not keep what may be stale.
          if (version !== startedAt && entries.get(key) === pending) entries.delete(key)
        },
        () => entries.delete(key),
      )
      return pending
    },
    async invalidate(prefix) {
      clear(prefix)
      await bus.publish(CACHE_CHANNEL, prefix)
    },
    close: unsubscribe,
  }
}

/** FNV-1a, enough for an ETag. */
function hashString(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}
