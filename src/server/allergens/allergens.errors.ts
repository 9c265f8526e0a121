import { defineError } from '../infra/errors'

export const allergenProfileNotFound = defineError({
  code: 'allergens.no_profile',
  status: 404,
  message: 'No allergen profile yet',
})

export const allergenProfileExists = defineError({
  code: 'allergens.profile_exists',
  status: 409,
  message: 'You already have an allergen profile',
})
