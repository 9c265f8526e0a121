import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { credentialChanges, EditCredentialsDialog } from './integration-credentials'

afterEach(cleanup)

/** An Uber Eats integration stored before its store ID was asked for. */
const stored: DeliveryIntegration = {
  id: 7,
  restaurantId: 3,
  platform: 'ubereats',
  status: 'error',
  apiKey: '••••ABCD',
  clientId: 'client-42',
  clientSecret: '••••WXYZ',
  merchantId: null,
  storeId: null,
  webhookUrl: null,
  syncEnabled: true,
  streamEnabled: true,
  lastSyncedAt: null,
  autoAccept: false,
  lastError: 'Uber Eats answered 404: store not found',
  lastCheckedAt: null,
  inboundUrl: 'http://127.0.0.1/api/integrations/7/webhook',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } })
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save credentials' })))
const errorOf = (label: string) =>
  document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent ?? undefined

function open(integration = stored) {
  const onClose = vi.fn()
  const rendered = renderWithProviders(<EditCredentialsDialog integration={integration} onClose={onClose} />)
  rendered.queryClient.setQueryData(queryKeys.integrations(3), [integration])
  return { ...rendered, onClose }
}

describe('what the credentials form sends', () => {
  it('sends a secret typed in and a plain field that differs, nothing else', () => {
    expect(
      credentialChanges(stored, { apiKey: 'new-key', clientId: 'client-42', storeId: 'store-8' }),
    ).toEqual({ apiKey: 'new-key', storeId: 'store-8' })
    expect(credentialChanges(stored, { clientId: 'client-42' })).toEqual({})
    // A field the platform does not use is never sent.
    expect(credentialChanges(stored, { merchantId: 'm-1' })).toEqual({})
  })
})

describe('updating an integration’s credentials', () => {
  it('starts from the stored plain fields, with the secrets empty and kept', () => {
    open()
    expect(screen.getByRole('heading', { name: 'Update Uber Eats credentials' })).toBeTruthy()
    expect((screen.getByLabelText('Client ID') as HTMLInputElement).value).toBe('client-42')
    expect((screen.getByLabelText('Store ID') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('')
    expect(screen.getByText('Leave empty to keep the current one (••••ABCD).')).toBeTruthy()
    expect(screen.queryByLabelText('Merchant ID')).toBeNull()
    expect((screen.getByRole('button', { name: 'Save credentials' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('asks for the store ID the platform needs, and sends nothing without it', async () => {
    const calls = stubApi(() => ({ status: 200, body: stored }))
    const { onClose } = open()
    type('API key', 'ue_api_key_0003_IJKL')
    await save()
    await waitFor(() => expect(errorOf('Store ID')).toBe('Uber Eats needs a store ID'))
    expect(document.activeElement).toBe(screen.getByLabelText('Store ID'))
    expect(errorOf('Client ID')).toBeUndefined()
    expect(calls).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('sends only what changed, keeps the secrets left empty, and shows the integration pending', async () => {
    const updated = { ...stored, storeId: 'bellini-store-8', status: 'pending', lastError: null }
    const calls = stubApi(() => ({ status: 200, body: updated }))
    const { onClose, queryClient } = open()
    type('Store ID', 'bellini-store-8')
    await save()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/delivery-integrations/7', body: { storeId: 'bellini-store-8' } },
    ])
    expect(queryClient.getQueryData(queryKeys.integrations(3))).toEqual([updated])
    expect(await screen.findByText('Uber Eats is pending until it accepts the new credentials.')).toBeTruthy()
  })

  it('refuses a plain field emptied, rather than keeping it silently', async () => {
    const calls = stubApi(() => ({ status: 200, body: stored }))
    open({ ...stored, storeId: 'bellini-store-7' })
    type('Client ID', '')
    await save()
    await waitFor(() => expect(errorOf('Client ID')).toBe('Uber Eats needs a client ID'))
    expect(calls).toEqual([])
  })

  it('puts the server’s refusal under its field', async () => {
    stubApi(() => ({
      status: 400,
      body: { message: 'Uber Eats needs a store ID', errors: { storeId: 'Uber Eats needs a store ID' } },
    }))
    const { onClose } = open({ ...stored, storeId: 'bellini-store-7' })
    type('Store ID', 'bellini-store-9')
    await save()
    await waitFor(() => expect(errorOf('Store ID')).toBe('Uber Eats needs a store ID'))
    expect(onClose).not.toHaveBeenCalled()
  })
})
