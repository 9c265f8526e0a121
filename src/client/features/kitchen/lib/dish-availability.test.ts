import type { Kitchen } from '@shared/schemas/kitchen'
import { describe, expect, it } from 'vitest'
import { withLiveAvailability } from './tickets'

const kitchen = {
  restaurantId: 1,
  dishes: [
    { id: 3, name: 'Pad Thai', category: 'Noodles', isAvailable: true },
    { id: 4, name: 'Spring Rolls', category: 'Starters', isAvailable: true },
  ],
} as unknown as Kitchen

describe('a live sold-out message on the kitchen console', () => {
  it('marks the dish sold out and back, and leaves the other dishes alone', () => {
    const out = withLiveAvailability(kitchen, { menuItemId: 3, isAvailable: false })
    expect(out.dishes.map((d) => [d.id, d.isAvailable])).toEqual([
      [3, false],
      [4, true],
    ])
    const back = withLiveAvailability(out, { menuItemId: 3, isAvailable: true })
    expect(back.dishes.find((d) => d.id === 3)?.isAvailable).toBe(true)
  })

  it('keeps the dish on when only one of its options is sold out', () => {
    const out = withLiveAvailability(kitchen, { menuItemId: 3, optionId: 9, isAvailable: false })
    expect(out.dishes.find((d) => d.id === 3)?.isAvailable).toBe(true)
  })
})
