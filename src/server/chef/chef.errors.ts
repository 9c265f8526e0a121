import { TIP_RANGE } from '../../shared/constants'
import { defineError } from '../infra/errors'

export const shoutsNotOpen = defineError({
  code: 'chef.shouts_not_open',
  status: 409,
  message: 'Chef shouts open once cooking has started',
})
export const shoutsClosed = defineError({
  code: 'chef.shouts_closed',
  status: 409,
  message: 'Chef shouts close once the dish is being plated',
})
export const unknownShout = defineError({
  code: 'chef.unknown_shout',
  status: 400,
  message: 'Unknown chef shout',
})
export const invalidTip = defineError({
  code: 'chef.invalid_tip',
  status: 400,
  message: TIP_RANGE,
})
export const notOrderDiner = defineError({
  code: 'chef.not_order_diner',
  status: 403,
  message: 'Only the diner who placed this order can do this',
})
export const tipsClosed = defineError({
  code: 'chef.tips_closed',
  status: 409,
  message: 'Tips close a day after delivery',
})
export const tipOnCancelledOrder = defineError({
  code: 'chef.tip_on_cancelled_order',
  status: 409,
  message: 'This order was cancelled: there is no one to tip',
})
// A shout's answers keep the `kitchen.` codes they were published with.
export const shoutNotFound = defineError({
  code: 'kitchen.shout_not_found',
  status: 404,
  message: 'Chef shout not found',
})
export const shoutStatusConflict = defineError({
  code: 'kitchen.shout_status',
  status: 409,
  message: 'This shout has already moved on',
})
