import { defineError } from '../infra/errors'

export const statusChangeNotAllowed = defineError({
  code: 'kitchen.status_conflict',
  status: 409,
  message: 'This order cannot move to that status now',
})
export const kitchenOrderNotFound = defineError({
  code: 'orders.not_found',
  status: 404,
  message: 'Order not found',
})
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
export const orderClosed = defineError({
  code: 'kitchen.order_closed',
  status: 409,
  message: 'This order is already completed or cancelled',
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
export const cookingStarted = defineError({
  code: 'kitchen.cooking_started',
  status: 409,
  message: 'The kitchen has started cooking: this order can no longer be cancelled',
})
export const lineNotFound = defineError({
  code: 'kitchen.line_not_found',
  status: 404,
  message: 'This order has no such line',
})
