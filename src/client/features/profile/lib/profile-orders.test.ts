import { anOrder } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { describe, expect, it } from 'vitest'
import { favoriteRestaurants, orderStatusDisplay } from './profile-orders'

function order(id: number, restaurantId: number, createdAt: string): Order {
  return anOrder({ id, restaurantId, createdAt, status: 'completed', progress: 100 })
}

describe('order status on the profile', () => {
  it('capitalises the status and colours completed, preparing and delivering', () => {
    expect(orderStatusDisplay('completed')).toEqual({ label: 'Completed', tone: 'success' })
    expect(orderStatusDisplay('preparing')).toEqual({ label: 'Preparing', tone: 'info' })
    expect(orderStatusDisplay('delivering')).toEqual({ label: 'Delivering', tone: 'warning' })
    expect(orderStatusDisplay('cooking')).toEqual({ label: 'Cooking', tone: 'neutral' })
  })
})

describe('favorite restaurants', () => {
  it('ranks restaurants by how often the diner ordered, the most recent first on a tie', () => {
    const orders = [
      order(1, 3, '2030-01-01T12:00:00.000Z'),
      order(2, 1, '2030-01-02T12:00:00.000Z'),
      order(3, 3, '2030-01-03T12:00:00.000Z'),
      order(4, 2, '2030-01-05T12:00:00.000Z'),
      order(5, 1, '2030-01-04T12:00:00.000Z'),
      order(6, 4, '2030-01-06T12:00:00.000Z'),
    ]
    expect(favoriteRestaurants(orders)).toEqual([
      { restaurantId: 1, orders: 2, lastOrderedAt: '2030-01-04T12:00:00.000Z' },
      { restaurantId: 3, orders: 2, lastOrderedAt: '2030-01-03T12:00:00.000Z' },
      { restaurantId: 4, orders: 1, lastOrderedAt: '2030-01-06T12:00:00.000Z' },
    ])
  })

  it('is empty for a diner with no orders', () => {
    expect(favoriteRestaurants([])).toEqual([])
  })
})
