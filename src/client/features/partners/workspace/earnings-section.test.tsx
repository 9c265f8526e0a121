import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { EarningLine, Earnings, Payout } from '@shared/schemas/earnings'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiRange, presetDays, weekAgainstWeek, weekChange, weekStart } from './earnings-format'
import { EarningsSection } from './earnings-section'

afterEach(cleanup)

const line = (over: Partial<EarningLine>): EarningLine => ({
  id: 1,
  kind: 'order',
  orderId: 12,
  amount: 17,
  gross: 20,
  commission: 3,
  fee: 0,
  description: 'Order #0012 at Bella Italia',
  createdAt: new Date().toISOString(),
  ...over,
})

const LINES: EarningLine[] = [
  line({ id: 1 }),
  line({ id: 2, kind: 'tip', amount: 5, gross: 5, commission: 0, description: 'Tip on order #0012' }),
  line({
    id: 3,
    kind: 'shout',
    amount: 2.5,
    gross: 2.5,
    commission: 0,
    description: 'Chef shout on order #0012',
  }),
  line({
    id: 4,
    kind: 'refund',
    orderId: 13,
    amount: -8.5,
    gross: -10,
    commission: -1.5,
    description: 'Refund of order #0013',
  }),
]

function earnings(available: number, lines = LINES): Earnings {
  const totals = { order: 0, add_on: 0, tip: 0, shout: 0, refund: 0, payout: 0 }
  for (const l of lines) totals[l.kind] = Math.round((totals[l.kind] + l.amount) * 100) / 100
  return { lines, totals, available, commissionPercent: 15 }
}

const PAYOUT: Payout = {
  id: 3,
  restaurantId: 1,
  amount: 16,
  status: 'paid',
  provider: 'test',
  transferId: 'test_tr_3',
  failureReason: null,
  createdAt: new Date().toISOString(),
  paidAt: new Date().toISOString(),
}

/** The owner's server: earnings with `available`, payouts, and the payout rail. */
function server({
  available = 16,
  provider = 'test' as 'test' | 'stripe',
  linked = null as string | null,
  payout = (): { status: number; body: unknown } => ({ status: 201, body: PAYOUT }),
} = {}) {
  let balance = available
  const payouts: Payout[] = []
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/restaurants/1/earnings') return { status: 200, body: earnings(balance) }
    if (url.pathname === '/api/restaurants/1/payout-account')
      return { status: 200, body: { provider, stripeAccountId: linked } }
    if (url.pathname === '/api/restaurants/1/payouts' && method === 'GET')
      return { status: 200, body: payouts }
    if (url.pathname === '/api/restaurants/1/payouts' && method === 'POST') {
      const answer = payout()
      if (answer.status === 201) {
        payouts.unshift(answer.body as Payout)
        if ((answer.body as Payout).status !== 'failed') balance = 0
      }
      return answer
    }
    return undefined
  })
}

