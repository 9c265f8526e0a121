import { liveClient } from '@client/lib/live-client'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { ServerMessage } from '@shared/live-messages'
import type { CookingCurve as Curve } from '@shared/schemas/cooking-curve'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import CookingCurve from './cooking-curve'

const START = Date.parse('2026-05-01T18:00:00.000Z')
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString()

let live: ((message: ServerMessage) => void) | undefined
let subscribe: { mockRestore: () => void } | undefined
beforeEach(() => {
  live = undefined
  // jsdom lays nothing out and has no ResizeObserver: the chart keeps its initial 320 × 160.
  // The chart follows its order's room: these tests speak for the room.
  subscribe = vi.spyOn(liveClient, 'subscribe').mockImplementation((_orderId, handler) => {
    live = handler
    return () => {}
  })
})
afterEach(() => {
  cleanup()
  subscribe?.mockRestore()
})

function serve(curve: Curve) {
  return stubApi((url) =>
    url.pathname === '/api/orders/5/cooking-curve' ? { status: 200, body: curve } : undefined,
  )
}

const HISTORY: Curve = {
  startedAt: at(0),
  targetTemperature: 400,
  points: [
    { at: at(0), temperature: 350, source: 'estimate' },
    { at: at(6), temperature: 380, source: 'estimate' },
    { at: at(12), temperature: 391.6, source: 'estimate' },
  ],
  events: [
    { status: 'preparing', at: at(-5) },
    { status: 'cooking', at: at(0) },
  ],
}

const summary = () => screen.getByRole('img').getAttribute('aria-label')

function telemetry(minutes: number, temperature: number, extra: Record<string, unknown> = {}): ServerMessage {
  return {
    type: 'telemetry',
    orderId: 5,
    data: { temperature, cookingTime: 300, status: 'On schedule', recordedAt: at(minutes), ...extra },
    sentAt: START + minutes * 60_000,
  }
}

describe('CookingCurve', () => {
  it('draws nothing before cooking has begun', async () => {
    const calls = serve({ startedAt: null, targetTemperature: null, points: [], events: [] })
    renderWithProviders(<CookingCurve orderId={5} />)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByTestId('cooking-curve')).toBeNull()
  })

  it('sums up the curve for screen readers: how long, how hot, against what target, from what', async () => {
    serve(HISTORY)
    renderWithProviders(<CookingCurve orderId={5} />)
    await screen.findByTestId('cooking-curve')
    expect(summary()).toBe(
      'Oven temperature over 12 minutes of cooking, now 392°F against a target of 400°F; estimated by the kitchen.',
    )
    expect(screen.getByText('Target 400°F')).toBeTruthy()
  })

  it('leaves the target out when the kitchen has none, and counts a first minute as one', async () => {
    serve({
      ...HISTORY,
      targetTemperature: null,
      points: [{ at: at(0.2), temperature: 300, source: 'sensor' }],
    })
    renderWithProviders(<CookingCurve orderId={5} />)
    await screen.findByTestId('cooking-curve')
    expect(summary()).toBe('Oven temperature over 1 minute of cooking, now 300°F; measured by a sensor.')
    expect(screen.queryByText(/^Target/)).toBeNull()
  })

  it('adds live sensor readings newer than the history and ignores older ones', async () => {
    serve(HISTORY)
    renderWithProviders(<CookingCurve orderId={5} />)
    await screen.findByTestId('cooking-curve')
    act(() => live?.(telemetry(10, 999, { source: 'sensor' })))
    act(() => live?.(telemetry(14, 404.4, { source: 'sensor' })))
    expect(summary()).toBe(
      'Oven temperature over 14 minutes of cooking, now 404°F against a target of 400°F; measured by a sensor.',
    )
  })

  it('counts a reading from a sensor gone offline as the kitchen’s estimate', async () => {
    serve({ ...HISTORY, points: [] })
    renderWithProviders(<CookingCurve orderId={5} />)
    await waitFor(() => expect(live).toBeDefined())
    // Nothing to draw until a reading arrives.
    await waitFor(() => expect(screen.queryByTestId('cooking-curve')).toBeNull())
    act(() => live?.(telemetry(3, 360, { source: 'sensor', sensorOffline: true })))
    expect(summary()).toBe(
      'Oven temperature over 3 minutes of cooking, now 360°F against a target of 400°F; estimated by the kitchen.',
    )
  })

  it('reads the history again when cooking begins and after a resync', async () => {
    const calls = serve(HISTORY)
    renderWithProviders(<CookingCurve orderId={5} />)
    await screen.findByTestId('cooking-curve')
    act(() => live?.({ type: 'status', orderId: 5, status: 'plating', progress: 80, sentAt: START }))
    expect(calls).toHaveLength(1)
    act(() => live?.({ type: 'status', orderId: 5, status: 'cooking', progress: 30, sentAt: START }))
    await waitFor(() => expect(calls).toHaveLength(2))
    act(() => live?.({ type: 'resync', orderId: 5, sentAt: START }))
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(['/api/orders/5/cooking-curve']))
  })
})
