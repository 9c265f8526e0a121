import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { User } from '@shared/schemas/auth'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MobileMenu } from './mobile-menu'
import { isActivePath } from './nav-links'

afterEach(cleanup)

const USER: User = {
  id: 4,
  username: 'ada',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
  walletBalance: 50,
}

function serve() {
  return stubApi((url, init) => {
    if (url.pathname === '/api/users/4/wallet-balance') return { status: 200, body: { balance: 7.25 } }
    if (url.pathname === '/api/logout' && init?.method === 'POST')
      return { status: 200, body: { message: 'ok' } }
    return undefined
  })
}

const menu = () => screen.getByRole('dialog', { name: 'Clearplate' })

describe('MobileMenu', () => {
  it('opens from its button and marks the page the diner is on', async () => {
    serve()
    renderWithProviders(<MobileMenu user={null} />, { path: '/discover/thai' })
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    const nav = within(await screen.findByRole('navigation', { name: 'Mobile' }))
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Live Streams',
      'Discover',
      'My Orders',
      'For Restaurants',
      'Restaurant Partners',
    ])
    const current = nav.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')
    expect(current.map((a) => a.textContent)).toEqual(['Discover'])
  })

  it('offers a visitor sign-in and closes when they follow it', async () => {
    serve()
    const { location } = renderWithProviders(<MobileMenu user={null} defaultOpen />)
    expect(within(menu()).queryByText('Logout')).toBeNull()
    fireEvent.click(within(menu()).getByRole('link', { name: 'Sign In / Register' }))
    expect(location.history?.at(-1)).toBe('/auth')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows a signed-in diner’s name and balance, and their account links', async () => {
    serve()
    renderWithProviders(<MobileMenu user={USER} defaultOpen />)
    const sheet = within(menu())
    expect(sheet.getByText('Ada Lovelace')).toBeTruthy()
    expect(sheet.getByText('@ada')).toBeTruthy()
    expect(await sheet.findByText('$7.25')).toBeTruthy()
    expect(sheet.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    expect(sheet.getByRole('link', { name: 'My restaurant' }).getAttribute('href')).toBe('/partner')
    expect(sheet.queryByRole('link', { name: 'Sign In / Register' })).toBeNull()
  })

  it('logs out, closes and goes home', async () => {
    const calls = serve()
    const { location } = renderWithProviders(<MobileMenu user={USER} defaultOpen />, { path: '/orders' })
    fireEvent.click(within(menu()).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(location.history?.at(-1)).toBe('/')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/logout'])
  })
})

describe('isActivePath', () => {
  it('treats the home link as active on a stream, and other links on their sub-pages only', () => {
    expect(isActivePath('/', '/')).toBe(true)
    expect(isActivePath('/', '/stream/12')).toBe(true)
    expect(isActivePath('/', '/orders')).toBe(false)
    expect(isActivePath('/orders', '/orders/12')).toBe(true)
    expect(isActivePath('/orders', '/orders-archive')).toBe(false)
  })
})
