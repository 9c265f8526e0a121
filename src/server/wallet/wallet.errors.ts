import { defineError } from '../infra/errors'

export const walletLimitReached = defineError({
  code: 'wallet.limit_reached',
  status: 409,
  message: 'A wallet can hold at most $1,000,000.00',
})

export const instantFundsOff = defineError({
  code: 'wallet.use_top_ups',
  status: 409,
  message: 'Add funds with a card: instant funds are for the test payment provider only',
})

export const topUpNotFound = defineError({
  code: 'wallet.top_up_not_found',
  status: 404,
  message: 'Top-up not found',
})

export const topUpSettled = defineError({
  code: 'wallet.top_up_settled',
  status: 409,
  message: 'This top-up has already been paid or declined',
})
