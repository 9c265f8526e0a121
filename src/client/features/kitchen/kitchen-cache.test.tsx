import { queryKeys } from '@client/lib/query-keys'
import { renderHookWithQuery, stubApi } from '@client/lib/test-utils'
import type { Kitchen, Ticket } from '@shared/schemas/kitchen'
import { act, cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAdvanceOrder } from './api/advance-order'
import { useBumpLine } from './api/bump-line'
import { useCancelTicket } from './api/cancel-ticket'
import { useRecallOrder } from './api/recall-order'
import { useSetKitchenMode } from './api/set-kitchen-mode'
import { useSetOptionAvailability } from './api/set-option-availability'
import { useUpdateKitchenSettings } from './api/update-kitchen-settings'
import { useUpdateShoutStatus } from './api/update-shout-status'
import {
  ageLevel,
  formatAge,
  hasTicket,
  kitchenTitle,
  mergeTicket,
  queueTicket,
  stationsFinished,
  ticketsForStation,
  upsertTicket,
} from './lib/tickets'

afterEach(cleanup)

const line = (index: number, station: string | null, done = false) => ({
  index,
  menuItemId: index + 1,
  name: `Dish ${index}`,
  quantity: 1,
  price: 10,
  category: station ? 'Mains' : 'Drinks',
  station,
  added: false,
  done,
})

const ticket = (id: number, overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  status: 'preparing',
  progress: 0,
  createdAt: `2026-11-26T18:0${id % 10}:00.000Z`,
  statusAt: `2026-11-26T18:0${id % 10}:00.000Z`,
  recallUntil: null,
  items: [line(0, 'grill'), line(1, null)],
  totalPrice: 20,
  dinerName: 'Rosa',
  allergenAlerts: [],
  shouts: [],
  tips: [],
  cancellation: null,
  source: 'clearplate',
  fulfilment: 'delivery',
  promisedAt: null,
  ...overrides,
})

const kitchen = (orders: Ticket[]): Kitchen => ({
  restaurantId: 1,
  restaurantName: 'Bella Napoli',
  mode: 'staffed',
  settings: { amberMinutes: 8, redMinutes: 15, stations: { Mains: 'grill' } },
  categories: ['Mains', 'Drinks'],
  orders,
  recent: [],
  pausedUntil: null,
  timeZone: 'America/New_York',
  dishes: [],
})

describe('the ticket rail', () => {
  it('keeps open tickets oldest first, replacing a ticket by its id', () => {
    const rail = [ticket(1), ticket(3)]
    expect(mergeTicket(rail, ticket(2)).map((t) => t.id)).toEqual([1, 2, 3])
    expect(mergeTicket(rail, ticket(3, { status: 'cooking' })).map((t) => [t.id, t.status])).toEqual([
      [1, 'preparing'],
      [3, 'cooking'],
    ])
  })

  it('drops a ticket once it is completed or cancelled', () => {
    const rail = [ticket(1), ticket(3)]
    expect(mergeTicket(rail, ticket(1, { status: 'completed' })).map((t) => t.id)).toEqual([3])
    expect(mergeTicket(rail, ticket(3, { status: 'cancelled' })).map((t) => t.id)).toEqual([1])
  })

  it('orders tickets of the same minute by their id', () => {
    const same = '2026-11-26T18:00:00.000Z'
    const merged = mergeTicket([ticket(9, { createdAt: same })], ticket(4, { createdAt: same }))
    expect(merged.map((t) => t.id)).toEqual([4, 9])
  })

  it('colours a ticket by its age against the owner’s thresholds', () => {
    const created = '2026-11-26T18:00:00.000Z'
    const at = (minutes: number) => Date.parse(created) + minutes * 60_000
    const thresholds = { amberMinutes: 8, redMinutes: 15 }
    expect(ageLevel(created, at(7.9), thresholds)).toBe('fresh')
    expect(ageLevel(created, at(8), thresholds)).toBe('amber')
    expect(ageLevel(created, at(15), thresholds)).toBe('red')
  })

  it('writes a ticket’s age as minutes and seconds, with hours past the hour', () => {
    const created = '2026-11-26T18:00:00.000Z'
    const at = (seconds: number) => Date.parse(created) + seconds * 1000
    expect(formatAge(created, at(247))).toBe('4:07')
    expect(formatAge(created, at(3750))).toBe('1:02:30')
    expect(formatAge(created, at(-5))).toBe('0:00')
  })

  it('counts the waiting tickets in the tab title', () => {
    expect(kitchenTitle('Bella Napoli', 3)).toBe('(3) Kitchen · Bella Napoli')
    expect(kitchenTitle('Bella Napoli', 0)).toBe('Kitchen · Bella Napoli')
  })

  it('shows a station only the tickets with lines for it, and expo all of them', () => {
    const drinksOnly = ticket(2, { items: [line(0, null)] })
    const rail = [ticket(1), drinksOnly]
    expect(ticketsForStation(rail, 'grill').map((t) => t.id)).toEqual([1])
    expect(ticketsForStation(rail, 'fryer')).toEqual([])
    expect(ticketsForStation(rail, undefined).map((t) => t.id)).toEqual([1, 2])
  })

  it('calls a ticket finished by the stations once every stationed line is bumped', () => {
    expect(stationsFinished(ticket(1))).toBe(false)
    expect(stationsFinished(ticket(1, { items: [line(0, 'grill', true), line(1, null)] }))).toBe(true)
  })
})

