import { defineError } from '../infra/errors'

// The codes keep the `chef.` prefix they were published with: renaming a code breaks clients.
export const upsellNotFound = defineError({
  code: 'chef.upsell_not_found',
  status: 404,
  message: 'Offer not found',
})
export const upsellAnswered = defineError({
  code: 'chef.upsell_answered',
  status: 409,
  message: 'This offer was already answered',
})
export const upsellUnavailable = defineError({
  code: 'chef.upsell_unavailable',
  status: 409,
  message: 'This item is no longer available',
})
