import { linesSummary, lineTotal, orderBreakdown } from '@client/lib/order-lines'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OrderLines } from './order-lines'

afterEach(cleanup)

const lines = [
  { menuItemId: 5, name: 'Margherita Pizza', price: 17, quantity: 2 },
  { menuItemId: 6, name: 'Linguine alle Vongole', price: 19.99, quantity: 1 },
  { menuItemId: 7, name: 'Espresso', price: 0.1, quantity: 3 },
]

describe('line totals', () => {
  it('multiplies in cents, so 3 x $0.10 is $0.30 and 3 x $1.15 is $3.45', () => {
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3)
    expect(lineTotal({ price: 1.15, quantity: 3 })).toBe(3.45)
    expect(0.1 * 3).not.toBe(0.3)
  })

  it('splits an order into its lines, their subtotal and the fee that makes up the total', () => {
    const breakdown = orderBreakdown({ items: JSON.stringify(lines), totalPrice: 57.28 })
    expect(breakdown.subtotal).toBe(54.29)
    expect(breakdown.fee).toBe(2.99)
    expect(breakdown.total).toBe(57.28)
    expect(breakdown.lines.map((l) => l.name)).toEqual(lines.map((l) => l.name))
  })

  it('never shows a negative fee when the total is below the lines (a pickup priced lower)', () => {
    expect(orderBreakdown({ items: JSON.stringify(lines), totalPrice: 50 }).fee).toBe(0)
  })

  it('reads an order as one line of text', () => {
    expect(linesSummary(lines)).toBe('2 x Margherita Pizza, 1 x Linguine alle Vongole, 3 x Espresso')
  })
})

describe('the order-line list', () => {
  it('shows each line with its quantity and its total', () => {
    render(<OrderLines lines={lines} lineTestId="line" />)
    const rows = screen.getAllByTestId('line')
    expect(rows.map((row) => row.textContent)).toEqual([
      '2 x Margherita Pizza$34.00',
      '1 x Linguine alle Vongole$19.99',
      '3 x Espresso$0.30',
    ])
  })

  it('flags the allergens a line contains, and only on that line', () => {
    render(
      <OrderLines
        lines={lines}
        lineTestId="line"
        flags={(line) => (line.menuItemId === 6 ? ['Shellfish', 'Fish'] : [])}
      />,
    )
    const [pizza, linguine] = screen.getAllByTestId('line')
    expect(within(linguine as HTMLElement).getByTestId('line-allergens').textContent).toBe(
      'Contains Shellfish, Fish',
    )
    expect(within(pizza as HTMLElement).queryByTestId('line-allergens')).toBeNull()
  })

  it('in the cart, shows the unit price, the controls and the line total, then extra rows', () => {
    render(
      <OrderLines
        variant="cart"
        lines={lines.slice(0, 1)}
        lineTestId="line"
        controls={(line) => <button type="button">More {line.name}</button>}
      >
        <li>Delivery fee</li>
      </OrderLines>,
    )
    const row = screen.getByTestId('line')
    expect(within(row).getByText('$17.00 each')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'More Margherita Pizza' })).toBeTruthy()
    expect(within(row).getByTestId('line-total').textContent).toBe('$34.00')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('Delivery fee')
  })
})
