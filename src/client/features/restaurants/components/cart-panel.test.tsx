import { cartLineKey } from '@client/lib/cart'
import { renderWithProviders } from '@client/lib/test-utils'
import type { MenuItem } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CartPanel } from './cart-panel'

afterEach(cleanup)

const lines = [
  { menuItemId: 5, name: 'Margherita Pizza', price: 16, quantity: 2 },
  { menuItemId: 6, name: 'Linguine alle Vongole', price: 19.99, quantity: 1 },
  { menuItemId: 7, name: 'Espresso', price: 0.1, quantity: 3 },
]
const prices: Record<number, number> = { 5: 17, 6: 19.99, 7: 0.1 }

describe('the cart panel', () => {
  // The menu's price wins over the one kept in the cart; Espresso is off the menu today.
  const menu: MenuItem[] = lines.map((l) => ({
    id: l.menuItemId,
    restaurantId: 1,
    name: l.name,
    description: '',
    price: prices[l.menuItemId] ?? l.price,
    category: 'Mains',
    image: null,
    isAvailable: l.menuItemId !== 7,
    allergens: [],
    ingredients: [],
  }))
  const panel = (onQuantity = vi.fn()) => (
    <CartPanel
      lines={lines}
      menu={menu}
      onQuantity={onQuantity}
      onPlaceOrder={() => {}}
      placing={false}
      redirecting={false}
      signedIn
      signInHref="/auth"
      balance={100}
      allergens={(line) => (line.menuItemId === 6 ? ['Shellfish'] : undefined)}
    />
  )

  it('prices the lines from the menu, flags allergens and totals in cents with the delivery fee', () => {
    renderWithProviders(panel())
    const rows = screen.getAllByTestId('cart-line')
    expect(rows).toHaveLength(2)
    expect(rows.map((row) => within(row).getByTestId('line-total').textContent)).toEqual(['$34.00', '$19.99'])
    expect(within(rows[1] as HTMLElement).getByTestId('line-allergens').textContent).toBe(
      'Contains Shellfish',
    )
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$53.99')
    expect(screen.getByTestId('cart-total').textContent).toBe('$56.98')
    expect(screen.getByText('No longer available')).toBeTruthy()
  })

  it('changes a quantity by one from the line’s own buttons', () => {
    const onQuantity = vi.fn()
    renderWithProviders(panel(onQuantity))
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Margherita Pizza' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linguine alle Vongole' }))
    expect(onQuantity.mock.calls).toEqual([
      [cartLineKey({ menuItemId: 5 }), 3],
      [cartLineKey({ menuItemId: 6 }), 0],
    ])
  })
})
