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
export const invalidOrderItem = defineError({
  code: 'orders.invalid_item',
  status: 400,
  message: 'An item in your cart is not on the menu',
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