describe('the Earnings section', () => {
  it('shows what is available, the week, the totals per kind and every line of the range', async () => {
    const calls = server()
    renderWithProviders(<EarningsSection restaurantId={1} />)
    expect((await screen.findByTestId('earnings-available')).textContent).toBe('$16.00')
    expect(screen.getByTestId('earnings-this-week').textContent).toBe('$16.00')
    expect(screen.getByText('+$16.00 on last week ($0.00)')).toBeTruthy()
    const totals = within(screen.getByTestId('earnings-totals'))
    expect(totals.getByRole('button', { name: /Earned/ }).textContent).toContain('$16.00')
    expect(totals.getByRole('button', { name: /Tips/ }).textContent).toContain('$5.00')
    const table = within(await screen.findByTestId('earnings-lines'))
    expect(table.getAllByRole('row')).toHaveLength(5)
    expect(table.getByText('Refund of order #0013').closest('tr')!.textContent).toContain('−$8.50')
    expect(screen.getByText(/Clearplate keeps 15% of food/)).toBeTruthy()
    // The statement asks for this week, from Monday's local midnight.
    const range = apiRange(presetDays('week', new Date()))
    expect(calls.map((c) => c.path)).toContain(`/api/restaurants/1/earnings?${new URLSearchParams(range)}`)
    const csv = screen.getByRole('link', { name: 'Download CSV' })
    expect(csv.getAttribute('href')).toBe(`/api/restaurants/1/earnings.csv?${new URLSearchParams(range)}`)
  })

  it('filters the lines by kind', async () => {
    server()
    renderWithProviders(<EarningsSection restaurantId={1} />)
    await screen.findByTestId('earnings-lines')
    fireEvent.click(within(screen.getByTestId('earnings-totals')).getByRole('button', { name: /Refunds/ }))
    const rows = within(screen.getByTestId('earnings-lines')).getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(rows[1]!.textContent).toContain('Refund of order #0013')
    fireEvent.click(within(screen.getByTestId('earnings-totals')).getByRole('button', { name: /Add-ons/ }))
    expect(screen.getByText('No add-on lines in this range.')).toBeTruthy()
  })

  it('pays out the balance once confirmed, and lists the payout', async () => {
    const calls = server()
    renderWithProviders(<EarningsSection restaurantId={1} />)
    await screen.findByTestId('earnings-available')
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay out' }) as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pay out' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Pay out $16.00?' }))
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Pay out $16.00' })))
    expect(await screen.findByText('Payout sent')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/restaurants/1/payouts',
    ])
    const payouts = within(await screen.findByTestId('payouts'))
    expect(payouts.getByText('Payout #3')).toBeTruthy()
    expect(payouts.getByText('Paid')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('earnings-available').textContent).toBe('$0.00'))
  })

  it('cannot pay out under $10', async () => {
    const calls = server({ available: 9.99 })
    renderWithProviders(<EarningsSection restaurantId={1} />)
    await screen.findByTestId('earnings-available')
    expect(screen.getByText('Payouts start at $10.00.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Pay out' }) as HTMLButtonElement).disabled).toBe(true)
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it("says why a payout was refused and that the balance is the restaurant's still", async () => {
    server({
      payout: () => ({
        status: 409,
        body: { message: 'Payouts start at $10.00', code: 'earnings.payout_below_minimum' },
      }),
    })
    renderWithProviders(<EarningsSection restaurantId={1} />)
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay out' }) as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pay out' }))
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay out $16.00' })),
    )
    expect(await screen.findByText('No payout')).toBeTruthy()
    expect(screen.getByText('Payouts start at $10.00')).toBeTruthy()
    expect(screen.getByTestId('earnings-available').textContent).toBe('$16.00')
  })

  it('with Stripe, asks for the connected account before paying out, and checks its id', async () => {
    const calls = server({ provider: 'stripe' })
    renderWithProviders(<EarningsSection restaurantId={1} />)
    expect(await screen.findByText('Link your Stripe account below to be paid out.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Pay out' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Stripe account id'), { target: { value: 'acct_x' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link account' })))
    expect(await screen.findByText('A Stripe account id looks like acct_1A2b3C4d5E')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
  })
})

describe("the Earnings section's weeks", () => {
  it('start on Monday', () => {
    const wednesday = new Date(2026, 10, 25, 15, 0)
    expect(weekStart(wednesday)).toEqual(new Date(2026, 10, 23))
    expect(weekStart(new Date(2026, 10, 23, 0, 0))).toEqual(new Date(2026, 10, 23))
    expect(weekStart(new Date(2026, 10, 29, 23, 59))).toEqual(new Date(2026, 10, 23))
    expect(presetDays('last-week', wednesday)).toEqual({ from: '2026-11-16', to: '2026-11-22' })
  })

  it('compare what was earned this week with last week, payouts left out', () => {
    const now = new Date(2026, 10, 25, 15, 0)
    const at = (d: number) => new Date(2026, 10, d, 12).toISOString()
    const lines = [
      line({ id: 1, amount: 17, createdAt: at(24) }),
      line({ id: 2, kind: 'payout', amount: -40, createdAt: at(24) }),
      line({ id: 3, amount: 10.2, createdAt: at(17) }),
      line({ id: 4, kind: 'refund', amount: -4.1, createdAt: at(18) }),
      line({ id: 5, amount: 99, createdAt: at(15) }),
    ]
    expect(weekAgainstWeek(lines, now)).toEqual({ thisWeek: 17, lastWeek: 6.1 })
    const money = (n: number) => `$${n.toFixed(2)}`
    expect(weekChange(17, 6.1, money)).toBe('+$10.90 on last week')
    expect(weekChange(2, 6.1, money)).toBe('−$4.10 on last week')
    expect(weekChange(6.1, 6.1, money)).toBe('Same as last week')
  })

  it('ask the API for whole local days, the last one included', () => {
    const range = apiRange({ from: '2026-11-23', to: '2026-11-25' })
    expect(range).toEqual({
      from: new Date(2026, 10, 23).toISOString(),
      to: new Date(2026, 10, 26).toISOString(),
    })
  })
})
