import { readPaymentSession } from '@client/lib/queries/top-ups'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { TOP_UP_INVALID } from '@shared/schemas/wallet'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AddFundsDialog } from './add-funds-dialog'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const topUp = (id: number, amount: number, provider: 'test' | 'stripe' = 'test') => ({
  id,
  amount,
  status: 'pending',
  provider,
  failureReason: null,
  card: null,
  createdAt: '2026-11-26T12:00:00.000Z',
})

describe('the Add Funds dialog', () => {
  // The form loads with the dialog's first opening.
  const open = async () => {
    const rendered = renderWithProviders(
      <AddFundsDialog userId={7} trigger={<button type="button">Top up</button>} />,
      { path: '/profile' },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }))
    await screen.findByLabelText('Amount (USD)')
    return rendered
  }
  const amountField = () => screen.getByLabelText('Amount (USD)') as HTMLInputElement
  const submit = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))

  it.each([
    ['', TOP_UP_INVALID],
    ['0', TOP_UP_INVALID],
    ['4.99', TOP_UP_INVALID],
    ['500.01', TOP_UP_INVALID],
    ['10.005', 'Amounts have at most two decimals'],
  ])('refuses %j with a clear error and sends nothing', async (typed, message) => {
    const calls = stubApi(() => ({ status: 201, body: {} }))
    await open()
    fireEvent.change(amountField(), { target: { value: typed } })
    await submit()
    expect(await screen.findByText(message)).toBeTruthy()
    expect(amountField().getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('starts a top-up of the quick amount and opens its payment page, remembering where the diner was', async () => {
    const calls = stubApi(() => ({ status: 201, body: { topUp: topUp(31, 25), payUrl: '/pay/31' } }))
    const { location } = await open()
    fireEvent.click(screen.getByRole('button', { name: '$25.00' }))
    expect(amountField().value).toBe('25')
    await submit()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([{ method: 'POST', path: '/api/users/7/wallet/top-ups', body: { amount: 25 } }])
    expect(location.history?.at(-1)).toBe(`/pay/31?return=${encodeURIComponent(window.location.pathname)}`)
    expect(readPaymentSession(31).returnTo).toBe(window.location.pathname)
  })

  it("keeps Stripe's client secret and publishable key for the payment page", async () => {
    stubApi(() => ({
      status: 201,
      body: { topUp: topUp(32, 40, 'stripe'), clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_1' },
    }))
    const { location } = await open()
    fireEvent.change(amountField(), { target: { value: '40' } })
    await submit()
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/pay\/32\?return=/))
    expect(readPaymentSession(32)).toMatchObject({
      clientSecret: 'pi_1_secret_2',
      publishableKey: 'pk_test_1',
    })
  })

  it("shows the server's refusal under the amount and stays open, going nowhere", async () => {
    stubApi(() => ({
      status: 400,
      body: { message: 'Invalid input', errors: { amount: 'Top-ups are between $5.00 and $500.00' } },
    }))
    const { location } = await open()
    fireEvent.change(amountField(), { target: { value: '20' } })
    await submit()
    expect(await screen.findByText('Top-ups are between $5.00 and $500.00')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(location.history).toEqual(['/profile'])
  })

  it('says so when the payment cannot be started', async () => {
    stubApi(() => ({ status: 503, body: { message: 'Payments are unavailable right now' } }))
    await open()
    fireEvent.change(amountField(), { target: { value: '20' } })
    await submit()
    expect(await screen.findByText('Could not start the payment')).toBeTruthy()
    expect(screen.getByText('Payments are unavailable right now')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
