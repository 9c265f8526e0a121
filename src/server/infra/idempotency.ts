import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import {
  IDEMPOTENCY_KEY_INVALID,
  idempotencyInFlight,
  idempotencyKeyInvalid,
  idempotencyKeyReused,
} from './idempotency.errors'

export const IDEMPOTENCY_KEY_MAX = 200

/** Header schema for routes that move money. Loose: every other header passes through untouched. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_INVALID)
    .max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID)
    .optional(),
})

export interface IdempotencyOptions {
  userId: number
  /** The client's Idempotency-Key; without one the work simply runs in a transaction. */
  key: string | undefined
  /** METHOD and route pattern, e.g. "POST /api/orders". */
  scope: string
  /** The status a first success answers with; stored with the body. */
  statusCode: number
  /** What the request asks for (ids, amounts, choices); a retry must ask for the same. */
  request: unknown
}

export interface IdempotentResult<T> {
  statusCode: number
  body: T
  /** True when this is the stored answer of an earlier request: nothing was done this time. */
  replayed: boolean
}

/**
 * Runs `work` in one transaction and, when a key is given, stores its answer in that same
 * transaction. A retry with the key gets the stored answer and does nothing. The key row is
 * claimed before the work starts: a concurrent duplicate blocks on the unique index until the
 * first transaction ends, then finds the key taken and reads the stored answer. Failures are not
 * stored (their transaction rolls back), so a failed request may be retried with the same key.
 */
export async function runIdempotent<T>(
  db: Db,
  options: IdempotencyOptions,
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { userId, key, scope, statusCode } = options
  const requestHash = fingerprint(options.request)
  if (key === undefined) {
    return { statusCode, body: await db.transaction((tx) => work(tx)), replayed: false }
  }
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) throw idempotencyKeyInvalid()

  // Twice: a stored row can disappear between the claim and the read only if it is deleted.
  for (let attempt = 0; attempt < 2; attempt++) {
    const stored = await findStored(db, userId, key)
    if (stored) return replay<T>(stored, scope, requestHash)

    const outcome = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, scope, requestHash, statusCode, response: {} })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id })
      if (!claim) return { claimed: false as const }
      const body = await work(tx)
      await tx
        .update(idempotencyKeys)
        .set({ response: body as object })
        .where(eq(idempotencyKeys.id, claim.id))
      return { claimed: true as const, body }
    })
    if (outcome.claimed) return { statusCode, body: outcome.body, replayed: false }
  }
  throw idempotencyInFlight()
}

async function findStored(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row
}

function replay<T>(
  stored: typeof idempotencyKeys.$inferSelect,
  scope: string,
  requestHash: string,
): IdempotentResult<T> {
  if (stored.scope !== scope || (stored.requestHash !== null && stored.requestHash !== requestHash))
    throw idempotencyKeyReused()
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true }
}

function fingerprint(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('base64url')
}

/** "POST /api/orders": the method and route pattern of a request, the scope of its key. */
export function requestScope(request: { method: string; routeOptions: { url?: string } }): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`
}
