import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { formatTime } from '@client/lib/utils'
import type { Address } from '@shared/schemas/addresses'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type CheckoutChoice, CheckoutOptions } from './checkout-options'

afterEach(cleanup)

const PROMISED = '2026-05-01T18:40:00.000Z'

function address(id: number, label: string | null, line1: string, isDefault: boolean): Address {
  return {
    id,
    userId: 1,
    label,
    line1,
    line2: null,
    city: 'Springfield',
    postcode: '12345',
    latitude: null,
    longitude: null,
    isDefault,
    createdAt: '',
  }
}

function serve({
  addresses = [address(7, 'Home', '1 Elm St', false), address(8, 'Work', '9 Oak Ave', true)],
  quote = { status: 200 } as { status: number; body?: unknown },
} = {}) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/users/1/addresses') return { status: 200, body: addresses }
    if (url.pathname === '/api/orders/quote') {
      if (quote.status !== 200) return quote
      const asked = JSON.parse(String(init?.body)) as { fulfilment: string; addressId?: number }
      return {
        status: 200,
        body: {
          fulfilment: asked.fulfilment,
          deliveryFee: asked.fulfilment === 'pickup' ? 0 : 2.99,
          address: null,
          distanceKm: asked.fulfilment === 'pickup' ? null : asked.addressId === 7 ? 1.2 : 2.4,
          deliveryRadiusKm: 5,
          promisedAt: PROMISED,
          restaurantAddress: '100 Market St',
        },
      }
    }
    return undefined
  })
}

/** The page keeps the choice; this does the same so that a change shows. */
function Checkout({
  initial = { fulfilment: 'delivery', addressId: null },
  onChange = () => {},
  onReady,
}: {
  initial?: CheckoutChoice
  onChange?: (choice: CheckoutChoice) => void
  onReady?: (ready: boolean) => void
}) {
  const [choice, setChoice] = useState(initial)
  return (
    <CheckoutOptions
      userId={1}
      restaurantId={4}
      choice={choice}
      onChange={(next) => {
        onChange(next)
        setChoice(next)
      }}
      onReady={onReady}
    />
  )
}

const quotes = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.path === '/api/orders/quote')

describe('CheckoutOptions', () => {
  it('delivers to the default address and shows when it arrives and how far it is', async () => {
    const calls = serve()
    const onReady = vi.fn()
    renderWithProviders(<Checkout onReady={onReady} />)
    const quote = await screen.findByTestId('checkout-quote')
    expect(quote.textContent).toContain(`Arrives around ${formatTime(new Date(PROMISED))}`)
    expect(quote.textContent).toContain('2.4 km away · delivers within 5 km')
    const select = screen.getByLabelText('Deliver to') as HTMLSelectElement
    expect(select.value).toBe('8')
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Home: 1 Elm St, Springfield 12345',
      'Work: 9 Oak Ave, Springfield 12345',
    ])
    // The default address is named by leaving it out.
    expect(quotes(calls)[0]?.body).toEqual({ restaurantId: 4, fulfilment: 'delivery' })
    expect(onReady).toHaveBeenLastCalledWith(true)
  })

  it('asks for a new quote for another saved address', async () => {
    const calls = serve()
    const onChange = vi.fn()
    renderWithProviders(<Checkout onChange={onChange} />)
    await screen.findByTestId('checkout-quote')
    fireEvent.change(screen.getByLabelText('Deliver to'), { target: { value: '7' } })
    expect(onChange).toHaveBeenCalledWith({ fulfilment: 'delivery', addressId: 7 })
    await waitFor(() => expect(screen.getByTestId('checkout-quote').textContent).toContain('1.2 km away'))
    expect(quotes(calls).at(-1)?.body).toEqual({ restaurantId: 4, fulfilment: 'delivery', addressId: 7 })
  })

  it('switches to pickup and says where and when to collect the order', async () => {
    const calls = serve()
    const onChange = vi.fn()
    renderWithProviders(<Checkout onChange={onChange} />)
    await screen.findByTestId('checkout-quote')
    fireEvent.click(screen.getByRole('radio', { name: 'Pickup' }))
    expect(onChange).toHaveBeenCalledWith({ fulfilment: 'pickup', addressId: null })
    await waitFor(() =>
      expect(screen.getByTestId('checkout-quote').textContent).toContain(
        `Ready at ${formatTime(new Date(PROMISED))}`,
      ),
    )
    expect(screen.getByTestId('checkout-quote').textContent).toContain('Pick it up at 100 Market St')
    expect(screen.queryByLabelText('Deliver to')).toBeNull()
    expect((screen.getByRole('radio', { name: 'Pickup' }) as HTMLInputElement).checked).toBe(true)
    expect(quotes(calls).at(-1)?.body).toEqual({ restaurantId: 4, fulfilment: 'pickup' })
  })

  it('without an address, asks for one, quotes nothing and holds checkout back', async () => {
    const calls = serve({ addresses: [] })
    const onReady = vi.fn()
    renderWithProviders(<Checkout onReady={onReady} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Add a delivery address' }))
    expect(await screen.findByRole('dialog', { name: 'New delivery address' })).toBeTruthy()
    expect(quotes(calls)).toEqual([])
    expect(screen.queryByTestId('checkout-quote')).toBeNull()
    expect(onReady).toHaveBeenLastCalledWith(false)
    expect(onReady).not.toHaveBeenCalledWith(true)
  })

  it('shows the server’s reason when an address cannot be served, and holds checkout back', async () => {
    serve({
      quote: { status: 422, body: { message: 'This address is 12 km away: we deliver within 5 km.' } },
    })
    const onReady = vi.fn()
    renderWithProviders(<Checkout onReady={onReady} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('This address is 12 km away: we deliver within 5 km.')
    await waitFor(() => expect(onReady).toHaveBeenLastCalledWith(false))
    expect(screen.queryByTestId('checkout-quote')).toBeNull()
  })
})
