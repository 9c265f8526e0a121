import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Ticket } from '@shared/schemas/kitchen'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { countdown, PlatformBadge, PlatformPanel } from './platform-ticket'

afterEach(cleanup)

const NOW = Date.parse('2026-11-27T12:00:00Z')

function ticket(
  overrides: Partial<Ticket> = {},
  platform: Partial<NonNullable<Ticket['platform']>> = {},
): Ticket {
  return {
    id: 42,
    status: 'received',
    progress: 0,
    createdAt: new Date(NOW - 30_000).toISOString(),
    statusAt: new Date(NOW - 30_000).toISOString(),
    recallUntil: null,
    items: [
      {
        index: 0,
        menuItemId: 7,
        name: 'Brisket Plate',
        quantity: 2,
        price: 18.5,
        category: 'Mains',
        station: null,
        added: false,
        done: false,
      },
      {
        index: 1,
        menuItemId: null,
        name: 'Mystery Special',
        quantity: 1,
        price: 9,
        category: null,
        station: null,
        added: false,
        done: false,
      },
    ],
    totalPrice: 48.99,
    dinerName: 'Jordan',
    allergenAlerts: [],
    shouts: [],
    tips: [],
    cancellation: null,
    source: 'ubereats',
    fulfilment: 'delivery',
    promisedAt: null,
    platform: {
      platform: 'ubereats',
      externalId: 'abc',
      displayId: '2E209',
      customerName: 'Jordan',
      notes: 'Ring the bell',
      acceptBy: new Date(NOW + 245_000).toISOString(),
      watchUrl: null,
      unmatchedLines: [1],
      allergenWords: [],
      ...platform,
    },
    ...overrides,
  }
}

describe('countdown', () => {
  it('shows minutes and seconds left, and stops at zero', () => {
    expect(countdown(new Date(NOW + 245_000).toISOString(), NOW)).toBe('4:05')
    expect(countdown(new Date(NOW + 690_000).toISOString(), NOW)).toBe('11:30')
    expect(countdown(new Date(NOW - 5_000).toISOString(), NOW)).toBe('0:00')
  })
})

describe('a platform order on the ticket', () => {
  it('shows the platform, its order number, the notes, the lines the menu does not know and the countdown', () => {
    renderWithProviders(
      <>
        <PlatformBadge ticket={ticket()} />
        <PlatformPanel ticket={ticket()} restaurantId={1} now={NOW} />
      </>,
    )
    expect(screen.getByTestId('platform-badge').textContent).toBe('Uber Eats · 2E209')
    expect(screen.getByText('Not on the menu: Mystery Special')).toBeTruthy()
    expect(screen.getByText('Ring the bell')).toBeTruthy()
    expect(screen.getByTestId('accept-countdown').textContent).toBe('4:05')
  })

  it('accepts with one press and denies only with a reason', async () => {
    const calls = stubApi((url) =>
      url.pathname.endsWith('/accept') || url.pathname.endsWith('/deny')
        ? { status: 200, body: {} }
        : undefined,
    )
    renderWithProviders(<PlatformPanel ticket={ticket()} restaurantId={1} now={NOW} />)
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(calls.some((c) => c.path === '/api/orders/42/accept')).toBe(true))

    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    const deny = screen.getByRole('button', { name: 'Deny order' }) as HTMLButtonElement
    expect(deny.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Why can’t you make it?'), { target: { value: 'Out of brisket' } })
    fireEvent.click(deny)
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/orders/42/deny')?.body).toEqual({ reason: 'Out of brisket' }),
    )
  })

  it('shows no answer buttons once accepted, and nothing at all for a Clearplate order', () => {
    renderWithProviders(
      <PlatformPanel
        ticket={ticket({ status: 'preparing' }, { acceptBy: null })}
        restaurantId={1}
        now={NOW}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    cleanup()
    const { container } = renderWithProviders(
      <PlatformPanel ticket={ticket({ platform: null })} restaurantId={1} now={NOW} />,
    )
    expect(container.textContent).toBe('')
  })
})
