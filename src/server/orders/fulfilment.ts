import { eq } from 'drizzle-orm'
import { DELIVERY_FEE_CENTS, type Fulfilment } from '../../shared/constants'
import type { OrderAddress } from '../../shared/schemas/orders'
import { promisedTime } from '../../shared/timeline'
import { createAddressesRepository } from '../addresses/addresses.repository'
import { toOrderAddress } from '../addresses/addresses.service'
import type { Tx } from '../db/client'
import { restaurants } from '../db/schema'
import { haversineKm } from '../restaurants/restaurants.service'
import {
  addressNotPlaced,
  outsideDeliveryRadius,
  restaurantNotPlaced,
  unusableAddress,
} from './fulfilment.errors'
import { restaurantNotFound } from './orders.errors'

export interface FulfilmentPlan {
  fulfilment: Fulfilment
  deliveryFeeCents: number
  address: (OrderAddress & { id: number }) | null
  distanceKm: number | null
  deliveryRadiusKm: number
  promisedAt: Date
  restaurant: { id: number; name: string; address: string }
}

/**
 * How an order reaches the diner, decided before anything is charged: pickup (no fee, ready at
 * the kitchen's hand-over time) or delivery to one of the diner's addresses (the default when
 * none is named) within the restaurant's delivery radius, arriving when the kitchen's plan ends.
 * Refuses with a 400 and a field message on `addressId`.
 */
export async function planFulfilment(
  tx: Tx,
  input: {
    userId: number
    restaurantId: number
    fulfilment: Fulfilment
    addressId?: number | undefined
    plannedMs: number
    now: Date
  },
): Promise<FulfilmentPlan> {
  const [restaurant] = await tx
    .select({
      id: restaurants.id,
      name: restaurants.name,
      address: restaurants.address,
      latitude: restaurants.latitude,
      longitude: restaurants.longitude,
      deliveryRadiusKm: restaurants.deliveryRadiusKm,
    })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId))
  if (!restaurant) throw restaurantNotFound()
  const base = {
    deliveryRadiusKm: restaurant.deliveryRadiusKm,
    promisedAt: promisedTime(input.fulfilment, input.plannedMs, input.now.getTime()),
    restaurant: { id: restaurant.id, name: restaurant.name, address: restaurant.address },
  }
  if (input.fulfilment === 'pickup') {
    return { ...base, fulfilment: 'pickup', deliveryFeeCents: 0, address: null, distanceKm: null }
  }

  const repo = createAddressesRepository(tx)
  const row =
    input.addressId === undefined
      ? await repo.findDefault(input.userId)
      : await repo.findById(input.addressId)
  if (!row || row.userId !== input.userId) {
    const message =
      input.addressId === undefined
        ? 'Add a delivery address, or choose pickup'
        : 'Choose one of your addresses'
    throw unusableAddress(message, { addressId: message })
  }
  // Each cause in its own words: the restaurant's missing location is not the diner's fault.
  if (restaurant.latitude === null || restaurant.longitude === null) {
    const message = `${restaurant.name} has not set its location yet, so it cannot deliver: choose pickup`
    throw restaurantNotPlaced(message, { addressId: message })
  }
  if (row.latitude === null || row.longitude === null) {
    const message =
      'We cannot place this address on the map: check its ZIP code or use your current location, or choose pickup'
    throw addressNotPlaced(message, { addressId: message })
  }
  const km = haversineKm(
    { latitude: restaurant.latitude, longitude: restaurant.longitude },
    { latitude: row.latitude, longitude: row.longitude },
  )
  const distanceKm = Math.round(km * 10) / 10
  if (km > restaurant.deliveryRadiusKm) {
    const message = `${restaurant.name} delivers within ${restaurant.deliveryRadiusKm} km; this address is ${distanceKm} km away`
    throw outsideDeliveryRadius(message, { addressId: message })
  }
  return {
    ...base,
    fulfilment: 'delivery',
    deliveryFeeCents: DELIVERY_FEE_CENTS,
    address: { id: row.id, ...toOrderAddress(row) },
    distanceKm,
  }
}
