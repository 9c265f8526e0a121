import { defineError } from './errors'

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 200 characters'

export const idempotencyKeyInvalid = defineError({
  code: 'idempotency.invalid_key',
  status: 400,
  message: IDEMPOTENCY_KEY_INVALID,
})
export const idempotencyKeyReused = defineError({
  code: 'idempotency.key_reused',
  status: 409,
  message: 'This Idempotency-Key was used for a different request',
})
export const idempotencyInFlight = defineError({
  code: 'idempotency.in_flight',
  status: 409,
  message: 'A request with this Idempotency-Key is still being processed. Please retry.',
})
