import { defineError } from '../infra/errors'

export const walletLimitReached = defineError({
  code: 'wallet.limit_reached',
  status: 409,
  message: 'A wallet can hold at most $1,000,000.00',
})
