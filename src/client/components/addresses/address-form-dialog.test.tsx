import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Address } from '@shared/schemas/addresses'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changesOf } from './address-form'
import { AddressFormDialog } from './address-form-dialog'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const home: Address = {
  id: 5,
  userId: 7,
  label: 'Home',
  line1: '1100 Congress Ave',
  line2: null,
  city: 'Austin',
  postcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  isDefault: true,
  createdAt: '2026-11-01T10:00:00.000Z',
}
const values = {
  label: 'Home',
  line1: '1100 Congress Ave',
  line2: '',
  city: 'Austin',
  postcode: '78702',
  latitude: 30.27 as number | null,
  longitude: -97.74 as number | null,
}

describe('what an address edit sends', () => {
  it('sends only the changed fields', () => {
    expect(changesOf(values, { label: true, line2: true })).toEqual({ label: 'Home', line2: '' })
  })

  it('drops the old pin when the postcode changes without a new location', () => {
    expect(changesOf(values, { postcode: true })).toEqual({
      postcode: '78702',
      latitude: null,
      longitude: null,
    })
  })

  it('keeps a location given in this edit, whatever the postcode', () => {
    expect(changesOf(values, { postcode: true, latitude: true, longitude: true })).toEqual({
      postcode: '78702',
      latitude: 30.27,
      longitude: -97.74,
    })
  })
})

describe('the address dialog', () => {
  /** The form loads when the dialog first opens. */
  const formShown = () => screen.findByLabelText('Street address')
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } })
  const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })))
  const errorOf = (label: string) => {
    const id = screen.getByLabelText(label).getAttribute('aria-describedby')
    return id ? document.getElementById(id)?.textContent : undefined
  }

  it('checks a new address with the server’s rules before sending', async () => {
    const calls = stubApi(() => ({ status: 201, body: home }))
    renderWithProviders(<AddressFormDialog userId={7} open onOpenChange={() => {}} />)
    await formShown()
    type('Postcode', '7')
    await save()
    expect(errorOf('Street address')).toBe('Please enter the street address')
    expect(errorOf('City')).toBe('Please enter the city')
    expect(errorOf('Postcode')).toBe('Please enter a valid postcode')
    expect(calls).toEqual([])
  })

  it('saves a new address, refreshes the list and checkout’s quotes, and closes', async () => {
    const calls = stubApi(() => ({ status: 201, body: home }))
    const onSaved = vi.fn()
    const onOpenChange = vi.fn()
    const { queryClient } = renderWithProviders(
      <AddressFormDialog userId={7} open onOpenChange={onOpenChange} onSaved={onSaved} />,
    )
    await formShown()
    queryClient.setQueryData(queryKeys.addresses(7), [])
    queryClient.setQueryData(queryKeys.orderQuote(7, 1, 'delivery', null), {})
    type('Street address', '1100 Congress Ave')
    type('City', 'Austin')
    type('Postcode', '78701')
    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(home))
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.path).toBe('/api/users/7/addresses')
    expect(calls[0]?.body).toMatchObject({ line1: '1100 Congress Ave', city: 'Austin', postcode: '78701' })
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(queryClient.getQueryState(queryKeys.addresses(7))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.orderQuote(7, 1, 'delivery', null))?.isInvalidated).toBe(true)
  })

  it('edits an address by sending what changed', async () => {
    const calls = stubApi(() => ({ status: 200, body: { ...home, postcode: '78702' } }))
    renderWithProviders(<AddressFormDialog userId={7} address={home} open onOpenChange={() => {}} />)
    await formShown()
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('1100 Congress Ave')
    type('Postcode', '78702')
    await save()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/addresses/5',
      body: { postcode: '78702', latitude: null, longitude: null },
    })
  })

  it('adds the device’s location when the diner asks for it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.26, longitude: -97.75 } } as GeolocationPosition),
      },
    })
    const calls = stubApi(() => ({ status: 201, body: home }))
    renderWithProviders(<AddressFormDialog userId={7} open onOpenChange={() => {}} />)
    await formShown()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use my current location' })))
    expect(screen.getByRole('button', { name: 'Location added' })).toBeTruthy()
    expect(screen.getByText('Your current location is saved with this address.')).toBeTruthy()
    type('Street address', '1100 Congress Ave')
    type('City', 'Austin')
    type('Postcode', '78701')
    await save()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({ latitude: 30.26, longitude: -97.75 })
  })

  it('explains when the location cannot be had', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined })
    renderWithProviders(<AddressFormDialog userId={7} open onOpenChange={() => {}} />)
    await formShown()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use my current location' })))
    expect(
      screen.getByText('Could not get your location. Known Austin postcodes are placed on the map for you.'),
    ).toBeTruthy()
  })

  it('shows the server’s refusal on the field and above the buttons, and stays open', async () => {
    stubApi(() => ({
      status: 400,
      body: { message: 'That postcode is outside Texas', errors: { postcode: 'Outside Texas' } },
    }))
    const onOpenChange = vi.fn()
    renderWithProviders(<AddressFormDialog userId={7} open onOpenChange={onOpenChange} />)
    await formShown()
    type('Street address', '1 Main St')
    type('City', 'Boston')
    type('Postcode', '02108')
    await save()
    expect((await screen.findByText('That postcode is outside Texas')).getAttribute('role')).toBe('alert')
    expect(errorOf('Postcode')).toBe('Outside Texas')
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})
