import { defineError } from '../infra/errors'

export const addressNotFound = defineError({
  code: 'addresses.not_found',
  status: 404,
  message: 'Address not found',
})
export const tooManyAddresses = defineError({
  code: 'addresses.too_many',
  status: 409,
  message: 'You can save at most 20 addresses: delete one first',
})
