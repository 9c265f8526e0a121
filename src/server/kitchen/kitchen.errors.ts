import { defineError } from '../infra/errors'

export const kitchenRestaurantNotFound = defineError({
  code: 'kitchen.restaurant_not_found',
  status: 404,
  message: 'Restaurant not found',
})
export const notKitchenOwner = defineError({
  code: 'kitchen.not_owner',
  status: 403,
  message: 'Only the owner of this restaurant can run its kitchen',
})
export const statusMoved = defineError({
  code: 'kitchen.status_moved',
  status: 409,
  message: 'This order has already moved on: refresh the ticket',
})
export const nothingToRecall = defineError({
  code: 'kitchen.nothing_to_recall',
  status: 409,
  message: 'There is no bump to recall on this order',
})
export const recallExpired = defineError({
  code: 'kitchen.recall_expired',
  status: 409,
  message: 'A bump can be recalled only within 60 seconds',
})
export const lineNotFound = defineError({
  code: 'kitchen.line_not_found',
  status: 404,
  message: 'This order has no such line',
})
