import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IntegrationForm, platformFields } from './integration-form'

afterEach(cleanup)

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } })
const add = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Integration' })))
const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? ''
  return ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'))?.textContent
}

describe('a platform’s credentials', () => {
  it('are the fields the platform uses', () => {
    expect(platformFields('ubereats')).toEqual(['clientId', 'clientSecret', 'storeId'])
    expect(platformFields('doordash')).toEqual(['storeId'])
    expect(platformFields('seamless')).toEqual(['merchantId'])
    expect(platformFields('postmates')).toEqual([])
    expect(platformFields('unknown')).toEqual([])
  })
})

describe('the delivery platform form', () => {
  it('shows only the chosen platform’s fields', () => {
    renderWithProviders(<IntegrationForm restaurantId={3} />)
    expect(screen.getByLabelText('Client secret')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'doordash' } })
    expect(screen.queryByLabelText('Client secret')).toBeNull()
    expect(screen.getByLabelText('Store ID')).toBeTruthy()
    expect(screen.getByLabelText('API key').getAttribute('placeholder')).toBe('Your DoorDash API key')
  })

  it('sends only what the chosen platform uses, even after typing into another’s fields', async () => {
    const calls = stubApi(() => ({ status: 201, body: { id: 1, platform: 'doordash' } }))
    const onDone = vi.fn()
    const { queryClient } = renderWithProviders(<IntegrationForm restaurantId={3} onDone={onDone} />)
    queryClient.setQueryData(queryKeys.integrations(3), [])
    type('Client ID', 'uber-client')
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'doordash' } })
    type('API key', 'dd-key-1234')
    type('Store ID', 'store-9')
    await add()
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1))
    expect(calls[0]?.path).toBe('/api/restaurants/3/delivery-integrations')
    expect(calls[0]?.body).toEqual({
      platform: 'doordash',
      apiKey: 'dd-key-1234',
      storeId: 'store-9',
      syncEnabled: true,
      streamEnabled: true,
    })
    expect(await screen.findByText('DoorDash is saved and pending verification.')).toBeTruthy()
    expect(queryClient.getQueryState(queryKeys.integrations(3))?.isInvalidated).toBe(true)
    expect((screen.getByLabelText('Platform') as HTMLSelectElement).value).toBe('ubereats')
  })

  it('puts the credentials the server asks for under their fields and focuses the first', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        message: 'Uber Eats needs a client ID',
        errors: { clientId: 'Uber Eats needs a client ID', clientSecret: 'Uber Eats needs a client secret' },
      },
    }))
    const onDone = vi.fn()
    renderWithProviders(<IntegrationForm restaurantId={3} onDone={onDone} />)
    type('API key', 'ue-key')
    await add()
    await waitFor(() => expect(errorOf('Client ID')).toBe('Uber Eats needs a client ID'))
    expect(errorOf('Client secret')).toBe('Uber Eats needs a client secret')
    expect(document.activeElement).toBe(screen.getByLabelText('Client ID'))
    expect(screen.queryByText('Error')).toBeNull()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('says what went wrong when the refusal names no field', async () => {
    stubApi(() => ({ status: 403, body: { message: 'You do not own this restaurant' } }))
    renderWithProviders(<IntegrationForm restaurantId={3} />)
    await add()
    expect(await screen.findByText('You do not own this restaurant')).toBeTruthy()
  })
})
