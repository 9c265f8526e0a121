import type { Telemetry } from '@shared/schemas/orders'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReadingsStore, useReadings } from './use-live-order'

const reading = (temperature: number): Telemetry => ({ temperature, cookingTime: 300, status: 'On schedule' })

describe('ReadingsStore', () => {
  it('keeps the newest reading and the history in time order, and re-renders only its readers', () => {
    const store = new ReadingsStore()
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useReadings(store)
    })
    expect(result.current).toEqual({ telemetry: null, history: [] })
    act(() => store.add(reading(350), 2_000))
    act(() => store.add(reading(340), 1_000))
    expect(result.current.telemetry?.temperature).toBe(340)
    expect(result.current.history.map((r) => r.at)).toEqual([1_000, 2_000])
    expect(renders).toBe(3)
    act(() => store.clear())
    expect(result.current).toEqual({ telemetry: null, history: [] })
    // Clearing what is already empty tells no one.
    act(() => store.clear())
    expect(renders).toBe(4)
  })

  it('keeps a reading that came before anything read it', () => {
    const store = new ReadingsStore()
    store.add(reading(401), 5_000)
    const { result } = renderHook(() => useReadings(store))
    expect(result.current.telemetry?.temperature).toBe(401)
  })
})
