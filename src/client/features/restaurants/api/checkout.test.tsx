import { queryKeys } from '@client/lib/query-keys'
import { renderHookWithQuery, stubApi } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { act, cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useOrderQuote } from './get-order-quote'
import { usePlaceOrder } from './place-order'

afterEach(cleanup)

function recordKeys() {
  const keys: (string | undefined)[] = []
  const inner = globalThis.fetch
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key'])
    return inner(input, init)
  }) as typeof fetch
  return keys
}

const placed = { id: 42, restaurantId: 1, status: 'preparing', totalPrice: 34.99 } as Order
const cart = { restaurantId: 1, items: [{ menuItemId: 5, quantity: 2 }], fulfilment: 'delivery' as const }

describe('placing an order', () => {
  it('sends a retried cart under the same key, and a changed cart under a new one', async () => {
    let fail = true
    stubApi(() => (fail ? { status: 503, body: { message: 'Try again' } } : { status: 201, body: placed }))
    const keys = recordKeys()
    const { result } = renderHookWithQuery(() => usePlaceOrder(7))
    await act(() => result.current.mutateAsync(cart).catch(() => {}))
    await act(() => result.current.mutateAsync(cart).catch(() => {}))
    await act(() =>
      result.current.mutateAsync({ ...cart, items: [{ menuItemId: 5, quantity: 3 }] }).catch(() => {}),
    )
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[1])
    fail = false
    await act(() => result.current.mutateAsync(cart))
    await act(() => result.current.mutateAsync(cart))
    // Once placed, the same cart again is another order.
    expect(keys[4]).not.toBe(keys[3])
  })

  it('hands the new order to the stream page and refreshes the diner’s orders and wallet', async () => {
    const calls = stubApi(() => ({ status: 201, body: placed }))
    const { result, queryClient } = renderHookWithQuery(() => usePlaceOrder(7))
    queryClient.setQueryData(queryKeys.orders(7), [])
    queryClient.setQueryData(queryKeys.walletBalance(7), { balance: 50 })
    await act(() => result.current.mutateAsync(cart))
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/orders', body: cart })
    expect(queryClient.getQueryData(queryKeys.order(42))).toEqual(placed)
    expect(queryClient.getQueryState(queryKeys.orders(7))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.walletBalance(7))?.isInvalidated).toBe(true)
  })
})

describe('the checkout quote', () => {
  it('names the chosen address, and leaves it out to quote the default one', async () => {
    const calls = stubApi(() => ({ status: 200, body: { fulfilment: 'delivery', deliveryFee: 2.99 } }))
    const first = renderHookWithQuery(() =>
      useOrderQuote(7, { restaurantId: 1, fulfilment: 'delivery', addressId: 9 }, true),
    )
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true))
    const second = renderHookWithQuery(() =>
      useOrderQuote(7, { restaurantId: 1, fulfilment: 'pickup', addressId: null }, true),
    )
    await waitFor(() => expect(second.result.current.isSuccess).toBe(true))
    expect(calls.map((c) => c.body)).toEqual([
      { restaurantId: 1, fulfilment: 'delivery', addressId: 9 },
      { restaurantId: 1, fulfilment: 'pickup' },
    ])
  })

  it('asks nothing for a diner who is not signed in', async () => {
    const calls = stubApi(() => ({ status: 200, body: {} }))
    const { result } = renderHookWithQuery(() =>
      useOrderQuote(undefined, { restaurantId: 1, fulfilment: 'delivery', addressId: null }, true),
    )
    await new Promise((r) => setTimeout(r, 20))
    expect(result.current.fetchStatus).toBe('idle')
    expect(calls).toEqual([])
  })
})
