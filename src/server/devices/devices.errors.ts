import { defineError } from '../infra/errors'

export const deviceKeyMissing = defineError({
  code: 'devices.key_missing',
  status: 401,
  message: 'Send the device key as Authorization: Bearer <key>',
})

export const deviceKeyInvalid = defineError({
  code: 'devices.key_invalid',
  status: 401,
  message: 'This device key is unknown or has been revoked',
})

export const deviceNotFound = defineError({
  code: 'devices.not_found',
  status: 404,
  message: 'Device not found',
})

export const orderOfAnotherRestaurant = defineError({
  code: 'devices.foreign_order',
  status: 403,
  message: "This device may only report on its own restaurant's orders",
})

export const deviceRateLimited = defineError({
  code: 'devices.rate_limited',
  status: 429,
  message: 'Too many requests from this device: at most 20 a second',
})

export const cameraOfAnotherRestaurant = defineError({
  code: 'devices.foreign_camera',
  status: 400,
  message: "Choose one of this restaurant's cameras",
})

export const readingOutOfWindow = defineError({
  code: 'devices.reading_out_of_window',
  status: 400,
  message: 'recordedAt is outside the time a reading may be recorded',
})

export const orderFinished = defineError({
  code: 'devices.order_finished',
  status: 409,
  message: 'This order is finished: it takes no more sensor readings',
})
