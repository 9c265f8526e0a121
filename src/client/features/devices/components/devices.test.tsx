import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Device, DeviceCreated } from '@shared/schemas/devices'
import type { Camera } from '@shared/schemas/restaurants'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeviceKeyDialog } from './device-key-dialog'
import { DeviceList, DeviceStatus } from './device-list'
import { RegisterDeviceForm } from './register-device-form'

afterEach(cleanup)

const camera = (id: number, name: string): Camera => ({
  id,
  restaurantId: 3,
  name,
  position: 'overhead',
  streamUrl: `https://cams.example.com/${id}.m3u8`,
  isActive: true,
})
const cameras = [camera(11, 'Pizza oven'), camera(12, 'Grill line')]

const device = (overrides: Partial<Device>): Device => ({
  id: 1,
  restaurantId: 3,
  name: 'Oven probe',
  kind: 'oven',
  cameraId: null,
  keyLast4: 'a1b2',
  lastSeenAt: null,
  online: false,
  lastReading: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
})

const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))

describe('registering a sensor', () => {
  const created: DeviceCreated = {
    id: 9,
    name: 'Grill probe',
    kind: 'grill',
    cameraId: 12,
    key: 'dk_secret_0123456789',
    keyLast4: '6789',
  }

  it('offers the restaurant’s cameras as stations and sends the chosen one as a number', async () => {
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/restaurants/3/cameras') return { status: 200, body: cameras }
      if (url.pathname === '/api/restaurants/3/devices' && init?.method === 'POST')
        return { status: 201, body: created }
      return undefined
    })
    const onRegistered = vi.fn()
    renderWithProviders(<RegisterDeviceForm restaurantId={3} onRegistered={onRegistered} />)
    await screen.findByText('Grill line')
    fireEvent.input(screen.getByLabelText('Device name'), { target: { value: 'Grill probe' } })
    fireEvent.change(screen.getByLabelText('Measures'), { target: { value: 'grill' } })
    fireEvent.change(screen.getByLabelText('Station (camera)'), { target: { value: '12' } })
    await click('Register device')
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(created))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Grill probe',
      kind: 'grill',
      cameraId: 12,
    })
    // The form is ready for the next device.
    expect((screen.getByLabelText('Device name') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Station (camera)') as HTMLSelectElement).value).toBe('')
  })

  it('sends no station when none is chosen, and refuses a one-letter name', async () => {
    const calls = stubApi((_url, init) =>
      init?.method === 'POST'
        ? { status: 201, body: { ...created, cameraId: null } }
        : { status: 200, body: [] },
    )
    renderWithProviders(<RegisterDeviceForm restaurantId={3} onRegistered={() => {}} />)
    fireEvent.input(screen.getByLabelText('Device name'), { target: { value: 'P' } })
    await click('Register device')
    expect(errorOf('Device name')).toBe('Device name must be at least 2 characters.')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    fireEvent.input(screen.getByLabelText('Device name'), { target: { value: 'Fridge one' } })
    fireEvent.change(screen.getByLabelText('Measures'), { target: { value: 'fridge' } })
    await click('Register device')
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Fridge one',
      kind: 'fridge',
      cameraId: null,
    })
  })

  it('puts the server’s field errors on the form and says when the restaurant is not the user’s', async () => {
    stubApi((_url, init) =>
      init?.method === 'POST'
        ? {
            status: 403,
            body: {
              code: 'restaurants.not_owner',
              message: 'You do not own this restaurant',
              errors: { name: 'Taken' },
            },
          }
        : { status: 200, body: [] },
    )
    const onRegistered = vi.fn()
    renderWithProviders(<RegisterDeviceForm restaurantId={3} onRegistered={onRegistered} />)
    fireEvent.input(screen.getByLabelText('Device name'), { target: { value: 'Oven probe' } })
    await click('Register device')
    expect(await screen.findByText('Not your restaurant')).toBeTruthy()
    expect(screen.getByText('You do not own this restaurant')).toBeTruthy()
    expect(errorOf('Device name')).toBe('Taken')
    expect(onRegistered).not.toHaveBeenCalled()
  })
})

describe('a sensor’s state', () => {
  it('is online while it reports, offline once it has gone silent, and never reported before its first reading', () => {
    renderWithProviders(
      <>
        <DeviceStatus device={device({ online: true, lastSeenAt: '2026-11-26T10:00:00.000Z' })} />
        <DeviceStatus device={device({ online: false, lastSeenAt: '2026-11-26T10:00:00.000Z' })} />
        <DeviceStatus device={device({})} />
      </>,
    )
    expect(screen.getAllByTestId('device-status').map((b) => b.textContent)).toEqual([
      'Online',
      'Offline',
      'Never reported',
    ])
  })
})

