import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Address } from '@shared/schemas/addresses'
import type { User } from '@shared/schemas/auth'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AddressesTab } from './addresses-tab'

afterEach(cleanup)

const user: User = {
  id: 7,
  username: 'rosa',
  fullName: 'Rosa Diaz',
  email: 'r@example.com',
  avatar: null,
  walletBalance: 50,
}
const address = (id: number, overrides: Partial<Address> = {}): Address => ({
  id,
  userId: 7,
  label: null,
  line1: `${id}00 Congress Ave`,
  line2: null,
  city: 'Austin',
  postcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  isDefault: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
})

/** A server keeping the diner's addresses, the default first. */
function addressServer(initial: Address[]) {
  let list = [...initial]
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/users/7/addresses' && method === 'GET') return { status: 200, body: list }
    const one = url.pathname.match(/^\/api\/addresses\/(\d+)$/)
    if (!one) return undefined
    const id = Number(one[1])
    if (method === 'DELETE') {
      list = list.filter((a) => a.id !== id)
      if (!list.some((a) => a.isDefault) && list[0]) list[0] = { ...list[0], isDefault: true }
      return { status: 204 }
    }
    if (method === 'PATCH') {
      list = list
        .map((a) => ({ ...a, isDefault: a.id === id }))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
      return { status: 200, body: list[0] }
    }
    return undefined
  })
}

const rows = () => screen.getAllByTestId('saved-address')

describe('the saved addresses', () => {
  it('shows each address, marks the default and flags one that is not on the map', async () => {
    addressServer([
      address(1, { label: 'Home', isDefault: true }),
      address(2, { latitude: null, longitude: null }),
    ])
    renderWithProviders(<AddressesTab user={user} />)
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(within(rows()[0] as HTMLElement).getByText('Default')).toBeTruthy()
    expect(within(rows()[0] as HTMLElement).queryByRole('button', { name: /Make .* the default/ })).toBeNull()
    expect(rows()[1]?.textContent).toContain('Not on the map')
    expect(rows()[1]?.textContent).toContain('200 Congress Ave, Austin 78701')
  })

  it('offers to add the first address when there is none', async () => {
    addressServer([])
    renderWithProviders(<AddressesTab user={user} />)
    expect(await screen.findByTestId('addresses-empty')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }))
    expect(await screen.findByText('New delivery address')).toBeTruthy()
  })

  it('makes another address the default and lists it first', async () => {
    const calls = addressServer([
      address(1, { label: 'Home', isDefault: true }),
      address(2, { label: 'Work' }),
    ])
    renderWithProviders(<AddressesTab user={user} />)
    await waitFor(() => expect(rows()).toHaveLength(2))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make Work the default' })))
    await waitFor(() => expect(within(rows()[0] as HTMLElement).queryByText('Work')).toBeTruthy())
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/addresses/2',
      body: { isDefault: true },
    })
    expect(await screen.findByText('Checkout now chooses Work.')).toBeTruthy()
  })

  it('deletes an address only after asking, and says which became the default', async () => {
    const calls = addressServer([address(1, { label: 'Home', isDefault: true }), address(2)])
    renderWithProviders(<AddressesTab user={user} />)
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Delete Home' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete Home' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete address' })))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/addresses/1'])
    expect(await screen.findByText('Your oldest remaining address is now the default.')).toBeTruthy()
  })

  it('opens the edit form with the chosen address', async () => {
    addressServer([address(1, { label: 'Home', isDefault: true })])
    renderWithProviders(<AddressesTab user={user} />)
    await waitFor(() => expect(rows()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Edit Home' }))
    expect(await screen.findByText('Edit delivery address')).toBeTruthy()
    expect(((await screen.findByLabelText('Street address')) as HTMLInputElement).value).toBe(
      '100 Congress Ave',
    )
  })

  it('offers to try again when the addresses cannot be loaded', async () => {
    let fail = true
    stubApi(() =>
      fail ? { status: 500, body: { message: 'Database unavailable' } } : { status: 200, body: [address(1)] },
    )
    renderWithProviders(<AddressesTab user={user} />)
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable')
    fail = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })
})
