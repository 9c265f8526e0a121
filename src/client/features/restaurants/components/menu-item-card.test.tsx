import type { MenuItem } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MenuItemCard } from './menu-item-card'

afterEach(cleanup)

function dish(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id: 12,
    restaurantId: 1,
    name: 'Pad Thai',
    description: 'Rice noodles, tamarind and lime',
    price: 14.5,
    category: 'Mains',
    image: '/media/pad-thai.jpg',
    isAvailable: true,
    allergens: ['peanuts', 'shellfish'],
    ingredients: ['Rice noodles', 'Peanuts', 'Tofu', 'Shellfish', 'Lime'],
    ...overrides,
  }
}

describe('MenuItemCard', () => {
  it('names the dish, prices it and sends the dish when it is added to the cart', () => {
    const onAdd = vi.fn()
    const item = dish()
    render(<MenuItemCard item={item} onAdd={onAdd} />)
    const card = screen.getByRole('article', { name: 'Pad Thai' })
    expect(within(card).getByRole('heading', { name: 'Pad Thai' })).toBeTruthy()
    expect(within(card).getByText('$14.50')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Pad Thai' }))
    expect(onAdd).toHaveBeenCalledTimes(1)
    expect(onAdd).toHaveBeenCalledWith(item)
  })

  it('shows three ingredients, counts the rest and flags those that are allergens', () => {
    render(<MenuItemCard item={dish()} onAdd={() => {}} />)
    const chips = within(screen.getByRole('list', { name: 'Ingredients' })).getAllByRole('listitem')
    expect(chips.map((li) => li.textContent)).toEqual([
      'Rice noodles',
      'Peanuts (allergen)',
      'Tofu',
      '+2 more',
    ])
    expect(screen.getByText('+2 more').getAttribute('title')).toBe('Shellfish, Lime')
    const flagged = chips.filter((li) => li.querySelector('[data-flagged]'))
    expect(flagged.map((li) => li.textContent)).toEqual(['Peanuts (allergen)'])
  })

  it('lists the dish’s allergens by their readable names', () => {
    render(<MenuItemCard item={dish()} onAdd={() => {}} />)
    expect(screen.getByText('Allergens:').parentElement?.textContent).toBe('Allergens: Peanuts, Shellfish')
  })

  it('says nothing about ingredients or allergens when the kitchen listed none', () => {
    render(<MenuItemCard item={dish({ ingredients: [], allergens: [] })} onAdd={() => {}} />)
    expect(screen.queryByRole('list', { name: 'Ingredients' })).toBeNull()
    expect(screen.queryByText('Allergens:')).toBeNull()
  })

  it('cannot be added once sold out, and says so to screen readers', () => {
    const onAdd = vi.fn()
    render(<MenuItemCard item={dish({ isAvailable: false })} onAdd={onAdd} />)
    const button = screen.getByRole('button', { name: 'Pad Thai is sold out' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(button)
    expect(onAdd).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull()
    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(1)
  })

  it('marks the dish the diner searched for as the current one and anchors it by id', () => {
    const { rerender } = render(<MenuItemCard item={dish()} onAdd={() => {}} highlighted />)
    const card = screen.getByRole('article', { name: 'Pad Thai' })
    expect(card.id).toBe('dish-12')
    expect(card.getAttribute('aria-current')).toBe('true')
    rerender(<MenuItemCard item={dish()} onAdd={() => {}} />)
    expect(card.getAttribute('aria-current')).toBeNull()
  })

  it('shows the allergen banner it is given, and the photo with the dish’s name', () => {
    render(
      <MenuItemCard item={dish()} onAdd={() => {}} banner={<p role="alert">Contains your allergens</p>} />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Contains your allergens')
    expect(screen.getByRole('img', { name: 'Pad Thai' }).getAttribute('src')).toBe('/media/pad-thai.jpg')
  })

  it('shows no photo when the dish has none', () => {
    const { container } = render(<MenuItemCard item={dish({ image: null })} onAdd={() => {}} />)
    expect(container.querySelector('img')).toBeNull()
  })
})
