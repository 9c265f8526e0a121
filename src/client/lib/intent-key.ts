import { newIdempotencyKey } from './api-client'

/**
 * One Idempotency-Key per intent. A payment the diner means once (this tip on this order, this
 * cart, this top-up) keeps its key across retries, timeouts and network errors, so a retry after
 * a hang never pays twice; the key changes when the intent changes (another amount, another
 * cart) and after the intent succeeded, so the next one is a new payment.
 *
 * Kept per `scope` (for example `tip:42`) for the page's lifetime, so a dialog closed and opened
 * again after an error still retries with the same key.
 */
const intents = new Map<string, { fingerprint: string; key: string }>()

/** The key for `intent` in `scope`: the same one until the intent changes or succeeds. */
export function intentKey(scope: string, intent: unknown): string {
  const fingerprint = stableJson(intent)
  const current = intents.get(scope)
  if (current?.fingerprint === fingerprint) return current.key
  const key = newIdempotencyKey()
  intents.set(scope, { fingerprint, key })
  return key
}

/** The intent of `scope` succeeded: whatever comes next is a new one. */
export function intentDone(scope: string): void {
  intents.delete(scope)
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one intent. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}