describe('the device list', () => {
  const reading = {
    temperatureF: 451.4,
    humidityPct: null,
    orderId: 42,
    recordedAt: '2026-11-26T10:00:00.000Z',
  }
  const devices = [
    device({
      id: 1,
      name: 'Oven probe',
      cameraId: 11,
      lastReading: reading,
      lastSeenAt: new Date().toISOString(),
      online: true,
    }),
    device({
      id: 2,
      name: 'Walk-in',
      kind: 'humidity',
      keyLast4: 'zz99',
      lastReading: { temperatureF: null, humidityPct: 61.6, orderId: null, recordedAt: reading.recordedAt },
    }),
  ]

  it('shows each sensor’s station, key ending and last reading in both units', () => {
    renderWithProviders(<DeviceList restaurantId={3} devices={devices} cameras={cameras} />)
    const [oven, walkIn] = screen.getAllByTestId('device-row') as [HTMLElement, HTMLElement]
    expect(within(oven).getByText(/Oven · Pizza oven/)).toBeTruthy()
    expect(oven.textContent).toContain('451°F (233°C)')
    expect(oven.textContent).toContain('order #0042')
    expect(oven.textContent).toContain('Last seen just now')
    expect(walkIn.textContent).toContain('62%')
    expect(walkIn.textContent).toContain('station')
    expect(walkIn.textContent).toContain('Key ending in…zz99')
    expect(walkIn.textContent).toContain('Not seen yet')
  })

  it('revokes a device only after confirming, and drops it from the cached list', async () => {
    const calls = stubApi((url, init) =>
      init?.method === 'DELETE' && url.pathname === '/api/devices/2'
        ? { status: 204 }
        : url.pathname === '/api/restaurants/3/devices'
          ? { status: 200, body: [devices[0]] }
          : undefined,
    )
    const { queryClient } = renderWithProviders(
      <DeviceList restaurantId={3} devices={devices} cameras={cameras} />,
    )
    queryClient.setQueryData(queryKeys.devices(3), devices)
    const walkIn = screen.getAllByTestId('device-row')[1] as HTMLElement
    fireEvent.click(within(walkIn).getByRole('button', { name: 'Revoke' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Revoke Walk-in?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])

    fireEvent.click(within(walkIn).getByRole('button', { name: 'Revoke' }))
    await click('Revoke key')
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/devices/2')
    await waitFor(() =>
      expect(queryClient.getQueryData<Device[]>(queryKeys.devices(3))?.map((d) => d.id)).toEqual([1]),
    )
    expect(await screen.findByText('Walk-in’s key no longer works.')).toBeTruthy()
  })

  it('keeps the dialog open and says why when the revocation fails', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Database unavailable' } }))
    renderWithProviders(<DeviceList restaurantId={3} devices={devices} cameras={cameras} />)
    fireEvent.click(
      within(screen.getAllByTestId('device-row')[0] as HTMLElement).getByRole('button', { name: 'Revoke' }),
    )
    await click('Revoke key')
    expect(await screen.findByText('Could not revoke the device')).toBeTruthy()
    expect(screen.getByText('Database unavailable')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})

describe('the new device’s key', () => {
  const created: DeviceCreated = {
    id: 9,
    name: 'Grill probe',
    kind: 'grill',
    cameraId: null,
    key: 'dk_abc',
    keyLast4: '_abc',
  }

  it('copies the key to the clipboard and says so', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithProviders(<DeviceKeyDialog device={created} onClose={() => {}} />)
    expect((screen.getByLabelText('Device key') as HTMLInputElement).value).toBe('dk_abc')
    await click('Copy')
    expect(writeText).toHaveBeenCalledWith('dk_abc')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
  })

  it('leaves the key selected in its field when the clipboard is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    })
    renderWithProviders(<DeviceKeyDialog device={created} onClose={() => {}} />)
    await click('Copy')
    expect(document.activeElement).toBe(screen.getByLabelText('Device key'))
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull()
  })

  it('closes when the owner confirms the key is saved', () => {
    const onClose = vi.fn()
    renderWithProviders(<DeviceKeyDialog device={created} onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'I have saved the key' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
