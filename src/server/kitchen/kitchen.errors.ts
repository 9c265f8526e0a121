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
