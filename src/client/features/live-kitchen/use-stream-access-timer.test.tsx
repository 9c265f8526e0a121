import { dismissToast } from '@client/components/ui/use-toast'
import { getStreamGrant, storeStreamGrant } from '@client/lib/stream-access'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useStreamAccessTimer } from './use-stream-access-timer'

function Probe({ orderId, finished }: { orderId: number; finished?: boolean }) {
  const state = useStreamAccessTimer(orderId, { finished })
  return <p data-testid="state">{state.status}</p>
}

const MINUTE = 60_000
const realFetch = globalThis.fetch

function grant(orderId: number, lengthMs: number) {
  storeStreamGrant({
    orderId,
    grantedAt: new Date(0).toISOString(),
    expiresAt: new Date(lengthMs).toISOString(),
  })
}

describe('useStreamAccessTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T18:00:00Z') })
  })
  afterEach(() => {
    globalThis.fetch = realFetch
    cleanup()
    act(() => dismissToast())
    vi.useRealTimers()
    sessionStorage.clear()
  })

  it('sends a visitor without stored access home with "Access denied"', async () => {
    const calls = stubApi(() => ({ status: 401, body: { message: 'Not signed in' } }))
    const { location } = renderWithProviders(<Probe orderId={4} />, { path: '/stream/4' })
    expect(screen.getByTestId('state').textContent).toBe('checking')
    await act(async () => {})
    expect(screen.getByTestId('state').textContent).toBe('denied')
    expect(calls.map((c) => c.path)).toEqual(['/api/user'])
    expect(screen.getByText('Access denied')).toBeTruthy()
    expect(screen.getByText('Please enter your order number to access the stream.')).toBeTruthy()
    expect(location.history.at(-1)).toBe('/')
  })

  it('asks the server for a signed-in diner without stored access (an order opened in a new tab)', async () => {
    const calls = stubApi((url) => {
      if (url.pathname === '/api/user')
        return { status: 200, body: { id: 1, username: 'demo', email: 'd@example.com', fullName: 'Demo' } }
      if (url.pathname === '/api/stream-access')
        return {
          status: 200,
          body: {
            orderId: 4,
            grantedAt: new Date(0).toISOString(),
            expiresAt: new Date(20 * MINUTE).toISOString(),
          },
        }
      return undefined
    })
    const { location } = renderWithProviders(<Probe orderId={4} />, { path: '/stream/4' })
    await act(async () => {})
    expect(screen.getByTestId('state').textContent).toBe('active')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/user', 'POST /api/stream-access'])
    expect(getStreamGrant(4)).toBeDefined()
    expect(location.history.at(-1)).toBe('/stream/4')
  })

  it('sends a signed-in diner home when the server refuses access', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/user')
        return { status: 200, body: { id: 1, username: 'demo', email: 'd@example.com', fullName: 'Demo' } }
      return undefined
    })
    const { location } = renderWithProviders(<Probe orderId={9} />, { path: '/stream/9' })
    await act(async () => {})
    expect(screen.getByTestId('state').textContent).toBe('denied')
    expect(location.history.at(-1)).toBe('/')
  })

  it('warns once at one minute left, then expires, removes the grant and goes home after 3 seconds', () => {
    grant(2, 20 * MINUTE)
    const { location } = renderWithProviders(<Probe orderId={2} />, { path: '/stream/2' })
    expect(screen.getByTestId('state').textContent).toBe('active')

    act(() => vi.advanceTimersByTime(18 * MINUTE + 58_000))
    expect(screen.queryByText('Stream access ending soon')).toBeNull()
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByText('Stream access ending soon')).toBeTruthy()
    expect(screen.getByText('You have 1 minute of viewing time remaining.')).toBeTruthy()

    act(() => vi.advanceTimersByTime(59_000))
    expect(screen.getByTestId('state').textContent).toBe('active')
    expect(getStreamGrant(2)).toBeDefined()
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByTestId('state').textContent).toBe('expired')
    expect(screen.getByText('Stream access expired')).toBeTruthy()
    expect(screen.getByText('Your 20-minute stream access period has ended.')).toBeTruthy()
    expect(getStreamGrant(2)).toBeUndefined()
    expect(location.history.at(-1)).toBe('/stream/2')

    act(() => vi.advanceTimersByTime(2900))
    expect(location.history.at(-1)).toBe('/stream/2')
    act(() => vi.advanceTimersByTime(100))
    expect(location.history.at(-1)).toBe('/')
  })

  it('follows the length of the grant the server gave', () => {
    grant(3, 90_000)
    renderWithProviders(<Probe orderId={3} />, { path: '/stream/3' })
    act(() => vi.advanceTimersByTime(30_000))
    expect(screen.getByText('Stream access ending soon')).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByTestId('state').textContent).toBe('expired')
  })

  it('stops the timer once the order is finished: no warning, no expiry, no trip home', () => {
    grant(5, 20 * MINUTE)
    const { location, rerender } = renderWithProviders(<Probe orderId={5} />, { path: '/stream/5' })
    act(() => vi.advanceTimersByTime(10 * MINUTE))
    rerender(<Probe orderId={5} finished />)
    act(() => vi.advanceTimersByTime(15 * MINUTE))
    expect(screen.queryByText('Stream access ending soon')).toBeNull()
    expect(screen.queryByText('Stream access expired')).toBeNull()
    expect(screen.getByTestId('state').textContent).toBe('active')
    expect(location.history.at(-1)).toBe('/stream/5')
  })
})
