import { defineError } from '../infra/errors'

export const notYourOrder = defineError({
  code: 'reviews.not_your_order',
  status: 403,
  message: 'Only the diner who placed this order can review it',
})
export const notDeliveredYet = defineError({
  code: 'reviews.not_delivered',
  status: 409,
  message: 'You can rate this order once it has been delivered',
})
export const reviewWindowClosed = defineError({
  code: 'reviews.window_closed',
  status: 409,
  message: 'Orders can be rated for 14 days after delivery',
})
export const alreadyReviewed = defineError({
  code: 'reviews.already_reviewed',
  status: 409,
  message: 'You have already rated this order',
})
