import { EMPTY_ALLERGEN_PROFILE } from '@client/lib/queries/allergen-profile'
import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi, stubResizeObserver } from '@client/lib/test-utils'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AllergenProfileForm } from './allergen-profile-form'

beforeAll(stubResizeObserver)

afterEach(cleanup)

const saved = {
  id: 4,
  userId: 7,
  allergens: ['peanuts', 'shellfish'],
  severity: 'severe',
  notificationsEnabled: true,
}

describe('the allergen profile form', () => {
  it('creates the first profile with the ticked allergens in the list’s order', async () => {
    const calls = stubApi(() => ({ status: 201, body: saved }))
    renderWithProviders(<AllergenProfileForm userId={7} profile={EMPTY_ALLERGEN_PROFILE} />)
    fireEvent.click(screen.getByLabelText('Shellfish'))
    fireEvent.click(screen.getByLabelText('Peanuts'))
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'severe' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Profile' })))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/users/7/allergen-profile',
      body: { allergens: ['peanuts', 'shellfish'], severity: 'severe', notificationsEnabled: true },
    })
    expect(await screen.findByText('Allergen Profile Updated')).toBeTruthy()
  })

  it('updates an existing profile, unticking an allergen and turning alerts off', async () => {
    const calls = stubApi(() => ({ status: 200, body: saved }))
    renderWithProviders(<AllergenProfileForm userId={7} profile={{ ...saved, id: 4 }} />)
    expect(screen.getByLabelText('Peanuts').getAttribute('data-state')).toBe('checked')
    fireEvent.click(screen.getByLabelText('Peanuts'))
    fireEvent.click(screen.getByRole('switch', { name: 'Allergen alerts' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Profile' })))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/users/7/allergen-profile',
      body: { allergens: ['shellfish'], severity: 'severe', notificationsEnabled: false },
    })
  })

  it('makes restaurant pages check their menus again once saved', async () => {
    stubApi(() => ({ status: 200, body: saved }))
    const { queryClient } = renderWithProviders(
      <AllergenProfileForm userId={7} profile={{ ...saved, id: 4 }} />,
    )
    queryClient.setQueryData(queryKeys.allergenCheck(7, 1), { alerts: [] })
    queryClient.setQueryData(queryKeys.allergenProfile(7), saved)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Profile' })))
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.allergenCheck(7, 1))?.isInvalidated).toBe(true),
    )
    expect(queryClient.getQueryState(queryKeys.allergenProfile(7))?.isInvalidated).toBe(true)
  })

  it('says what the server refused', async () => {
    stubApi(() => ({ status: 400, body: { message: 'Unknown allergen' } }))
    renderWithProviders(<AllergenProfileForm userId={7} profile={EMPTY_ALLERGEN_PROFILE} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Profile' })))
    expect(await screen.findByText('Failed to update allergen profile: Unknown allergen')).toBeTruthy()
  })
})
