import { defineError } from '../infra/errors'

export const invalidSignature = defineError({
  code: 'payments.invalid_signature',
  status: 400,
  message: 'The webhook signature does not match',
})

export const unknownTestCard = defineError({
  code: 'payments.unknown_test_card',
  status: 400,
  message: 'Use one of the test cards: 4242 4242 4242 4242, 4000 0000 0000 0002 or 4000 0000 0000 9995',
})

export const payoutDestinationMissing = defineError({
  code: 'payments.destination_missing',
  status: 409,
  message: 'Link a Stripe account to receive payouts first',
})