describe('the kitchen console’s writes to its cache', () => {
  it('moves a bumped ticket along the rail from the server’s answer', async () => {
    const bumped = ticket(2, { status: 'cooking', progress: 40 })
    const calls = stubApi((url) =>
      url.pathname === '/api/orders/2/advance' ? { status: 200, body: bumped } : undefined,
    )
    const { result, queryClient } = renderHookWithQuery(() => useAdvanceOrder(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(1), ticket(2)]))
    await act(() => result.current.mutateAsync({ orderId: 2, from: 'preparing' }))
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/orders/2/advance', body: { from: 'preparing' } })
    expect(queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.orders.map((t) => t.status)).toEqual([
      'preparing',
      'cooking',
    ])
  })

  it('reloads the kitchen when another tablet bumped first', async () => {
    let loads = 0
    stubApi((url) => {
      if (url.pathname === '/api/orders/2/advance') return { status: 409, body: { message: 'Already moved' } }
      if (url.pathname === '/api/restaurants/1/kitchen') {
        loads++
        return { status: 200, body: kitchen([]) }
      }
      return undefined
    })
    const { result, queryClient } = renderHookWithQuery(() => useAdvanceOrder(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(2)]))
    await act(() => result.current.mutateAsync({ orderId: 2, from: 'preparing' }).catch(() => {}))
    expect(queryClient.getQueryState(queryKeys.kitchen(1))?.isInvalidated).toBe(true)
    expect(loads).toBe(0)
  })

  it('takes a bump back through recall', async () => {
    const recalled = ticket(2, { status: 'preparing' })
    const calls = stubApi(() => ({ status: 200, body: recalled }))
    const { result, queryClient } = renderHookWithQuery(() => useRecallOrder(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(2, { status: 'cooking' })]))
    await act(() => result.current.mutateAsync(2))
    expect(calls[0]?.path).toBe('/api/orders/2/recall')
    expect(queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.orders[0]?.status).toBe('preparing')
  })

  it('marks a station’s line done', async () => {
    const after = ticket(2, { items: [line(0, 'grill', true), line(1, null)] })
    const calls = stubApi(() => ({ status: 200, body: after }))
    const { result, queryClient } = renderHookWithQuery(() => useBumpLine(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(2)]))
    await act(() => result.current.mutateAsync({ orderId: 2, index: 0, done: true }))
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/orders/2/lines/0', body: { done: true } })
    expect(queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.orders[0]?.items[0]?.done).toBe(true)
  })

  it('writes a burst from the channel as one change, and a server answer at once after it', async () => {
    const { queryClient } = renderHookWithQuery(() => null)
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(1)]))
    let writes = 0
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') writes++
    })
    const rail = () => queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))!
    // Forty new orders from a platform, an older word on ticket 1, and ticket 5 finished.
    for (let id = 2; id <= 41; id++) queueTicket(queryClient, 1, ticket(id))
    queueTicket(queryClient, 1, ticket(1, { status: 'preparing' }))
    queueTicket(queryClient, 1, ticket(5, { status: 'completed' }))
    expect(hasTicket(queryClient, 1, 41)).toBe(true)
    expect(hasTicket(queryClient, 1, 42)).toBe(false)
    expect(rail().orders).toHaveLength(1)
    await waitFor(() => expect(rail().orders).toHaveLength(40))
    expect(writes).toBe(1)
    expect(rail().orders.map((t) => t.id)).not.toContain(5)
    expect(rail().recent.map((t) => t.id)).toEqual([5])

    // The channel's word waits; the server's answer to a bump is written at once, after it.
    queueTicket(queryClient, 1, ticket(1, { status: 'preparing' }))
    upsertTicket(queryClient, 1, ticket(1, { status: 'cooking' }))
    expect(rail().orders.find((t) => t.id === 1)?.status).toBe('cooking')
    expect(writes).toBe(2)
    await new Promise((r) => setTimeout(r, 100))
    expect(rail().orders.find((t) => t.id === 1)?.status).toBe('cooking')
    expect(writes).toBe(2)
    stop()
  })

  it('updates only the answered shout of its order', async () => {
    const shout = (id: number, status: string) => ({
      id,
      shoutName: 'Extra Crispy!',
      price: 2,
      status,
      createdAt: '2026-11-26T18:00:00.000Z',
    })
    stubApi(() => ({
      status: 200,
      body: {
        id: 7,
        orderId: 2,
        userId: 1,
        shoutType: 'crispy',
        shoutName: 'Extra Crispy!',
        price: 2,
        status: 'acknowledged',
        createdAt: '2026-11-26T18:00:00.000Z',
      },
    }))
    const { result, queryClient } = renderHookWithQuery(() => useUpdateShoutStatus(1))
    queryClient.setQueryData(
      queryKeys.kitchen(1),
      kitchen([
        ticket(1, { shouts: [shout(7, 'pending')] }),
        ticket(2, { shouts: [shout(7, 'pending'), shout(8, 'pending')] }),
      ]),
    )
    await act(() => result.current.mutateAsync({ shoutId: 7, status: 'acknowledged' }))
    const orders = queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.orders
    expect(orders?.map((o) => o.shouts.map((s) => s.status))).toEqual([
      ['pending'],
      ['acknowledged', 'pending'],
    ])
  })

  it('switches the kitchen’s mode in place', async () => {
    const calls = stubApi(() => ({ status: 200, body: { restaurantId: 1, mode: 'autopilot' } }))
    const { result, queryClient } = renderHookWithQuery(() => useSetKitchenMode(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(1)]))
    await act(() => result.current.mutateAsync('autopilot'))
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/restaurants/1/kitchen/mode',
      body: { mode: 'autopilot' },
    })
    expect(queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.mode).toBe('autopilot')
    expect(queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))?.orders).toHaveLength(1)
  })

  it('replaces the kitchen with the saved settings’ answer', async () => {
    const saved = { ...kitchen([]), settings: { amberMinutes: 5, redMinutes: 9, stations: {} } }
    stubApi(() => ({ status: 200, body: saved }))
    const { result, queryClient } = renderHookWithQuery(() => useUpdateKitchenSettings(1))
    await act(() => result.current.mutateAsync({ amberMinutes: 5, redMinutes: 9, stations: {} }))
    expect(queryClient.getQueryData(queryKeys.kitchen(1))).toEqual(saved)
  })

  it('reloads the kitchen after a cancellation, refused or not', async () => {
    const calls = stubApi(() => ({ status: 409, body: { message: 'Already delivered' } }))
    const { result, queryClient } = renderHookWithQuery(() => useCancelTicket(1))
    queryClient.setQueryData(queryKeys.kitchen(1), kitchen([ticket(2)]))
    await act(() =>
      result.current.mutateAsync({ orderId: 2, reason: 'out_of_stock', note: 'No dough' }).catch(() => {}),
    )
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/orders/2/cancel',
      body: { reason: 'out_of_stock', note: 'No dough' },
    })
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.kitchen(1))?.isInvalidated).toBe(true))
  })

  it('86es options through their own endpoint, one request each, and marks them in the cached list', async () => {
    const calls = stubApi((url) =>
      url.pathname.startsWith('/api/menu-options/') ? { status: 200, body: { id: 3 } } : undefined,
    )
    const { result, queryClient } = renderHookWithQuery(() => useSetOptionAvailability(1))
    queryClient.setQueryData(queryKeys.kitchen(1), {
      ...kitchen([]),
      dishes: [
        {
          id: 3,
          name: 'Burger',
          category: 'Mains',
          isAvailable: true,
          optionGroups: [
            { id: 1, name: 'Cheese', options: [{ id: 10, name: 'Extra cheese', isAvailable: true }] },
          ],
        },
        {
          id: 4,
          name: 'Melt',
          category: 'Mains',
          isAvailable: true,
          optionGroups: [
            {
              id: 2,
              name: 'Cheese',
              options: [
                { id: 11, name: 'Extra cheese', isAvailable: true },
                { id: 12, name: 'No cheese', isAvailable: true },
              ],
            },
          ],
        },
      ],
    })
    await act(() => result.current.mutateAsync({ ids: [10, 11], isAvailable: false }))
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/menu-options/10', body: { isAvailable: false } },
      { method: 'PATCH', path: '/api/menu-options/11', body: { isAvailable: false } },
    ])
    const dishes = queryClient.getQueryData<Kitchen>(queryKeys.kitchen(1))!.dishes
    expect(
      dishes.flatMap((d) => d.optionGroups.flatMap((g) => g.options.map((o) => [o.id, o.isAvailable]))),
    ).toEqual([
      [10, false],
      [11, false],
      [12, true],
    ])
    expect(dishes.every((d) => d.isAvailable)).toBe(true)
  })
})
