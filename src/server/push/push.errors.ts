import { defineError } from '../infra/errors'

export const endpointRefused = defineError({
  code: 'push.endpoint_refused',
  status: 400,
  message: 'This push endpoint is not one of the push services this server sends to',
})
export const tooManySubscriptions = defineError({
  code: 'push.too_many_subscriptions',
  status: 409,
  message: 'Notifications are on for 10 devices already: turn them off on one first',
})
export const subscriptionNotFound = defineError({
  code: 'push.subscription_not_found',
  status: 404,
  message: 'No such subscription',
})
