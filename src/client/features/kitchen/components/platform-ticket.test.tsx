import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Ticket } from '@shared/schemas/kitchen'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { countdown, PlatformBadge, PlatformCancelNotice, PlatformPanel } from './platform-ticket'
import { RecentList } from './recent-list'
import { TicketMeta } from './ticket-meta'

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

describe("a platform order's promise on the ticket", () => {
  const header = (t: Ticket) => {
    renderWithProviders(
      <>
        <TicketMeta ticket={t} now={NOW} timeZone="UTC" />
        <PlatformPanel ticket={t} restaurantId={1} now={NOW} />
      </>,
    )
  }

  it('shows only the accept window while the order waits, and the promise from acceptance once accepted', () => {
    header(ticket({ promisedAt: null }, { acceptBy: new Date(NOW + 691_000).toISOString() }))
    expect(screen.getByTestId('accept-countdown').textContent).toBe('11:31')
    expect(screen.queryByTestId('ticket-promise')).toBeNull()
    expect(document.body.textContent).not.toContain('Due')
    cleanup()

    // Accepted at noon with a 15-minute plan: due at 12:15, the accept window gone.
    header(
      ticket(
        { status: 'preparing', promisedAt: new Date(NOW + 15 * 60_000).toISOString() },
        { acceptBy: null },
      ),
    )
    expect(screen.getByTestId('ticket-promise').textContent).toBe('Due 12:15 PM · 15:00 left')
    expect(screen.queryByTestId('accept-countdown')).toBeNull()
  })

  it("shows the platform's own pickup time beside the accept window, each with its own countdown", () => {
    header(
      ticket(
        { promisedAt: new Date(NOW + 25 * 60_000).toISOString(), fulfilment: 'pickup' },
        { acceptBy: new Date(NOW + 691_000).toISOString() },
      ),
    )
    expect(screen.getByTestId('ticket-promise').textContent).toBe('Ready 12:25 PM · 25:00 left')
    expect(screen.getByTestId('accept-countdown').textContent).toBe('11:31')
  })
})

describe("the kitchen's cancel of a platform order", () => {
  const cancelled = (state: 'sending' | 'told' | 'refused', message: string | null) =>
    ticket(
      {
        status: 'cancelled',
        statusAt: new Date(NOW - 60_000).toISOString(),
        cancellation: {
          reason: 'out_of_stock',
          note: null,
          refund: 0,
          at: new Date(NOW - 60_000).toISOString(),
        },
      },
      { acceptBy: null, cancelOnPlatform: { state, message } },
    )

  it('says in Recent whether the platform was told, and alerts when it refused', () => {
    renderWithProviders(
      <RecentList
        recent={[cancelled('refused', '409: Order is PICKED_UP; it cannot be cancelled')]}
        now={NOW}
        busy={false}
        onRecall={() => {}}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Uber Eats refused the cancel (409: Order is PICKED_UP; it cannot be cancelled): cancel it on the Uber Eats tablet too.',
    )
    cleanup()
    renderWithProviders(
      <PlatformCancelNotice ticket={cancelled('sending', '503: The simulator is failing on purpose')} />,
    )
    expect(screen.getByTestId('platform-cancel').textContent).toBe(
      'Telling Uber Eats… (retrying after 503: The simulator is failing on purpose)',
    )
    cleanup()
    renderWithProviders(<PlatformCancelNotice ticket={cancelled('told', null)} />)
    expect(screen.getByTestId('platform-cancel').textContent).toBe('Uber Eats was told')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
