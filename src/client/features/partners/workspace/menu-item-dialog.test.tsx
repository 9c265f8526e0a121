import { renderWithProviders, stubApi, stubResizeObserver } from '@client/lib/test-utils'
import type { MenuItem } from '@shared/schemas/restaurants'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MenuItemDialog } from './menu-item-dialog'

beforeAll(stubResizeObserver)

afterEach(cleanup)

const margherita: MenuItem = {
  id: 5,
  restaurantId: 3,
  name: 'Margherita',
  description: 'Tomato and basil',
  price: 16,
  category: 'Pizza',
  image: null,
  isAvailable: true,
  allergens: ['gluten'],
  ingredients: ['tomato', 'basil'],
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } })
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? ''
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .find((text) => text && !text.startsWith('Separated'))
}

describe('the dish dialog', () => {
  it('checks the price and name with the shared form rules', async () => {
    const calls = stubApi(() => ({ status: 201, body: margherita }))
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={null}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={() => {}}
      />,
    )
    type('Dish name', 'M')
    type('Price ($)', '12.505')
    await press('Add dish')
    expect(errorOf('Dish name')).toBe('Dish name must be at least 2 characters')
    expect(errorOf('Price ($)')).toBe('Enter a price like 12.50')
    type('Price ($)', '0.10')
    await press('Add dish')
    expect(errorOf('Price ($)')).toBe('Price must be between $0.50 and $500.00')
    expect(calls).toEqual([])
  })

  it('adds a dish with its typed price and ingredient list turned into what the API takes', async () => {
    const calls = stubApi(() => ({ status: 201, body: { ...margherita, id: 6, name: 'Marinara' } }))
    const onOpenChange = vi.fn()
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={null}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={onOpenChange}
      />,
    )
    type('Dish name', 'Marinara')
    type('Price ($)', '12.50')
    type('Ingredients', 'tomato,  garlic,\noregano')
    await press('Add dish')
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/restaurants/3/menu',
      body: {
        name: 'Marinara',
        description: '',
        price: 12.5,
        category: 'Pizza',
        image: null,
        ingredients: ['tomato', 'garlic', 'oregano'],
        allergens: [],
        isAvailable: true,
        optionGroups: [],
      },
    })
  })

  it('edits the option groups: keeps the ids it has, adds new options, and checks them with the shared rules', async () => {
    const withGroups: MenuItem = {
      ...margherita,
      optionGroups: [
        {
          id: 70,
          name: 'Crust',
          required: true,
          min: 1,
          max: 1,
          options: [
            { id: 71, name: 'Classic', priceDelta: 0, allergens: ['wheat'], isAvailable: true },
            { id: 72, name: 'Gluten-free', priceDelta: 3, allergens: [], isAvailable: false },
          ],
        },
      ],
    }
    const calls = stubApi(() => ({ status: 200, body: withGroups }))
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={withGroups}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={() => {}}
      />,
    )
    expect((screen.getByLabelText('Group name') as HTMLInputElement).value).toBe('Crust')
    await press('Add option')
    const names = screen.getAllByLabelText('Option')
    const prices = screen.getAllByLabelText('Adds ($)')
    fireEvent.change(names[2]!, { target: { value: 'Stuffed crust' } })
    fireEvent.change(prices[2]!, { target: { value: '-2' } })
    await press('Save dish')
    expect(screen.getByText('An option adds between $0.00 and $100.00')).toBeTruthy()
    expect(calls).toEqual([])
    fireEvent.change(prices[2]!, { target: { value: '4.5' } })
    await press('Save dish')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({
      optionGroups: [
        {
          id: 70,
          name: 'Crust',
          required: true,
          max: 1,
          options: [
            { id: 71, name: 'Classic', priceDelta: 0, allergens: ['wheat'], isAvailable: true },
            { id: 72, name: 'Gluten-free', priceDelta: 3, allergens: [], isAvailable: false },
            { name: 'Stuffed crust', priceDelta: 4.5, allergens: [], isAvailable: true },
          ],
        },
      ],
    })
  })

  it('warns when an ingredient names an undeclared allergen, and saves only when asked again', async () => {
    const calls = stubApi(() => ({ status: 200, body: margherita }))
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={margherita}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={() => {}}
      />,
    )
    type('Ingredients', 'tomato, basil, mozzarella cheese')
    expect(screen.getByTestId('allergen-hint').textContent).toContain('“mozzarella cheese” suggests')
    await press('Save dish')
    expect(calls).toEqual([])
    await press('Save anyway')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.method).toBe('PATCH')
    expect(calls[0]?.path).toBe('/api/menu-items/5')
    expect(calls[0]?.body).toMatchObject({ allergens: ['gluten'] })
  })

  it('declares the suggested allergen from the warning', async () => {
    const calls = stubApi(() => ({ status: 200, body: margherita }))
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={margherita}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={() => {}}
      />,
    )
    type('Ingredients', 'tomato, cheese')
    const declare = screen.getByRole('button', { name: /^Declare / })
    await act(async () => fireEvent.click(declare))
    expect(screen.queryByTestId('allergen-hint')).toBeNull()
    await press('Save dish')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({ allergens: ['gluten', 'milk'] })
  })

  it('puts the server’s field errors on the form and stays open', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        message: 'Check the dish',
        errors: { 'ingredients.0': 'An ingredient is at most 60 characters' },
      },
    }))
    const onOpenChange = vi.fn()
    renderWithProviders(
      <MenuItemDialog
        restaurantId={3}
        item={margherita}
        categories={['Pizza']}
        defaultCategory="Pizza"
        open
        onOpenChange={onOpenChange}
      />,
    )
    await press('Save dish')
    await waitFor(() => expect(errorOf('Ingredients')).toBe('An ingredient is at most 60 characters'))
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})
