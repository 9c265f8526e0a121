import { setBounded } from './bounded-map'
import type { Bus } from './bus'
import { CACHE_CHANNEL } from './bus'

interface Entry {
  body: string
  etag: string
}

/** How long a cached answer may be served before it is read again, whatever the bus says. */
export const READ_CACHE_TTL_MS = 60_000
/**
 * How long a write waits, at most, for the other instances to say they have dropped its
 * exact keys before it answers. A round trip through a healthy Redis takes well under a
 * millisecond, but on a busy machine the broker and the instances can wait their turn for a
 * good part of this.
 */
export const CONFIRM_WITHIN_MS = 500
/** Per-user answers (a diner's wallet) make the key space grow with the users: the oldest go first. */
const MAX_ENTRIES = 50_000

/**
 * Serialized JSON answers for data that is read far more often than it changes (restaurants,
 * menus, cameras). Writes call `invalidate(prefix)`, which clears this instance at once and every
 * other instance through the bus. An invalidation from another instance can be lost while the
 * broker is away, so every entry also expires after `ttlMs`, and the whole cache is dropped when
 * the bus comes back.
 */
export interface ReadCache {
  get(key: string, load: () => Promise<unknown>): Promise<Entry>
  invalidate(prefix: string): Promise<void>
  /**
   * Clears exactly these keys, here at once and on every other instance through the bus: for
   * per-user and per-order answers, whose writers know which keys they changed (no scan).
   */
  forget(keys: string[]): Promise<void>
  close(): Promise<void>
}

export async function createReadCache(
  bus: Bus,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): Promise<ReadCache> {
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS
  const maxEntries = options.maxEntries ?? MAX_ENTRIES
  const now = options.now ?? Date.now
  const entries = new Map<string, { pending: Promise<Entry>; expiresAt: number }>()
  let version = 0
  const clear = (prefix: string) => {
    version++
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
  }
  // A deleted entry is never served again: a load it was waiting on answers only the requests
  // that came before the write.
  const drop = (keys: unknown[]) => {
    for (const key of keys) if (typeof key === 'string') entries.delete(key)
  }
  const unsubscribe = await bus.subscribe(CACHE_CHANNEL, (message) => {
    if (typeof message === 'string') clear(message)
    else if (Array.isArray((message as { keys?: unknown } | null)?.keys))
      drop((message as { keys: unknown[] }).keys)
  })
  const stopResync = bus.onResync(() => clear(''))
  return {
    get(key, load) {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) return hit.pending
      const startedAt = version
      const pending = load().then((value) => {
        const body = JSON.stringify(value)
        return { body, etag: `W/"${startedAt}-${hashString(body)}"` }
      })
      setBounded(entries, key, { pending, expiresAt: now() + ttlMs }, maxEntries)
      pending.then(
        () => {
          // A write landed while loading: do not keep what may be stale.
          if (version !== startedAt && entries.get(key)?.pending === pending) entries.delete(key)
        },
        () => {
          if (entries.get(key)?.pending === pending) entries.delete(key)
        },
      )
      return pending
    },
    async invalidate(prefix) {
      clear(prefix)
      await bus.publish(CACHE_CHANNEL, prefix)
    },
    async forget(keys) {
      if (keys.length === 0) return
      drop(keys)
      await (bus.publishConfirmed
        ? bus.publishConfirmed(CACHE_CHANNEL, { keys }, CONFIRM_WITHIN_MS)
        : bus.publish(CACHE_CHANNEL, { keys }))
    },
    async close() {
      stopResync()
      await unsubscribe()
    },
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
