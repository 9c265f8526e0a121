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
