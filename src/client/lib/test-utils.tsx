import { Toaster } from '@client/components/ui/toast'
import { TooltipProvider } from '@client/components/ui/tooltip'
import type { Order } from '@shared/schemas/orders'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createQueryClient } from './query-client'

/** Renders with a fresh query cache, tooltips, the toaster and an in-memory router at `path`. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient()
  const location = memoryLocation({ path, record: true })
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {node}
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  )
  const result = render(wrap(ui))
  return { ...result, rerender: (node: ReactNode) => result.rerender(wrap(node)), queryClient, location }
}

/** Runs a hook inside a fresh query cache; returns the cache beside the hook's result. */
export function renderHookWithQuery<T>(hook: () => T) {
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { ...renderHook(hook, { wrapper }), queryClient }
}

type Route = (url: URL, init: RequestInit | undefined) => { status: number; body?: unknown } | undefined

/** Answers the app's requests from `route`; anything unrouted is a 404. Returns the calls made. */
export function stubApi(route: Route) {
  const calls: { method: string; path: string; body: unknown }[] = []
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    })
    const answer = route(url, init) ?? { status: 404, body: { message: 'Not found' } }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  globalThis.fetch = fetchStub as typeof fetch
  return calls
}

/**
 * jsdom has no ResizeObserver, which Radix's checkboxes, switches and sliders use to measure
 * themselves; this one never reports a size, as jsdom lays nothing out.
 */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
}

/** An order as the API answers it: a delivery of $20 with no lines, placed on 1 March 2026; `overrides` say what a test is about. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    userId: 1,
    restaurantId: 1,
    status: 'preparing',
    progress: 0,
    createdAt: '2026-03-01T18:00:00.000Z',
    estimatedDelivery: null,
    fulfilment: 'delivery',
    address: null,
    promisedAt: null,
    totalPrice: 20,
    items: '[]',
    ...overrides,
  }
}
