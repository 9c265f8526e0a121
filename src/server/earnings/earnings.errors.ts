import { defineError } from '../infra/errors'

export const payoutBelowMinimum = defineError({
  code: 'earnings.payout_below_minimum',
  status: 409,
  message: 'A payout needs at least $10.00 available',
})

export const payoutAccountMissing = defineError({
  code: 'earnings.payout_account_missing',
  status: 409,
  message: 'Link a Stripe account to receive payouts first',
})

export const invalidEarningsRange = defineError({
  code: 'earnings.invalid_range',
  status: 400,
  message: '"from" must be before "to"',
})
