import { defineError } from '../infra/errors'

export const notAPlatformOrder = defineError({
  code: 'platforms.not_a_platform_order',
  status: 404,
  message: 'No delivery platform order with this number',
})

export const notWaitingForAcceptance = defineError({
  code: 'platforms.not_waiting',
  status: 409,
  message: 'This order is not waiting to be accepted',
})

export const platformRefused = defineError({
  code: 'platforms.platform_refused',
  status: 502,
  message: 'The delivery platform refused',
})

export const syncTurnedOff = defineError({
  code: 'integrations.sync_off',
  status: 409,
  message: 'Sync is turned off for this integration',
})

export const watchNotFound = defineError({
  code: 'platforms.watch_not_found',
  status: 404,
  message: 'This watch link does not exist',
})
