import { dismissToast } from '@client/components/ui/use-toast'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useRequireSignIn } from './use-require-sign-in'

const OWNER = {
  id: 2,
  username: 'chef',
  fullName: 'Marco Bellini',
  email: 'marco@trattoriabellini.example.com',
  avatar: null,
  walletBalance: 0,
}

function Probe() {
  const { user, isLoading } = useRequireSignIn({ description: 'Please log in to see this page.' })
  return <p data-testid="state">{isLoading ? 'loading' : (user?.username ?? 'visitor')}</p>
}

describe('useRequireSignIn', () => {
  afterEach(() => {
    cleanup()
    act(() => dismissToast())
  })

  it('tells a visitor why in one toast and sends them to sign in, then back to this page', async () => {
    stubApi(() => ({ status: 401, body: { message: 'Not signed in' } }))
    const { location } = renderWithProviders(<Probe />, { path: '/allergen-profile' })
    expect(await screen.findByText('Authentication Required')).toBeTruthy()
    expect(screen.getByText('Please log in to see this page.')).toBeTruthy()
    expect(location.history.at(-1)).toBe('/auth?next=%2Fallergen-profile')
    expect(screen.getAllByText('Authentication Required')).toHaveLength(1)
  })

  it('lets a signed-in person stay, with no toast', async () => {
    stubApi((url) => (url.pathname === '/api/user' ? { status: 200, body: OWNER } : undefined))
    const { location } = renderWithProviders(<Probe />, { path: '/equipment-setup' })
    expect((await screen.findByText('chef')).textContent).toBe('chef')
    expect(screen.queryByText('Authentication Required')).toBeNull()
    expect(location.history).toEqual(['/equipment-setup'])
  })
})
