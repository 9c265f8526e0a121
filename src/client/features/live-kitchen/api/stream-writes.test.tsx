import { queryKeys } from '@client/lib/query-keys'
import { anOrder, renderHookWithQuery, stubApi } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useCancelOrder } from './cancel-order'
import { useRespondToUpsell } from './respond-to-upsell'
import { useReviewOrder } from './review-order'
import { useSendChefShout } from './send-chef-shout'
import { useTipChef } from './tip-chef'

afterEach(cleanup)

/** Every request's Idempotency-Key, in order, beside what `stubApi` records. */
function recordKeys() {
  const keys: (string | undefined)[] = []
  const inner = globalThis.fetch
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key'])
    return inner(input, init)
  }) as typeof fetch
  return keys
}

const order = anOrder({
  id: 42,
  userId: 7,
  status: 'cooking',
  progress: 40,
  createdAt: '2026-11-26T18:00:00.000Z',
  cancellation: null,
  timeline: [{ status: 'preparing', at: '2026-11-26T18:00:00.000Z', estimated: false }],
  review: null,
})

describe('tipping the chef', () => {
  it('retries a failed tip with the same key and uses a new one for the next tip', async () => {
    let fail = true
    const calls = stubApi(() =>
      fail
        ? { status: 503, body: { message: 'Try again' } }
        : { status: 201, body: { newBalance: 45, tipId: 1 } },
    )
    const keys = recordKeys()
    const { result, queryClient } = renderHookWithQuery(() => useTipChef(42, 7))
    const tip = { amount: 5, message: 'Great pizza' }
    await act(() => result.current.mutateAsync(tip).catch(() => {}))
    fail = false
    await act(() => result.current.mutateAsync(tip))
    await act(() => result.current.mutateAsync(tip))
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/orders/42/tip-chef',
      body: { userId: 7, amount: 5, message: 'Great pizza' },
    })
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[1])
    expect(queryClient.getQueryData(queryKeys.walletBalance(7))).toEqual({ balance: 45 })
  })

  it('changes the key when the diner changes the amount', async () => {
    stubApi(() => ({ status: 503, body: { message: 'Try again' } }))
    const keys = recordKeys()
    const { result } = renderHookWithQuery(() => useTipChef(43, 7))
    await act(() => result.current.mutateAsync({ amount: 5, message: '' }).catch(() => {}))
    await act(() => result.current.mutateAsync({ amount: 6, message: '' }).catch(() => {}))
    expect(keys[1]).not.toBe(keys[0])
  })
})

describe('sending a chef shout', () => {
  it('charges the shout under one key and shows the new balance', async () => {
    const calls = stubApi(() => ({
      status: 201,
      body: {
        id: 1,
        orderId: 42,
        userId: 7,
        shoutType: 'crispy',
        shoutName: 'Extra Crispy!',
        price: 2,
        status: 'pending',
        createdAt: '2026-11-26T18:00:00.000Z',
        newBalance: 48,
      },
    }))
    const keys = recordKeys()
    const { result, queryClient } = renderHookWithQuery(() => useSendChefShout(42, 7))
    queryClient.setQueryData(queryKeys.chefShouts(42), [])
    await act(() => result.current.mutateAsync('crispy'))
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/orders/42/chef-shouts',
      body: { shoutType: 'crispy' },
    })
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(queryClient.getQueryData(queryKeys.walletBalance(7))).toEqual({ balance: 48 })
    expect(queryClient.getQueryState(queryKeys.chefShouts(42))?.isInvalidated).toBe(true)
  })
})

describe('answering an add-on offer', () => {
  it('adds the accepted line to the order, keeping its timeline, and sets the balance', async () => {
    const answered = {
      ...order,
      totalPrice: 26.5,
      timeline: undefined,
      items: '[{"name":"Garlic bread","quantity":1,"price":6.5}]',
    }
    const calls = stubApi(() => ({
      status: 200,
      body: { upsellId: 9, accepted: true, order: answered, newBalance: 43.5 },
    }))
    const { result, queryClient } = renderHookWithQuery(() => useRespondToUpsell(42, 7))
    queryClient.setQueryData(queryKeys.order(42), order)
    await act(() => result.current.mutateAsync({ upsellId: 9, accepted: true }))
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/upsells/9/response', body: { accepted: true } })
    const cached = queryClient.getQueryData<Order>(queryKeys.order(42))
    expect(cached?.totalPrice).toBe(26.5)
    expect(cached?.timeline).toEqual(order.timeline)
    expect(queryClient.getQueryData(queryKeys.walletBalance(7))).toEqual({ balance: 43.5 })
  })

  it('changes nothing in the cache when the offer is declined', async () => {
    stubApi(() => ({ status: 200, body: { upsellId: 9, accepted: false } }))
    const { result, queryClient } = renderHookWithQuery(() => useRespondToUpsell(42, 7))
    queryClient.setQueryData(queryKeys.order(42), order)
    queryClient.setQueryData(queryKeys.walletBalance(7), { balance: 50 })
    await act(() => result.current.mutateAsync({ upsellId: 9, accepted: false }))
    expect(queryClient.getQueryData(queryKeys.order(42))).toBe(order)
    expect(queryClient.getQueryData(queryKeys.walletBalance(7))).toEqual({ balance: 50 })
    expect(queryClient.getQueryState(queryKeys.walletBalance(7))?.isInvalidated).toBe(false)
  })
})

describe('cancelling one’s own order', () => {
  it('asks as the diner, shows the cancelled order and refreshes the wallet and the order list', async () => {
    const cancelled = { ...order, status: 'cancelled' }
    const calls = stubApi(() => ({ status: 200, body: { order: cancelled, refund: 20 } }))
    const { result, queryClient } = renderHookWithQuery(() => useCancelOrder(42, 7))
    queryClient.setQueryData(queryKeys.walletBalance(7), { balance: 30 })
    queryClient.setQueryData(queryKeys.orders(7), [order])
    await act(() => result.current.mutateAsync())
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/orders/42/cancel',
      body: { reason: 'diner_request' },
    })
    expect(queryClient.getQueryData<Order>(queryKeys.order(42))?.status).toBe('cancelled')
    expect(queryClient.getQueryState(queryKeys.walletBalance(7))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.orders(7))?.isInvalidated).toBe(true)
  })
})

describe('reviewing a delivered order', () => {
  it('shows the review on the order and refreshes the restaurant’s figures', async () => {
    const calls = stubApi(() => ({
      status: 201,
      body: {
        id: 3,
        orderId: 42,
        restaurantId: 1,
        rating: 5,
        comment: 'Perfect crust',
        dinerName: 'Rosa',
        createdAt: '2026-11-26T19:00:00.000Z',
        restaurantRating: 4.8,
        restaurantReviewCount: 11,
      },
    }))
    const { result, queryClient } = renderHookWithQuery(() => useReviewOrder(42))
    queryClient.setQueryData(queryKeys.order(42), { ...order, status: 'completed' })
    queryClient.setQueryData(queryKeys.reviews(1), [])
    await act(() => result.current.mutateAsync({ rating: 5, comment: 'Perfect crust' }))
    expect(calls[0]?.body).toEqual({ rating: 5, comment: 'Perfect crust' })
    expect(queryClient.getQueryData<Order>(queryKeys.order(42))?.review).toEqual({
      rating: 5,
      comment: 'Perfect crust',
      createdAt: '2026-11-26T19:00:00.000Z',
    })
    expect(queryClient.getQueryState(queryKeys.reviews(1))?.isInvalidated).toBe(true)
  })
})
