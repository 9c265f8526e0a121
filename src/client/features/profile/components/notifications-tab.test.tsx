import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { User } from '@shared/schemas/auth'
import type { PushPreferences } from '@shared/schemas/push'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotificationsTab } from './notifications-tab'

afterEach(cleanup)

const user: User = {
  id: 7,
  username: 'rosa',
  fullName: 'Rosa Diaz',
  email: 'r@example.com',
  avatar: null,
  walletBalance: 50,
}

/** A server keeping the diner's push preferences and two devices elsewhere; `owner`: owns a restaurant. */
function pushServer({ owner = false } = {}) {
  let preferences: PushPreferences = {
    cooking: true,
    on_the_way: true,
    delivered: true,
    shout_answered: true,
    cancelled: true,
    allergen_warning: true,
    new_order: true,
    restaurant_alert: true,
  }
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/users/7/push-preferences' && method === 'GET')
      return { status: 200, body: preferences }
    if (url.pathname === '/api/users/7/push-preferences' && method === 'PATCH') {
      preferences = { ...preferences, ...JSON.parse(String(init?.body)) }
      return { status: 200, body: preferences }
    }
    if (url.pathname === '/api/users/7/workplaces')
      return {
        status: 200,
        body: owner ? [{ restaurantId: 1, restaurantName: 'Casa Rosa', role: 'owner', stations: [] }] : [],
      }
    if (url.pathname === '/api/users/7/push-subscriptions')
      return {
        status: 200,
        body: {
          devices: [1, 2].map((id) => ({
            id,
            endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
            service: 'fcm.googleapis.com',
            createdAt: '2026-11-01T10:00:00.000Z',
            lastSentAt: null,
          })),
        },
      }
    return undefined
  })
}

describe('NotificationsTab', () => {
  it('says when this browser cannot receive notifications, and how to get them on an iPhone', async () => {
    pushServer()
    renderWithProviders(<NotificationsTab user={user} />)
    await screen.findByText('Not available in this browser')
    expect(screen.getByText(/add Clearplate to your Home Screen/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull()
    expect(await screen.findByText('Also on for 2 other devices.')).toBeTruthy()
  })

  it('lists every kind with its switch and saves the one turned off', async () => {
    const calls = pushServer()
    renderWithProviders(<NotificationsTab user={user} />)
    const cooking = await screen.findByRole('switch', { name: 'Cooking started' })
    expect(screen.getAllByRole('switch')).toHaveLength(6)
    expect(screen.queryByRole('switch', { name: 'New orders at your restaurant' })).toBeNull()
    expect(cooking.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(cooking)
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Cooking started' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    )
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/users/7/push-preferences', body: { cooking: false } },
    ])
    expect(screen.getByRole('switch', { name: 'Delivered' }).getAttribute('aria-checked')).toBe('true')
  })

  it('offers a restaurant owner the restaurant’s kinds too', async () => {
    pushServer({ owner: true })
    renderWithProviders(<NotificationsTab user={user} />)
    await screen.findByRole('switch', { name: 'New orders at your restaurant' })
    expect(screen.getAllByRole('switch')).toHaveLength(8)
    expect(screen.getByRole('switch', { name: 'Your restaurant’s alerts' })).toBeTruthy()
  })
})
