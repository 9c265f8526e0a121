import { savePaymentSession } from '@client/lib/queries/top-ups'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StripeConfirmResult } from './lib/stripe-js'
import PayPage, { returnLabel } from './pay-page'

const DINER = { id: 7, username: 'ana', fullName: 'Ana Diner', email: 'ana@example.com', walletBalance: 50 }

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  delete window.Stripe
})

interface TopUpState {
  id: number
  amount: number
  status: 'pending' | 'succeeded' | 'failed' | 'refunded'
  provider: 'test' | 'stripe'
  failureReason: string | null
  card: { brand: string; last4: string } | null
  createdAt: string
}
const pending = (id: number, provider: 'test' | 'stripe' = 'test'): TopUpState => ({
  id,
  amount: 25,
  status: 'pending',
  provider,
  failureReason: null,
  card: null,
  createdAt: '2026-11-26T12:00:00.000Z',
})

/** A server holding one top-up and a balance; the test payment settles it as the test provider does. */
function server(topUp: TopUpState, balance = 50) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/user') return { status: 200, body: { ...DINER, walletBalance: balance } }
    if (url.pathname === `/api/users/7/wallet-balance`) return { status: 200, body: { balance } }
    if (url.pathname === `/api/top-ups/${topUp.id}`) return { status: 200, body: topUp }
    if (url.pathname === `/api/top-ups/${topUp.id}/test-payment`) {
      const { cardNumber } = JSON.parse(String(init?.body)) as { cardNumber: string }
      const digits = cardNumber.replace(/\s/g, '')
      if (digits === '4242424242424242') {
        Object.assign(topUp, { status: 'succeeded', card: { brand: 'visa', last4: '4242' } })
        balance += topUp.amount
      } else if (digits === '4000000000000002') {
        Object.assign(topUp, { status: 'failed', failureReason: 'Your card was declined.' })
      } else
        return {
          status: 400,
          body: { message: 'Invalid input', errors: { cardNumber: 'Use one of the test cards' } },
        }
      return { status: 200, body: topUp }
    }
    return undefined
  })
}

const payPage = (id: number, returnTo = '/stream/12') =>
  renderWithProviders(<PayPage topUpId={id} />, { path: `/pay/${id}?return=${encodeURIComponent(returnTo)}` })

describe('the payment page with the test provider', () => {
  it('says plainly it is a test payment and pays with a test card, then takes the diner back', async () => {
    const calls = server(pending(5))
    const { location } = payPage(5)
    expect(await screen.findByText('Test payment: no real money moves')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /4242 4242 4242 4242/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' })))
    expect(await screen.findByText('Payment received')).toBeTruthy()
    expect(screen.getByText('$25.00 has been added to your wallet from your Visa •••• 4242.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('pay-balance').textContent).toBe('Wallet balance: $75.00'))
    expect(await screen.findByText('Funds Added')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/top-ups/5/test-payment', body: { cardNumber: '4242 4242 4242 4242' } },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Back to your order' }))
    expect(location.history?.at(-1)).toBe('/stream/12')
  })

  it('shows a declined card clearly, leaves the balance alone and offers another card', async () => {
    server(pending(6))
    payPage(6, '/profile?tab=payment')
    fireEvent.change(await screen.findByLabelText('Card number'), {
      target: { value: '4000 0000 0000 0002' },
    })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' })))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Payment declined')
    expect(alert.textContent).toContain('Your card was declined.')
    expect(alert.textContent).toContain('your wallet is unchanged')
    expect(screen.getByRole('button', { name: 'Try another card' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Back to your profile' })).toBeTruthy()
    expect(screen.queryByText('Payment received')).toBeNull()
  })

  it('refuses a card number that is not one and sends nothing', async () => {
    const calls = server(pending(8))
    payPage(8)
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '12' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' })))
    expect(await screen.findByText('Enter a card number')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
})

describe('the payment page with Stripe', () => {
  /** Stripe.js as the page uses it: a Payment Element, and a confirmation that answers `result`. */
  function fakeStripe(result: StripeConfirmResult) {
    const seen: { key?: string; clientSecret?: string; confirmed: number } = { confirmed: 0 }
    window.Stripe = (key) => {
      seen.key = key
      return {
        elements: ({ clientSecret }) => {
          seen.clientSecret = clientSecret
          return {
            create: () => ({
              mount: (el: HTMLElement) => {
                el.innerHTML = '<p>Stripe card form</p>'
              },
              destroy: () => {},
              on: () => {},
            }),
          }
        },
        confirmPayment: async () => {
          seen.confirmed++
          return result
        },
      }
    }
    return seen
  }

  it("mounts Stripe's Payment Element with the top-up's client secret, then waits for Stripe's confirmation", async () => {
    const topUp = pending(9, 'stripe')
    server(topUp)
    savePaymentSession(9, { clientSecret: 'pi_9_secret_x', publishableKey: 'pk_test_9' })
    const seen = fakeStripe({ paymentIntent: { id: 'pi_9', status: 'succeeded' } })
    payPage(9)
    expect(await screen.findByText('Stripe card form')).toBeTruthy()
    expect(seen).toMatchObject({ key: 'pk_test_9', clientSecret: 'pi_9_secret_x' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' })))
    // Confirmed in the browser; the wallet is credited only by Stripe's webhook.
    expect(await screen.findByTestId('payment-confirming')).toBeTruthy()
    Object.assign(topUp, { status: 'succeeded', card: { brand: 'visa', last4: '4242' } })
    expect(await screen.findByText('Payment received', undefined, { timeout: 5000 })).toBeTruthy()
  })

  it("shows Stripe's decline and lets the diner try again", async () => {
    server(pending(10, 'stripe'))
    savePaymentSession(10, { clientSecret: 'pi_10_secret_x', publishableKey: 'pk_test_10' })
    const seen = fakeStripe({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } })
    payPage(10)
    await screen.findByText('Stripe card form')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' })))
    expect((await screen.findByRole('alert')).textContent).toContain('Your card has insufficient funds.')
    expect(seen.confirmed).toBe(1)
    expect(screen.queryByTestId('payment-confirming')).toBeNull()
    expect((screen.getByRole('button', { name: 'Pay $25.00' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('says where to pay when the payment was started in another tab', async () => {
    server(pending(11, 'stripe'))
    payPage(11)
    expect((await screen.findByRole('alert')).textContent).toContain('started in another tab')
  })
})

describe('the way back', () => {
  it('names where the diner returns to', () => {
    expect(returnLabel('/stream/4')).toBe('Back to your order')
    expect(returnLabel('/restaurant/2')).toBe('Back to the restaurant')
    expect(returnLabel('/profile?tab=payment')).toBe('Back to your profile')
    expect(returnLabel('/')).toBe('Continue')
  })
})
