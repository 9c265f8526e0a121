import { anOrder, renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ActiveOrdersPanel } from './active-orders-panel'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const USER = {
  id: 1,
  username: 'demo',
  fullName: 'Demo Diner',
  email: 'demo@example.com',
  avatar: null,
  walletBalance: 50,
}

function order(id: number, restaurantId: number, status: string, progress: number): Order {
  return anOrder({ id, restaurantId, status, progress, createdAt: '2026-05-01T18:00:00.000Z' })
}

const ORDERS = [
  order(12, 1, 'cooking', 45),
  order(13, 2, 'delivering', 90),
  order(14, 9, 'preparing', 10),
  order(15, 1, 'plating', 70),
]

function serve({
  signedIn = true,
  orders = { status: 200, body: ORDERS } as { status: number; body?: unknown },
  access = {
    status: 200,
    body: { orderId: 12, grantedAt: '2026-05-01T18:00:00.000Z', expiresAt: '2026-05-01T20:00:00.000Z' },
  } as { status: number; body?: unknown },
} = {}) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/user')
      return signedIn ? { status: 200, body: USER } : { status: 401, body: { message: 'Not signed in' } }
    if (url.pathname === '/api/users/1/active-orders') return orders
    if (url.pathname === '/api/restaurants/1') return { status: 200, body: { id: 1, name: 'Bella Napoli' } }
    if (url.pathname === '/api/restaurants/2') return { status: 200, body: { id: 2, name: 'Bangkok Street' } }
    if (url.pathname === '/api/stream-access' && init?.method === 'POST') return access
    return undefined
  })
}

describe('ActiveOrdersPanel', () => {
  it('asks a visitor to sign in and asks for no orders', async () => {
    const calls = serve({ signedIn: false })
    renderWithProviders(<ActiveOrdersPanel />)
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/auth')
    expect(screen.queryByRole('link', { name: 'View all orders' })).toBeNull()
    expect(calls.some((c) => c.path.includes('active-orders'))).toBe(false)
  })

  it('shows the first three orders with their status and restaurant', async () => {
    serve()
    renderWithProviders(<ActiveOrdersPanel />)
    await screen.findByRole('link', { name: /Order #0012/ })
    await waitFor(() => expect(screen.getByText('Bangkok Street')).toBeTruthy())
    const rows = within(screen.getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/stream/12',
      '/stream/13',
      '/stream/14',
    ])
    expect(rows[0]?.textContent).toContain('Cooking')
    expect(rows[0]?.textContent).toContain('Bella Napoli')
    expect(rows[1]?.textContent).toContain('Out for Delivery')
    // A restaurant that cannot be read still leaves the order readable.
    expect(rows[2]?.textContent).toContain('Restaurant')
    expect(screen.getByRole('link', { name: 'View all orders' }).getAttribute('href')).toBe('/orders')
  })

  it('says when nothing is in the kitchen', async () => {
    serve({ orders: { status: 200, body: [] } })
    renderWithProviders(<ActiveOrdersPanel />)
    expect(await screen.findByText(/No orders in the kitchen right now/)).toBeTruthy()
  })

  it('says when the orders could not be loaded', async () => {
    serve({ orders: { status: 500, body: { message: 'Boom' } } })
    renderWithProviders(<ActiveOrdersPanel />)
    expect(await screen.findByText('Could not load your orders. Please try again.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Order #/ })).toBeNull()
  })

  it('asks for stream access on a click, then opens the stream', async () => {
    const calls = serve()
    const { location } = renderWithProviders(<ActiveOrdersPanel />)
    fireEvent.click(await screen.findByRole('link', { name: /Order #0012/ }))
    await waitFor(() => expect(location.history?.at(-1)).toBe('/stream/12'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/stream-access', body: { orderId: 12 } },
    ])
  })

  it('stays and says so when access is refused', async () => {
    serve({ access: { status: 404, body: { message: 'Order not found' } } })
    const { location } = renderWithProviders(<ActiveOrdersPanel />)
    fireEvent.click(await screen.findByRole('link', { name: /Order #0012/ }))
    expect(await screen.findByText('Invalid order number')).toBeTruthy()
    expect(location.history).toEqual(['/'])
  })

  it('leaves a modified click to the browser (a new tab asks from the stream page)', async () => {
    const calls = serve()
    const { location } = renderWithProviders(<ActiveOrdersPanel />)
    fireEvent.click(await screen.findByRole('link', { name: /Order #0012/ }), { ctrlKey: true })
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    expect(location.history).toEqual(['/'])
  })
})
