import { renderHookWithQuery, renderWithProviders } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDeviceLocation } from '../lib/use-device-location'
import { LocationPanel } from './location-panel'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const RANGE = 'Enter a latitude between -90 and 90 and a longitude between -180 and 180.'

describe('where discover searches from', () => {
  const panel = (onManual = vi.fn()) => (
    <LocationPanel
      state={{ status: 'idle' }}
      manual={null}
      onLocate={() => {}}
      onManual={onManual}
      onClear={() => {}}
    />
  )
  const enter = (lat: string, lng: string) => {
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: lat } })
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: lng } })
    fireEvent.click(screen.getByRole('button', { name: 'Search here' }))
  }

  it('takes coordinates typed by hand within range', () => {
    const onManual = vi.fn()
    renderWithProviders(panel(onManual))
    fireEvent.click(screen.getByRole('button', { name: 'Enter coordinates' }))
    enter('30.2672', '-97.7431')
    expect(onManual).toHaveBeenCalledWith({ latitude: 30.2672, longitude: -97.7431 })
    expect(screen.queryByLabelText('Latitude')).toBeNull()
  })

  it.each([
    ['91', '0'],
    ['0', '-181'],
    ['', '10'],
    ['north', '10'],
  ])('refuses %s, %s and keeps the form open', (lat, lng) => {
    const onManual = vi.fn()
    renderWithProviders(panel(onManual))
    fireEvent.click(screen.getByRole('button', { name: 'Enter coordinates' }))
    enter(lat, lng)
    expect(screen.getByRole('alert').textContent).toBe(RANGE)
    expect(onManual).not.toHaveBeenCalled()
  })

  it('shows the position in use, says when it was typed, and offers to clear it', () => {
    const onClear = vi.fn()
    renderWithProviders(
      <LocationPanel
        state={{ status: 'located', position: { latitude: 1, longitude: 2 } }}
        manual={{ latitude: 30.26721, longitude: -97.74309 }}
        onLocate={() => {}}
        onManual={() => {}}
        onClear={onClear}
      />,
    )
    expect(screen.getByTestId('location-coordinates').textContent).toBe('30.2672, -97.7431 (entered by hand)')
    fireEvent.click(screen.getByRole('button', { name: 'Clear location' }))
    expect(onClear).toHaveBeenCalledTimes(1)
  })

  it('cannot ask twice while locating, and says why the location failed', () => {
    const { rerender } = renderWithProviders(
      <LocationPanel
        state={{ status: 'locating' }}
        manual={null}
        onLocate={() => {}}
        onManual={() => {}}
        onClear={() => {}}
      />,
    )
    expect((screen.getByRole('button', { name: 'Locating...' }) as HTMLButtonElement).disabled).toBe(true)
    rerender(
      <LocationPanel
        state={{ status: 'error', message: 'Failed to get your location.' }}
        manual={null}
        onLocate={() => {}}
        onManual={() => {}}
        onClear={() => {}}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Failed to get your location.')
  })
})

describe('the device location', () => {
  it('is located once the browser answers, and idle again when cleared', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (
          ok: PositionCallback,
          _fail: PositionErrorCallback,
          options: PositionOptions,
        ) => {
          expect(options).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 })
          ok({ coords: { latitude: 30.27, longitude: -97.74 } } as GeolocationPosition)
        },
      },
    })
    const { result } = renderHookWithQuery(() => useDeviceLocation())
    await act(() => result.current.request())
    expect(result.current.state).toEqual({
      status: 'located',
      position: { latitude: 30.27, longitude: -97.74 },
    })
    act(() => result.current.clear())
    expect(result.current.state).toEqual({ status: 'idle' })
  })

  it('tells a browser without geolocation apart from a refusal', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined })
    const unsupported = renderHookWithQuery(() => useDeviceLocation())
    await act(() => unsupported.result.current.request())
    expect(unsupported.result.current.state).toEqual({
      status: 'error',
      message: 'Geolocation is not supported by your browser',
    })

    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
    })
    const refused = renderHookWithQuery(() => useDeviceLocation())
    await act(() => refused.result.current.request())
    expect(refused.result.current.state).toEqual({ status: 'error', message: 'Failed to get your location.' })
  })
})
