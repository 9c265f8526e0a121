import { defineError } from '../infra/errors'

export const restaurantNotFound = defineError({
  code: 'restaurants.not_found',
  status: 404,
  message: 'Restaurant not found',
})

export const notRestaurantOwner = defineError({
  code: 'restaurants.not_owner',
  status: 403,
  message: "Only the restaurant's owner can do this",
})

export const menuItemNotFound = defineError({
  code: 'restaurants.menu_item_not_found',
  status: 404,
  message: 'Menu item not found',
})

export const notReadyToGoLive = defineError({
  code: 'restaurants.not_ready',
  status: 409,
  message: 'To go live, add an active camera and a dish that is not sold out',
})

export const unknownTimeZone = defineError({
  code: 'restaurants.unknown_time_zone',
  status: 400,
  message: 'That time zone is not one we can keep the restaurant’s days in',
})
