import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PushPrompt } from './push-prompt'

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } }),
}

/** A browser with the Push API, whose diner has not been asked yet (or answers `answer`). */
function pushBrowser(answer: NotificationPermission) {
  const state = { permission: 'default' as NotificationPermission, subscribed: false }
  const registration = {
    pushManager: {
      getSubscription: async () => (state.subscribed ? subscription : null),
      subscribe: vi.fn(async () => {
        state.subscribed = true
        return subscription
      }),
    },
  }
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission
    },
    requestPermission: vi.fn(async () => {
      state.permission = answer
      return answer
    }),
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  })
  return registration
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('PushPrompt', () => {
  it('shows nothing in a browser without push', async () => {
    stubApi(() => undefined)
    const { container } = renderWithProviders(<PushPrompt userId={7} />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.textContent).toBe('')
  })

  it('asks the browser only on "Turn on", then saves this device for the diner', async () => {
    const registration = pushBrowser('granted')
    const calls = stubApi((url) =>
      url.pathname === '/api/push/public-key'
        ? {
            status: 200,
            body: {
              publicKey:
                'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
            },
          }
        : url.pathname === '/api/users/7/push-subscriptions'
          ? { status: 201, body: {} }
          : undefined,
    )
    renderWithProviders(<PushPrompt userId={7} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
    await screen.findByText(/Notifications are on/)
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1)
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    )
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/users/7/push-subscriptions',
      body: subscription.toJSON(),
    })
  })

  it('stays away on this browser after "Not now"', async () => {
    pushBrowser('default')
    stubApi(() => undefined)
    const first = renderWithProviders(<PushPrompt userId={7} />)
    fireEvent.click(await screen.findByRole('button', { name: /Not now/ }))
    await waitFor(() => expect(screen.queryByTestId('push-prompt')).toBeNull())
    first.unmount()
    renderWithProviders(<PushPrompt userId={7} />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByTestId('push-prompt')).toBeNull()
    expect(Notification.requestPermission).not.toHaveBeenCalled()
  })
})
