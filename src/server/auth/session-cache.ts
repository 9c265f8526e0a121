import { setBounded } from '../infra/bounded-map'
import type { Bus } from '../infra/bus'

/** Who a session belongs to and until when: all a request needs to know who is asking. */
export interface SessionIdentity {
  userId: number
  /** ms since epoch */
  expiresAt: number
}

export interface SessionCacheOptions {
  bus: Bus
  /** Reads a session by its stored id (the token's hash); undefined when there is none or it ran out. */
  load(sessionId: string): Promise<SessionIdentity | undefined>
  /** An entry is read from the database again after this long, whatever the bus says. */
  recheckMs?: number
  maxEntries?: number
  now?: () => number
}

export interface SessionCache {
  /** The session's identity, from memory when this instance has seen it recently. */
  get(sessionId: string): Promise<SessionIdentity | undefined>
  /** Forgets a session here at once and on every other instance through the bus (sign-out). */
  revoke(sessionId: string): Promise<void>
  /** Entries held, for tests and metrics. */
  size(): number
  close(): Promise<void>
}

export const SESSION_CHANNEL = 'auth:sessions'
/** A revocation lost on the bus (a Redis outage) keeps a session usable here for at most this long. */
export const SESSION_RECHECK_MS = 60_000
const MAX_ENTRIES = 100_000

interface Entry {
  identity: SessionIdentity
  checkedAt: number
}

/**
 * Signed-in requests resolved from memory: the session row is read once per instance and kept
 * until it expires, is revoked (sign-out, on any instance, through the bus) or is a minute old,
 * when it is read again. Loads of the same session share one query.
 */
export async function createSessionCache({
  bus,
  load,
  recheckMs = SESSION_RECHECK_MS,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
}: SessionCacheOptions): Promise<SessionCache> {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<SessionIdentity | undefined>>()

  const forget = (sessionId: string) => {
    entries.delete(sessionId)
    loading.delete(sessionId)
  }
  const unsubscribe = await bus.subscribe(SESSION_CHANNEL, (message) => {
    const revoked = (message as { revoked?: unknown } | null)?.revoked
    if (typeof revoked === 'string') forget(revoked)
  })

  function remember(sessionId: string, identity: SessionIdentity) {
    setBounded(entries, sessionId, { identity, checkedAt: now() }, maxEntries)
  }

  return {
    get(sessionId) {
      const entry = entries.get(sessionId)
      const at = now()
      if (entry) {
        if (entry.identity.expiresAt <= at) {
          entries.delete(sessionId)
          return Promise.resolve(undefined)
        }
        if (at - entry.checkedAt < recheckMs) return Promise.resolve(entry.identity)
      }
      let pending = loading.get(sessionId)
      if (pending) return pending
      pending = load(sessionId).then(
        (identity) => {
          // Revoked while it was being read (the revocation removed this load): signed out.
          if (loading.get(sessionId) !== pending) return undefined
          loading.delete(sessionId)
          if (!identity || identity.expiresAt <= now()) {
            entries.delete(sessionId)
            return undefined
          }
          remember(sessionId, identity)
          return identity
        },
        (error: unknown) => {
          if (loading.get(sessionId) === pending) loading.delete(sessionId)
          throw error
        },
      )
      loading.set(sessionId, pending)
      return pending
    },
    async revoke(sessionId) {
      forget(sessionId)
      await bus.publish(SESSION_CHANNEL, { revoked: sessionId })
    },
    size: () => entries.size,
    close: unsubscribe,
  }
}
