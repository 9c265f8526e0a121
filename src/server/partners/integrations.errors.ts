import { defineError } from '../infra/errors'

export const integrationNotFound = defineError({
  code: 'integrations.not_found',
  status: 404,
  message: 'Integration not found',
})

export const integrationIncomplete = defineError({
  code: 'integrations.incomplete',
  status: 400,
  message: 'Some credentials are missing',
})
