import { defineError } from '../infra/errors'

/** Thrown with the reason on `addressId` too, where the checkout form shows it. */
export const unusableAddress = defineError({
  code: 'orders.address_required',
  status: 400,
  message: 'Add a delivery address, or choose pickup',
})
export const outsideDeliveryRadius = defineError({
  code: 'orders.outside_delivery_radius',
  status: 400,
  message: 'This address is outside the restaurant’s delivery area',
})
/** The diner's address has no place on the map (its postcode is unknown and it has no coordinates). */
export const addressNotPlaced = defineError({
  code: 'orders.address_not_placed',
  status: 400,
  message:
    'We cannot place this address on the map: check its ZIP code or use your current location, or choose pickup',
})
/** The restaurant has no location, so no distance can be measured: the diner can only pick up. */
export const restaurantNotPlaced = defineError({
  code: 'orders.restaurant_not_placed',
  status: 409,
  message: 'This restaurant has not set its location yet, so it cannot deliver: choose pickup',
})
