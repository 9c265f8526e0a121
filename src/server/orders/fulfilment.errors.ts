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
