import { defineError } from '../infra/errors'

/** Every password-hashing slot is taken: answered at once with Retry-After, never queued. */
export const signInBusy = defineError({
  code: 'auth.busy',
  status: 429,
  message: 'Too many sign-ins at this moment. Please try again in a few seconds.',
})

/** Seconds a client is asked to wait when every hashing slot is taken. */
export const SIGN_IN_BUSY_RETRY_SECONDS = 2
