import { queryKeys } from '@client/lib/query-keys'
import { renderHookWithQuery, stubApi } from '@client/lib/test-utils'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import type { MenuItem, Restaurant } from '@shared/schemas/restaurants'
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useCheckCamera } from './check-camera'
import { useReorderMenu } from './reorder-menu'
import { useUpdateIntegration } from './update-integration'
import { useUpdateMenuItem } from './update-menu-item'
import { useUpdateRestaurant } from './update-restaurant'

afterEach(cleanup)

const dish = (id: number, category: string, isAvailable = true): MenuItem => ({
  id,
  restaurantId: 3,
  name: `Dish ${id}`,
  description: '',
  price: 10,
  category,
  image: null,
  isAvailable,
  allergens: [],
  ingredients: [],
})
const menu = [dish(1, 'Pizza'), dish(2, 'Pizza'), dish(3, 'Desserts')]

/** A request that waits until `release` is called, so the state in between can be read. */
function held<T>(answer: { status: number; body?: T }) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const calls = stubApi(() => answer)
  const inner = globalThis.fetch
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    await gate
    return inner(input, init)
  }) as typeof fetch
  return { calls, release: () => release() }
}

const names = (items: MenuItem[] | undefined) => items?.map((i) => `${i.category}:${i.id}`)

describe('reordering the menu', () => {
  const order = [
    { category: 'Sweets', itemIds: [3] },
    { category: 'Pizza', itemIds: [2, 1] },
  ]

  it('shows the new order at once, renames categories, then takes the server’s menu', async () => {
    const fromServer = [dish(3, 'Sweets'), dish(2, 'Pizza'), dish(1, 'Pizza')]
    const { calls, release } = held({ status: 200, body: fromServer })
    const { result, queryClient } = renderHookWithQuery(() => useReorderMenu())
    queryClient.setQueryData(queryKeys.menu(3), menu)
    let done: Promise<unknown> = Promise.resolve()
    act(() => {
      done = result.current.mutateAsync({ restaurantId: 3, order })
    })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(names(queryClient.getQueryData(queryKeys.menu(3)))).toEqual(['Sweets:3', 'Pizza:2', 'Pizza:1'])
    release()
    await act(() => done)
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/restaurants/3/menu/order', body: order })
    expect(queryClient.getQueryData(queryKeys.menu(3))).toEqual(fromServer)
  })

  it('puts the old menu back when the server refuses', async () => {
    stubApi(() => ({ status: 400, body: { message: 'Every dish must be listed once' } }))
    const { result, queryClient } = renderHookWithQuery(() => useReorderMenu())
    queryClient.setQueryData(queryKeys.menu(3), menu)
    await act(() => result.current.mutateAsync({ restaurantId: 3, order }).catch(() => {}))
    expect(queryClient.getQueryData(queryKeys.menu(3))).toEqual(menu)
  })
})

describe('the sold-out switch', () => {
  it('marks the dish sold out at once, and back when the server refuses', async () => {
    const { release } = held({ status: 500, body: { message: 'boom' } })
    const { result, queryClient } = renderHookWithQuery(() => useUpdateMenuItem())
    queryClient.setQueryData(queryKeys.menu(3), menu)
    let done: Promise<unknown> = Promise.resolve()
    act(() => {
      done = result.current.mutateAsync({ id: 2, restaurantId: 3, isAvailable: false }).catch(() => {})
    })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(queryClient.getQueryData<MenuItem[]>(queryKeys.menu(3))?.map((i) => i.isAvailable)).toEqual([
      true,
      false,
      true,
    ])
    release()
    await act(() => done)
    expect(queryClient.getQueryData<MenuItem[]>(queryKeys.menu(3))?.map((i) => i.isAvailable)).toEqual([
      true,
      true,
      true,
    ])
  })

  it('waits for the server for any other change, and sends only the changed fields', async () => {
    const { calls, release } = held({ status: 200, body: { ...dish(2, 'Pizza'), price: 12 } })
    const { result, queryClient } = renderHookWithQuery(() => useUpdateMenuItem())
    queryClient.setQueryData(queryKeys.menu(3), menu)
    let done: Promise<unknown> = Promise.resolve()
    act(() => {
      done = result.current.mutateAsync({ id: 2, restaurantId: 3, price: 12, isAvailable: false })
    })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(queryClient.getQueryData(queryKeys.menu(3))).toEqual(menu)
    release()
    await act(() => done)
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/menu-items/2',
      body: { price: 12, isAvailable: false },
    })
    expect(queryClient.getQueryState(queryKeys.menu(3))?.isInvalidated).toBe(true)
  })
})

describe('the restaurant’s profile and integrations', () => {
  it('writes the saved restaurant and refreshes the lists that show it', async () => {
    const saved = { id: 3, name: 'Casa Nueva', isLive: true } as Restaurant
    const calls = stubApi(() => ({ status: 200, body: saved }))
    const { result, queryClient } = renderHookWithQuery(() => useUpdateRestaurant())
    queryClient.setQueryData(queryKeys.restaurants({ live: true }), { restaurants: [] })
    queryClient.setQueryData(queryKeys.userRestaurants(7), [])
    queryClient.setQueryData(queryKeys.orders(7), [])
    await act(() => result.current.mutateAsync({ id: 3, isLive: true }))
    expect(calls[0]).toEqual({ method: 'PATCH', path: '/api/restaurants/3', body: { isLive: true } })
    expect(queryClient.getQueryData(queryKeys.restaurant(3))).toEqual(saved)
    expect(queryClient.getQueryState(queryKeys.restaurants({ live: true }))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.userRestaurants(7))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.orders(7))?.isInvalidated).toBe(false)
  })

  it('replaces the changed integration in the list', async () => {
    const integration = (id: number, syncEnabled: boolean) =>
      ({
        id,
        restaurantId: 3,
        platform: id === 1 ? 'ubereats' : 'doordash',
        syncEnabled,
      }) as DeliveryIntegration
    const calls = stubApi(() => ({ status: 200, body: integration(2, false) }))
    const { result, queryClient } = renderHookWithQuery(() => useUpdateIntegration(3))
    queryClient.setQueryData(queryKeys.integrations(3), [integration(1, true), integration(2, true)])
    await act(() => result.current.mutateAsync({ id: 2, input: { syncEnabled: false } }))
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/delivery-integrations/2',
      body: { syncEnabled: false },
    })
    expect(
      queryClient.getQueryData<DeliveryIntegration[]>(queryKeys.integrations(3))?.map((i) => i.syncEnabled),
    ).toEqual([true, false])
  })
})

describe('checking a camera', () => {
  it('reads the owner’s cameras again, so the go-live checklist sees the picture it found', async () => {
    const calls = stubApi(() => ({ status: 200, body: { ok: true, codec: 'h264', width: 320, height: 240 } }))
    const { result, queryClient } = renderHookWithQuery(() => useCheckCamera(3))
    queryClient.setQueryData(queryKeys.ownerCameras(3), [])
    await act(() => result.current.mutateAsync(7))
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/cameras/7/check' })
    expect(queryClient.getQueryState(queryKeys.ownerCameras(3))?.isInvalidated).toBe(true)
  })
})
