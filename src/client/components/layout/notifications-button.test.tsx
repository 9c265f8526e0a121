import { liveClient } from '@client/lib/live-client'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { ServerMessage } from '@shared/live-messages'
import type { Notification } from '@shared/schemas/notifications'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NotificationsButton } from './notifications-button'

const USER = {
  id: 1,
  username: 'demo',
  fullName: 'Demo Diner',
  email: 'demo@example.com',
  avatar: null,
  walletBalance: 50,
}
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

function note(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'status',
    orderId: 40 + id,
    title: `Title ${id}`,
    body: `Body ${id}`,
    link: null,
    createdAt: minutesAgo(5),
    readAt: null,
    ...overrides,
  }
}

let live: ((message: ServerMessage) => void) | undefined
const spies: { mockRestore: () => void }[] = []
beforeEach(() => {
  live = undefined
  // No socket in these tests: the live channel is the handler the bell registers.
  spies.push(
    vi.spyOn(liveClient, 'retain').mockReturnValue(() => {}),
    vi.spyOn(liveClient, 'onMessage').mockImplementation((handler) => {
      live = handler
      return () => {}
    }),
  )
})
afterEach(() => {
  cleanup()
  for (const spy of spies.splice(0)) spy.mockRestore()
})

function serve({
  signedIn = true,
  list = { notifications: [] as Notification[], unreadCount: 0 },
}: {
  signedIn?: boolean
  list?: { notifications: Notification[]; unreadCount: number }
} = {}) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/user')
      return signedIn ? { status: 200, body: USER } : { status: 401, body: { message: 'Not signed in' } }
    if (url.pathname === '/api/users/1/notifications') return { status: 200, body: list }
    if (url.pathname === '/api/users/1/notifications/read' && init?.method === 'POST')
      return { status: 200, body: { updated: list.unreadCount, unreadCount: 0 } }
    return undefined
  })
}

describe('NotificationsButton', () => {
  it('asks a visitor to sign in and fetches no notifications', async () => {
    const calls = serve({ signedIn: false })
    renderWithProviders(<NotificationsButton defaultOpen />)
    expect(await screen.findByText('Sign in to hear about your orders here.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy()
    expect(calls.some((c) => c.path.includes('/notifications'))).toBe(false)
  })

  it('says when nothing has happened yet', async () => {
    serve()
    renderWithProviders(<NotificationsButton defaultOpen />)
    expect(await screen.findByText(/Status changes, the chef’s answers and refunds/)).toBeTruthy()
    expect(screen.queryByTestId('notifications-unread')).toBeNull()
  })

  it('counts the unread ones on the bell, lists them newest first and marks the unread', async () => {
    serve({
      list: {
        notifications: [
          note(2, { title: 'Your order is cooking', createdAt: minutesAgo(3) }),
          note(1, {
            kind: 'refund',
            orderId: null,
            title: 'Refund',
            readAt: minutesAgo(1),
            createdAt: minutesAgo(120),
          }),
        ],
        unreadCount: 1,
      },
    })
    renderWithProviders(<NotificationsButton defaultOpen />)
    const items = await screen.findAllByTestId('notification')
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeTruthy()
    expect(screen.getByTestId('notifications-unread').textContent).toBe('1')
    expect(items.map((li) => li.textContent)).toEqual([
      'Your order is cookingBody 23 minutes ago',
      'RefundBody 12 hours ago',
    ])
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Unread' })).toBeTruthy()
    expect(within(items[1] as HTMLElement).queryByRole('img', { name: 'Unread' })).toBeNull()
    // One about an order leads to the orders; one about nothing in particular leads nowhere.
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/orders')
    expect(within(items[1] as HTMLElement).queryByRole('link')).toBeNull()
  })

  it('shows 9+ past nine unread', async () => {
    serve({ list: { notifications: [note(1)], unreadCount: 12 } })
    renderWithProviders(<NotificationsButton />)
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy()
    expect(screen.getByTestId('notifications-unread').textContent).toBe('9+')
  })

  it('marks all read with one request and clears the count', async () => {
    const calls = serve({ list: { notifications: [note(2), note(1)], unreadCount: 2 } })
    renderWithProviders(<NotificationsButton defaultOpen />)
    await screen.findAllByTestId('notification')
    expect(screen.getAllByRole('img', { name: 'Unread' })).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.queryAllByRole('img', { name: 'Unread' })).toHaveLength(0))
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true)
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/users/1/notifications/read', body: {} },
    ])
  })

  it('puts a live notification on top once, with the count the server sent', async () => {
    serve({ list: { notifications: [note(1)], unreadCount: 1 } })
    renderWithProviders(<NotificationsButton defaultOpen />)
    await screen.findAllByTestId('notification')
    const message: ServerMessage = {
      type: 'notification',
      notification: note(2, { title: 'Out for delivery', createdAt: new Date().toISOString() }),
      unreadCount: 2,
      sentAt: Date.now(),
    }
    expect(live).toBeDefined()
    act(() => live?.(message))
    act(() => live?.(message))
    const titles = () => screen.getAllByTestId('notification').map((li) => li.textContent?.split('Body')[0])
    await waitFor(() => expect(titles()).toEqual(['Out for delivery', 'Title 1']))
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeTruthy()
  })
})
