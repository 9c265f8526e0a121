import { defineError } from '../infra/errors'

export const cameraNotFound = defineError({
  code: 'cameras.not_found',
  status: 404,
  message: 'Camera not found',
})

export const tooManyChecks = defineError({
  code: 'cameras.too_many_checks',
  status: 429,
  message: 'Several streams are being checked already. Please try again in a moment.',
})
