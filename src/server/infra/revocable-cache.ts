import { setBounded } from './bounded-map'
import type { Bus } from './bus'

/**
 * What an instance keeps in memory of a credential (a session, a device key) and drops when it is
 * revoked on any instance. A key's value is loaded once per instance and kept until it is revoked
 * (through the bus), the bus comes back after an outage (revocations may have been lost: all is
 * read again), it expires, or it is `recheckMs` old. Nothing is kept for a key without a value.
 * Loads of the same key share one query; a value revoked while it was being loaded is not kept,
 * so a load cannot put it back. At most `maxEntries` are held.
 */
export interface RevocableCacheOptions<V, R> {
  bus: Bus
  /** The channel revocations travel on, as `{ revoked }`. */
  channel: string
  load(key: string): Promise<V | undefined>
  /** The revocation a message carries, or undefined when it is none. */
  revocationOf(revoked: unknown): R | undefined
  /** Whether the revocation concerns the entry. */
  matches(key: string, value: V, revoked: R): boolean
  /** Whether the value has run out by `now`. */
  expired?(value: V, now: number): boolean
  recheckMs: number
  maxEntries: number
  now?: () => number
}

export interface RevocableCache<V, R> {
  get(key: string): Promise<V | undefined>
  /** Forgets what the revocation concerns here at once, and on every other instance through the bus. */
  revoke(revoked: R): Promise<void>
  /** Entries held, for tests and metrics. */
  size(): number
  close(): Promise<void>
}

export async function createRevocableCache<V, R>(
  options: RevocableCacheOptions<V, R>,
): Promise<RevocableCache<V, R>> {
  const { bus, channel, load, recheckMs, maxEntries, now = Date.now } = options
  const expired = (value: V, at: number) => options.expired?.(value, at) ?? false
  const entries = new Map<string, { value: V; checkedAt: number }>()
  const loading = new Map<string, Promise<V | undefined>>()
  /** The reads under way, each told of every revocation heard meanwhile. */
  const reads = new Set<(revoked: R | undefined) => void>()

  const forget = (revoked: R | undefined) => {
    for (const heard of reads) heard(revoked)
    loading.clear()
    if (revoked === undefined) {
      entries.clear()
      return
    }
    for (const [key, entry] of entries) if (options.matches(key, entry.value, revoked)) entries.delete(key)
  }
  const unsubscribe = await bus.subscribe(channel, (message) => {
    const revoked = options.revocationOf((message as { revoked?: unknown } | null)?.revoked)
    if (revoked !== undefined) forget(revoked)
  })
  const stopResync = bus.onResync(() => forget(undefined))

  /**
   * Loads the key's value; a value revoked while it was being read is none, and a read overtaken
   * by the bus coming back (revocations may have been lost) is made again.
   */
  async function read(key: string): Promise<V | undefined> {
    for (;;) {
      const heard: (R | undefined)[] = []
      const hear = (revoked: R | undefined) => heard.push(revoked)
      reads.add(hear)
      let value: V | undefined
      try {
        value = await load(key)
      } finally {
        reads.delete(hear)
      }
      if (value !== undefined && heard.some((r) => r !== undefined && options.matches(key, value!, r)))
        return undefined
      if (!heard.includes(undefined)) return value
    }
  }

  return {
    get(key) {
      const entry = entries.get(key)
      const at = now()
      if (entry) {
        if (expired(entry.value, at)) {
          entries.delete(key)
          return Promise.resolve(undefined)
        }
        if (at - entry.checkedAt < recheckMs) return Promise.resolve(entry.value)
      }
      let pending = loading.get(key)
      if (pending) return pending
      pending = read(key).then(
        (value) => {
          if (loading.get(key) === pending) loading.delete(key)
          if (!value || expired(value, now())) {
            entries.delete(key)
            return undefined
          }
          setBounded(entries, key, { value, checkedAt: now() }, maxEntries)
          return value
        },
        (error: unknown) => {
          if (loading.get(key) === pending) loading.delete(key)
          throw error
        },
      )
      loading.set(key, pending)
      return pending
    },
    async revoke(revoked) {
      forget(revoked)
      await bus.publish(channel, { revoked })
    },
    size: () => entries.size,
    async close() {
      stopResync()
      await unsubscribe()
    },
  }
}
