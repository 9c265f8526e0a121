import type { Bus } from '../infra/bus'
import { createRevocableCache } from '../infra/revocable-cache'

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

/**
 * Signed-in requests resolved from memory: the session row is read once per instance and kept
 * until it expires, is revoked (sign-out, on any instance, through the bus), the bus comes back
 * after an outage, or it is a minute old, when it is read again. Loads of the same session share
 * one query.
 */
export function createSessionCache({
  bus,
  load,
  recheckMs = SESSION_RECHECK_MS,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
}: SessionCacheOptions): Promise<SessionCache> {
  return createRevocableCache<SessionIdentity, string>({
    bus,
    channel: SESSION_CHANNEL,
    load,
    revocationOf: (revoked) => (typeof revoked === 'string' ? revoked : undefined),
    matches: (sessionId, _identity, revoked) => sessionId === revoked,
    expired: (identity, at) => identity.expiresAt <= at,
    recheckMs,
    maxEntries,
    now,
  })
}
