import { defineError } from '../../server/infra/errors'

export const imageNotFound = defineError({ code: 'media.not_found', status: 404, message: 'Image not found' })
