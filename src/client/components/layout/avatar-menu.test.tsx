import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { User } from '@shared/schemas/auth'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AvatarMenu } from './avatar-menu'

afterEach(cleanup)

const USER: User = {
  id: 4,
  username: 'ada',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
  walletBalance: 50,
}

function serve({
  logout = { status: 200, body: { message: 'Logged out' } } as { status: number; body?: unknown },
} = {}) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/users/4/wallet-balance') return { status: 200, body: { balance: 42.5 } }
    if (url.pathname === '/api/logout' && init?.method === 'POST') return logout
    return undefined
  })
}

describe('AvatarMenu', () => {
  it('names whose account it opens, with their initials', () => {
    serve()
    renderWithProviders(<AvatarMenu user={USER} />)
    const trigger = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })
    expect(trigger.textContent).toBe('AL')
  })

  it('shows who is signed in, the wallet balance and where the account pages are', async () => {
    serve()
    renderWithProviders(<AvatarMenu user={USER} defaultOpen />)
    expect(screen.getByText('Ada Lovelace · @ada')).toBeTruthy()
    expect((await screen.findByTestId('header-wallet-balance')).textContent).toBe('$42.50')
    const links = ['Profile', 'My Orders', 'My restaurant'].map((name) =>
      screen.getByRole('menuitem', { name }).getAttribute('href'),
    )
    expect(links).toEqual(['/profile', '/orders', '/partner'])
  })

  it('opens the add-funds dialog from the menu', async () => {
    serve()
    renderWithProviders(<AvatarMenu user={USER} defaultOpen />)
    fireEvent.click(screen.getByRole('menuitem', { name: 'Add funds' }))
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeTruthy()
  })

  it('logs out, forgets the user and goes home', async () => {
    const calls = serve()
    const { location, queryClient } = renderWithProviders(<AvatarMenu user={USER} defaultOpen />, {
      path: '/orders',
    })
    queryClient.setQueryData(queryKeys.me, USER)
    queryClient.setQueryData(['users', 4, 'orders'], [{ id: 1 }])
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByText('Logged out')).toBeTruthy()
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/logout'])
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull()
    expect(queryClient.getQueryData(['users', 4, 'orders'])).toBeUndefined()
  })

  it('stays on the page and says why when logging out fails', async () => {
    serve({ logout: { status: 503, body: { message: 'Try again in a moment' } } })
    const { location } = renderWithProviders(<AvatarMenu user={USER} defaultOpen />, { path: '/orders' })
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByText('Logout failed')).toBeTruthy()
    expect(screen.getByText('Try again in a moment')).toBeTruthy()
    expect(location.history).toEqual(['/orders'])
  })
})
