import { dismissToast } from '@client/components/ui/use-toast'
import { getStreamGrant, storeStreamGrant } from '@client/lib/stream-access'
import { renderWithProviders } from '@client/lib/test-utils'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useStreamAccessTimer } from './use-stream-access-timer'

function Probe({ orderId }: { orderId: number }) {
  const state = useStreamAccessTimer(orderId)
  return <p data-testid="state">{state.status}</p>
}

const MINUTE = 60_000

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
    cleanup()
    act(() => dismissToast())
    vi.useRealTimers()
    sessionStorage.clear()
  })

  it('sends a visitor without stored access home with "Access denied"', () => {
    const { location } = renderWithProviders(<Probe orderId={4} />, { path: '/stream/4' })
    expect(screen.getByTestId('state').textContent).toBe('denied')
    expect(screen.getByText('Access denied')).toBeTruthy()
    expect(screen.getByText('Please enter your order number to access the stream.')).toBeTruthy()
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
})
