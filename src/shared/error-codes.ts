/**
 * Error codes the client decides on. Every error answer is `{message, code, errors?}`; the code
 * is stable, the message is for people and may change. Domains define their codes in
 * `src/server/<domain>/<domain>.errors.ts`; the ones a client acts on are named here too.
 */
export const ERROR_CODE = {
  insufficientFunds: 'wallet.insufficient_funds',
  walletLimitReached: 'wallet.limit_reached',
  unauthorized: 'auth.unauthorized',
  forbidden: 'auth.forbidden',
  validation: 'validation_failed',
  rateLimited: 'rate_limited',
  idempotencyKeyReused: 'idempotency.key_reused',
  idempotencyInFlight: 'idempotency.in_flight',
} as const
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE]
