import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AllergenBanner } from './allergen-banner'

const USER = {
  id: 1,
  username: 'demo',
  fullName: 'Demo Diner',
  email: 'demo@example.com',
  avatar: null,
  walletBalance: 50,
}

function menuItem(id: number, name: string, allergens: string[]) {
  return {
    id,
    restaurantId: 1,
    name,
    description: '',
    price: 10,
    category: 'Mains',
    image: null,
    isAvailable: true,
    ingredients: [],
    allergens,
  }
}

function setup({
  signedIn = true,
  allergens = ['peanuts', 'shellfish'],
  severity = 'moderate',
  check = { status: 200, body: { matches: [] as unknown[] } },
}: {
  signedIn?: boolean
  allergens?: string[]
  severity?: string
  check?: { status: number; body?: unknown } | 'hang'
} = {}) {
  return stubApi((url) => {
    if (url.pathname === '/api/user')
      return signedIn ? { status: 200, body: USER } : { status: 401, body: { message: 'Not signed in' } }
    if (url.pathname === '/api/users/1/allergen-profile')
      return {
        status: 200,
        body: {
          id: 1,
          userId: 1,
          allergens,
          severity,
          notificationsEnabled: true,
          createdAt: '',
          updatedAt: '',
        },
      }
    if (url.pathname.startsWith('/api/users/1/allergen-check/')) return check === 'hang' ? undefined : check
    return undefined
  })
}

const banner = () => screen.findByTestId('allergen-banner')

describe('AllergenBanner', () => {
  afterEach(cleanup)

  it('asks a visitor to sign in or register instead', async () => {
    setup({ signedIn: false })
    renderWithProviders(<AllergenBanner restaurantId={1} returnTo="/restaurant/1" />)
    expect((await banner()).textContent).toContain(
      'Sign in or register to get allergen alerts for this menu.',
    )
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?next=%2Frestaurant%2F1',
    )
  })

  it('stays hidden when the profile lists no allergens and makes no check', async () => {
    const calls = setup({ allergens: [] })
    renderWithProviders(<AllergenBanner restaurantId={1} />)
    await waitFor(() => expect(calls.some((c) => c.path.includes('allergen-profile'))).toBe(true))
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByTestId('allergen-banner')).toBeNull()
    expect(calls.some((c) => c.path.includes('allergen-check'))).toBe(false)
  })

  it('shows a green note when nothing matches, in summary mode only', async () => {
    setup()
    renderWithProviders(<AllergenBanner restaurantId={1} />)
    expect(
      (await screen.findByText(/No dishes on this menu list your allergens/, {}, { timeout: 5000 }))
        .textContent,
    ).toContain('Peanuts, Shellfish')
    cleanup()
    const calls = setup()
    renderWithProviders(<AllergenBanner restaurantId={1} menuItemId={9} mode="item" />)
    await waitFor(() => expect(calls.some((c) => c.path.includes('allergen-check'))).toBe(true))
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByTestId('allergen-banner')).toBeNull()
  })

  it('warns in amber for a moderate profile, listing the matching dishes', async () => {
    setup({
      check: {
        status: 200,
        body: {
          matches: [
            { menuItem: menuItem(3, 'Pad Thai', ['peanuts', 'shellfish']), allergen: 'peanuts' },
            { menuItem: menuItem(3, 'Pad Thai', ['peanuts', 'shellfish']), allergen: 'shellfish' },
            { menuItem: menuItem(5, 'Satay', ['peanuts']), allergen: 'peanuts' },
          ],
        },
      },
    })
    renderWithProviders(<AllergenBanner restaurantId={1} />)
    await screen.findByText(/Allergen alert/)
    const box = await banner()
    expect(box.textContent).toContain('Allergen alert: 2 dishes contain Peanuts, Shellfish from your profile')
    expect(box.textContent).toContain('Pad Thai (Peanuts, Shellfish)')
    expect(box.className).toContain('amber')
    expect(box.textContent).not.toContain('life-threatening')
  })

  it('turns red with a warning line for a life-threatening profile', async () => {
    setup({
      severity: 'life-threatening',
      check: {
        status: 200,
        body: { matches: [{ menuItem: menuItem(3, 'Pad Thai', ['peanuts']), allergen: 'peanuts' }] },
      },
    })
    renderWithProviders(<AllergenBanner restaurantId={1} menuItemId={3} mode="item" />)
    await screen.findByText(/Contains Peanuts/)
    const box = await banner()
    expect(box.className).toContain('red')
    expect(box.textContent).toContain('life-threatening')
  })

  it('shows that it is checking, then "Failed to check allergens" on an error', async () => {
    setup({ check: 'hang' })
    renderWithProviders(<AllergenBanner restaurantId={2} />)
    await screen.findByText(/Checking this menu against your allergen profile/)
    cleanup()
    setup({ check: { status: 500, body: { message: 'boom' } } })
    renderWithProviders(<AllergenBanner restaurantId={2} />)
    expect((await screen.findByText(/Failed to check allergens/)).textContent).toContain(
      'Failed to check allergens',
    )
  })

  it('stays dismissed for the same restaurant and comes back for another one', async () => {
    setup({
      check: {
        status: 200,
        body: { matches: [{ menuItem: menuItem(3, 'Pad Thai', ['peanuts']), allergen: 'peanuts' }] },
      },
    })
    const view = renderWithProviders(<AllergenBanner restaurantId={1} />)
    await screen.findByText(/Allergen alert/)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss allergen alert' }))
    expect(screen.queryByText(/Allergen alert/)).toBeNull()
    view.rerender(<AllergenBanner restaurantId={4} />)
    expect(await screen.findByText(/Allergen alert/)).toBeTruthy()
  })

  it('counts the dishes that contain an allergen themselves and names the option that brings one in', async () => {
    const alfredo = menuItem(4, 'Fettuccine Alfredo', ['milk'])
    setup({
      check: {
        status: 200,
        body: {
          matches: [
            { menuItem: menuItem(2, 'Linguine alle Vongole', ['shellfish']), allergen: 'shellfish' },
            {
              menuItem: alfredo,
              allergen: 'shellfish',
              option: { id: 40, name: 'Garlic shrimp', group: 'Add to it' },
            },
          ],
        },
      },
    })
    renderWithProviders(<AllergenBanner restaurantId={1} />)
    await screen.findByText(/Allergen alert/)
    const text = (await banner()).textContent
    expect(text).toContain('Allergen alert: 1 dish contains Shellfish from your profile')
    expect(text).toContain('Fettuccine Alfredo (Shellfish in Garlic shrimp)')
  })
})
