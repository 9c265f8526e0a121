import { clearCart, readCart } from '@client/lib/cart'
import { anOrder, renderWithProviders } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ActiveOrderCard } from './components/active-order-card'
import { OrderDetailsDialog } from './components/order-details-dialog'
import { OrderHistory } from './components/order-history'
import { OrderStatusBadge } from './components/order-status-badge'
import { addOrderToCart } from './reorder'

afterEach(() => {
  cleanup()
  clearCart(4)
})

const order = (overrides: Partial<Order>): Order =>
  anOrder({
    id: 42,
    restaurantId: 4,
    status: 'completed',
    progress: 100,
    createdAt: '2026-03-14T18:30:00.000Z',
    totalPrice: 38.97,
    items: JSON.stringify([
      { menuItemId: 5, name: 'Margherita Pizza', quantity: 2, price: 16 },
      { menuItemId: 6, name: 'Tiramisu', quantity: 1, price: 3.98 },
    ]),
    cancellation: null,
    ...overrides,
  })

describe('ordering again', () => {
  it('puts the order’s dishes back into its restaurant’s cart, on top of what is there', () => {
    addOrderToCart(
      order({ items: JSON.stringify([{ menuItemId: 5, name: 'Margherita Pizza', quantity: 1, price: 16 }]) }),
    )
    expect(addOrderToCart(order({}))).toBe(2)
    expect(readCart(4)).toEqual([
      { menuItemId: 5, name: 'Margherita Pizza', price: 16, quantity: 3 },
      { menuItemId: 6, name: 'Tiramisu', price: 3.98, quantity: 1 },
    ])
  })

  it('leaves out lines that are no longer tied to a dish and items that cannot be read', () => {
    const items = JSON.stringify([
      { name: 'Old special', quantity: 1, price: 9 },
      { menuItemId: 6, name: 'Tiramisu', quantity: 2, price: 3.98 },
    ])
    expect(addOrderToCart(order({ items }))).toBe(1)
    expect(readCart(4).map((l) => [l.menuItemId, l.quantity])).toEqual([[6, 2]])
    expect(addOrderToCart(order({ restaurantId: 4, items: 'not json' }))).toBe(0)
    expect(readCart(4)).toHaveLength(1)
  })
})

describe('an active order’s card', () => {
  it('shows the number, the dishes, the progress and the total, and opens the stream', () => {
    const onWatch = vi.fn()
    renderWithProviders(
      <ActiveOrderCard
        order={order({ status: 'cooking', progress: 35 })}
        restaurantName="Bella Napoli"
        onWatch={onWatch}
        opening={false}
      />,
    )
    const card = screen.getByTestId('active-order')
    expect(card.textContent).toContain('Order #0042')
    expect(card.textContent).toContain('2 x Margherita Pizza, 1 x Tiramisu')
    expect(card.textContent).toContain('$38.97')
    expect(
      screen.getByRole('progressbar', { name: 'Order #0042 progress' }).getAttribute('aria-valuenow'),
    ).toBe('35')
    fireEvent.click(screen.getByRole('button', { name: /Watch live/ }))
    expect(onWatch).toHaveBeenCalledTimes(1)
  })

  it('cannot be opened twice while the stream is opening', () => {
    const onWatch = vi.fn()
    renderWithProviders(
      <ActiveOrderCard
        order={order({ status: 'cooking' })}
        restaurantName="Bella Napoli"
        onWatch={onWatch}
        opening
      />,
    )
    const button = screen.getByRole('button', { name: /Watch live/ }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByText('Opening stream')).toBeTruthy()
  })
})

describe('the order history', () => {
  const history = [
    order({ id: 42 }),
    order({
      id: 43,
      status: 'cancelled',
      totalPrice: 19.99,
      cancellation: {
        reason: 'out_of_stock',
        note: 'No clams today',
        refund: 19.99,
        at: '2026-03-15T18:00:00.000Z',
      },
    }),
  ]

  it('says why a cancelled order was cancelled and what went back to the wallet', () => {
    renderWithProviders(
      <OrderHistory
        orders={history}
        restaurantName={() => 'Bella Napoli'}
        onReorder={() => {}}
        onDetails={() => {}}
      />,
    )
    const rows = screen.getAllByTestId('history-row')
    expect(rows.map((r) => within(r).queryByTestId('cancellation')?.textContent ?? null)).toEqual([
      null,
      'Out of stock: No clams today. $19.99 refunded to your wallet.',
    ])
    expect(rows[0]?.textContent).toContain('#0042 · Bella Napoli')
    expect(rows[0]?.textContent).toContain('Mar 14, 2026')
  })

  it('hands the chosen order to reorder and details', () => {
    const onReorder = vi.fn()
    const onDetails = vi.fn()
    renderWithProviders(
      <OrderHistory
        orders={history}
        restaurantName={() => 'Bella Napoli'}
        onReorder={onReorder}
        onDetails={onDetails}
      />,
    )
    // The table and the phone list both carry the buttons; the first is the table's.
    fireEvent.click(screen.getAllByRole('button', { name: 'Reorder #0043' })[0] as HTMLElement)
    fireEvent.click(screen.getAllByRole('button', { name: 'Details of #0042' })[0] as HTMLElement)
    expect(onReorder.mock.calls.map(([o]) => o.id)).toEqual([43])
    expect(onDetails.mock.calls.map(([o]) => o.id)).toEqual([42])
  })
})

describe('an order’s details', () => {
  it('splits the total into the dishes and the delivery fee', () => {
    renderWithProviders(
      <OrderDetailsDialog order={order({})} restaurantName="Bella Napoli" onOpenChange={() => {}} />,
    )
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Order #0042')).toBeTruthy()
    const amounts = [...dialog.querySelectorAll('dl > div')].map((row) => row.textContent)
    expect(amounts).toEqual(['Subtotal$35.98', 'Delivery fee$2.99', 'Total$38.97'])
  })

  it('shows no delivery fee for an order that had none', () => {
    renderWithProviders(
      <OrderDetailsDialog
        order={order({ totalPrice: 35.98 })}
        restaurantName="Bella Napoli"
        onOpenChange={() => {}}
      />,
    )
    expect(screen.queryByText('Delivery fee')).toBeNull()
  })

  it('is closed without an order', () => {
    renderWithProviders(<OrderDetailsDialog order={null} restaurantName="" onOpenChange={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('an order’s status badge', () => {
  it('names each status and calls an unknown one so', () => {
    renderWithProviders(
      <>
        <OrderStatusBadge order={{ status: 'cooking', fulfilment: 'delivery' }} />
        <OrderStatusBadge order={{ status: 'cancelled', fulfilment: 'delivery' }} />
        <OrderStatusBadge order={{ status: 'teleported', fulfilment: 'delivery' }} />
      </>,
    )
    expect(screen.getByText('Unknown')).toBeTruthy()
    expect(screen.getByText('Cancelled')).toBeTruthy()
  })
})
