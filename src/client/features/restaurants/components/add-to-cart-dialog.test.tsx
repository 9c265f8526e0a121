import { renderWithProviders, stubResizeObserver } from '@client/lib/test-utils'
import type { MenuItem } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { withAvailability } from '../use-restaurant-live'
import { AddToCartDialog } from './add-to-cart-dialog'

beforeAll(stubResizeObserver)

afterEach(cleanup)

const curry: MenuItem = {
  id: 40,
  restaurantId: 7,
  name: 'Green Curry',
  description: 'Chicken and Thai eggplant in green curry.',
  price: 14,
  category: 'Mains',
  image: null,
  isAvailable: true,
  ingredients: [],
  allergens: ['fish'],
  optionGroups: [
    {
      id: 1,
      name: 'Spice level',
      required: true,
      min: 1,
      max: 1,
      options: [
        { id: 11, name: 'Mild', priceDelta: 0, allergens: [], isAvailable: true },
        { id: 12, name: 'Thai hot', priceDelta: 0.5, allergens: [], isAvailable: true },
      ],
    },
    {
      id: 2,
      name: 'Extras',
      required: false,
      min: 0,
      max: 2,
      options: [
        { id: 21, name: 'Jasmine rice', priceDelta: 2, allergens: [], isAvailable: true },
        { id: 22, name: 'Crushed peanuts', priceDelta: 0.75, allergens: ['peanuts'], isAvailable: true },
        { id: 23, name: 'Roti', priceDelta: 2.5, allergens: ['wheat'], isAvailable: false },
      ],
    },
  ],
}

/** Opens the dialog and waits for its form, which loads when the dialog first opens. */
async function open(item: MenuItem = curry, onAdd = vi.fn()) {
  renderWithProviders(
    <AddToCartDialog item={item} onOpenChange={() => {}} onAdd={onAdd} profileAllergens={['peanuts']} />,
  )
  // The dish is shown at once, before its form.
  expect(screen.getByRole('heading', { name: item.name })).toBeTruthy()
  await screen.findByTestId('dialog-price')
  return onAdd
}

const price = () => screen.getByTestId('dialog-price').textContent

describe('the add-to-cart dialog', () => {
  it('refuses to add without the required choice, naming the group, and adds nothing', async () => {
    const onAdd = await open()
    fireEvent.click(screen.getByRole('button', { name: /Add to cart/ }))
    const spice = screen.getAllByTestId('option-group')[0] as HTMLElement
    expect(within(spice).getByRole('alert').textContent).toBe('choose one for "Green Curry"')
    expect(onAdd).not.toHaveBeenCalled()
  })

  it('shows the running price with options and quantity, and adds the choice with its note', async () => {
    const onAdd = await open()
    expect(price()).toBe('$14.00')
    fireEvent.click(screen.getByLabelText('Thai hot'))
    fireEvent.click(screen.getByLabelText('Jasmine rice'))
    expect(price()).toBe('$16.50')
    fireEvent.click(screen.getByRole('button', { name: 'More' }))
    expect(price()).toBe('$33.00')
    fireEvent.change(screen.getByLabelText(/Notes for the kitchen/), { target: { value: ' no cilantro ' } })
    fireEvent.click(screen.getByRole('button', { name: /Add to cart/ }))
    expect(onAdd).toHaveBeenCalledWith(curry, {
      options: [
        { id: 12, group: 'Spice level', name: 'Thai hot', priceDelta: 0.5 },
        { id: 21, group: 'Extras', name: 'Jasmine rice', priceDelta: 2 },
      ],
      price: 16.5,
      quantity: 2,
      notes: 'no cilantro',
    })
  })

  it('swaps a pick-one choice, greys a sold-out option and warns of a chosen allergen', async () => {
    await open()
    fireEvent.click(screen.getByLabelText('Mild'))
    fireEvent.click(screen.getByLabelText('Thai hot'))
    expect((screen.getByLabelText('Mild') as HTMLInputElement).checked).toBe(false)
    expect(screen.getByLabelText(/^Roti/).hasAttribute('disabled')).toBe(true)
    expect(screen.queryByTestId('option-allergens')).toBeNull()
    fireEvent.click(screen.getByLabelText(/^Crushed peanuts/))
    expect(screen.getByTestId('option-allergens').textContent).toContain('Peanuts (Crushed peanuts)')
    fireEvent.click(screen.getByLabelText('Jasmine rice'))
    expect(price()).toBe('$17.25')
  })
})

describe('a dish or option sold out on the live channel', () => {
  it('changes only that dish or option in the cached menu', () => {
    const menu = [curry, { ...curry, id: 41, name: 'Red Curry' }]
    const soldOut = withAvailability(menu, {
      type: 'menu_availability',
      restaurantId: 7,
      menuItemId: 40,
      optionId: 21,
      isAvailable: false,
      sentAt: 0,
    })
    expect(soldOut[0]!.optionGroups![1]!.options.map((o) => o.isAvailable)).toEqual([false, true, false])
    expect(soldOut[1]).toBe(menu[1])
    expect(soldOut[0]!.isAvailable).toBe(true)
    const dishOut = withAvailability(menu, {
      type: 'menu_availability',
      restaurantId: 7,
      menuItemId: 41,
      isAvailable: false,
      sentAt: 0,
    })
    expect(dishOut.map((m) => m.isAvailable)).toEqual([true, false])
  })
})
