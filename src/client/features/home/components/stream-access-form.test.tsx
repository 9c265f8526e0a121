import { getStreamGrant, removeStreamGrant } from '@client/lib/stream-access'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamAccessForm } from './stream-access-form'

afterEach(() => {
  cleanup()
  removeStreamGrant(2)
})

const watch = async (text: string) => {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: text } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /Watch/ })))
}

describe('the order-number form', () => {
  it('asks for access to the typed order and opens its stream with the grant stored', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: { orderId: 2, grantedAt: '2026-11-26T18:00:00.000Z', expiresAt: '2026-11-26T18:20:00.000Z' },
    }))
    const { location } = renderWithProviders(<StreamAccessForm />)
    await watch(' #0002 ')
    expect(calls).toEqual([{ method: 'POST', path: '/api/stream-access', body: { orderId: 2 } }])
    expect(location.history.at(-1)).toBe('/stream/2')
    const grant = getStreamGrant(2)
    expect(grant && grant.expiresAt - grant.grantedAt).toBe(20 * 60_000)
  })

  it('asks for a number before sending anything, and refuses what is not one', async () => {
    const calls = stubApi(() => ({ status: 200, body: {} }))
    renderWithProviders(<StreamAccessForm />)
    await watch('   ')
    expect(await screen.findByText('Order number required')).toBeTruthy()
    await watch('12a')
    expect(await screen.findByText('Invalid order number')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('says the number is wrong when the server knows no such order for this diner', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Order not found' } }))
    const { location } = renderWithProviders(<StreamAccessForm />, { path: '/' })
    await watch('99')
    expect(await screen.findByText('Please check your order number and try again.')).toBeTruthy()
    expect(location.history).toEqual(['/'])
    expect(getStreamGrant(99)).toBeUndefined()
  })

  it('tells a failure of the server apart from a wrong number', async () => {
    stubApi(() => ({ status: 503, body: { message: 'Try again' } }))
    renderWithProviders(<StreamAccessForm />)
    await watch('2')
    expect(
      await screen.findByText('There was a problem verifying your order. Please try again.'),
    ).toBeTruthy()
    expect(getStreamGrant(2)).toBeUndefined()
  })
})
