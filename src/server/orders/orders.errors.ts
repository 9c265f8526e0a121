import { defineError } from '../infra/errors'

export const orderNotFound = defineError({
  code: 'orders.not_found',
  status: 404,
  message: 'Order not found',
})
export const invalidOrderNumber = defineError({
  code: 'orders.invalid_order_number',
  status: 404,
  message: 'Invalid order number',
})
export const restaurantNotFound = defineError({
  code: 'orders.restaurant_not_found',
  status: 404,
  message: 'Restaurant not found',
})
/** The kitchen paused new orders; the message says until when, in the restaurant's time zone. */
export const restaurantPaused = defineError({
  code: 'orders.restaurant_paused',
  status: 409,
  message: 'This restaurant is not taking orders right now',
})
export const invalidOrderItem = defineError({
  code: 'orders.invalid_item',
  status: 400,
  message: 'An item in your cart is not on the menu',
})
export const invalidOrderOptions = defineError({
  code: 'orders.invalid_options',
  status: 400,
  message: 'The options chosen for a dish do not fit its option groups',
})
export const orderNotActive = defineError({
  code: 'orders.not_active',
  status: 409,
  message: 'This order is no longer active',
})
export const showcaseNotFound = defineError({
  code: 'orders.no_showcase',
  status: 404,
  message: 'No showcase kitchen right now',
})

// The order state machine's and cancellation's errors keep the codes the kitchen console knows.
export const statusChangeNotAllowed = defineError({
  code: 'kitchen.status_conflict',
  status: 409,
  message: 'This order cannot move to that status now',
})
export const orderClosed = defineError({
  code: 'kitchen.order_closed',
  status: 409,
  message: 'This order is already completed or cancelled',
})
export const cookingStarted = defineError({
  code: 'kitchen.cooking_started',
  status: 409,
  message: 'The kitchen has started cooking: this order can no longer be cancelled',
})
