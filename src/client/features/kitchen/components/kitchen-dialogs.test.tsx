import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Kitchen } from '@shared/schemas/kitchen'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CancelDialog } from './cancel-dialog'
import { SettingsDialog } from './settings-dialog'

afterEach(cleanup)

describe('cancelling a ticket', () => {
  const dialog = (onConfirm = vi.fn(), onOpenChange = vi.fn()) => (
    <CancelDialog orderNumber="0042" open pending={false} onOpenChange={onOpenChange} onConfirm={onConfirm} />
  )
  const confirm = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund' })))

  it('offers the kitchen’s reasons, out of stock first, and no note until “other”', () => {
    renderWithProviders(dialog())
    expect(screen.getByText('Cancel order #0042?')).toBeTruthy()
    const radios = screen.getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.value)).toEqual(['out_of_stock', 'kitchen_closed', 'other'])
    expect(radios[0]?.checked).toBe(true)
    expect(screen.queryByLabelText('Note for the diner')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }))
    expect(screen.getByLabelText('Note for the diner')).toBeTruthy()
  })

  it('confirms with the chosen reason and the note, an empty note left out', async () => {
    const onConfirm = vi.fn()
    renderWithProviders(dialog(onConfirm))
    fireEvent.click(screen.getByRole('radio', { name: 'Kitchen closed' }))
    await confirm()
    expect(onConfirm.mock.calls[0]?.[0]).toEqual({ reason: 'kitchen_closed', note: undefined })

    fireEvent.click(screen.getByRole('radio', { name: 'Other' }))
    fireEvent.input(screen.getByLabelText('Note for the diner'), { target: { value: '  Oven broke down  ' } })
    await confirm()
    expect(onConfirm.mock.calls[1]?.[0]).toEqual({ reason: 'other', note: 'Oven broke down' })
  })

  it('refuses a note longer than the diner can be shown', async () => {
    const onConfirm = vi.fn()
    renderWithProviders(dialog(onConfirm))
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }))
    fireEvent.input(screen.getByLabelText('Note for the diner'), { target: { value: 'x'.repeat(201) } })
    await confirm()
    expect(screen.getByText('The note must be at most 200 characters')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('keeps the order with its own button', () => {
    const onOpenChange = vi.fn()
    renderWithProviders(dialog(vi.fn(), onOpenChange))
    fireEvent.click(screen.getByRole('button', { name: 'Keep order' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})

describe('the kitchen settings', () => {
  const kitchen: Kitchen = {
    restaurantId: 1,
    restaurantName: 'Bella Napoli',
    mode: 'staffed',
    settings: { amberMinutes: 8, redMinutes: 15, stations: { Pizza: 'oven' } },
    categories: ['Pizza', 'Desserts'],
    orders: [],
    recent: [],
    pausedUntil: null,
    timeZone: 'America/New_York',
    dishes: [],
  }
  const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))

  it('starts from the saved thresholds and stations, a category without one left empty', () => {
    renderWithProviders(<SettingsDialog kitchen={kitchen} open onOpenChange={() => {}} />)
    expect((screen.getByLabelText('Amber after (min)') as HTMLInputElement).value).toBe('8')
    expect((screen.getByLabelText('Pizza') as HTMLInputElement).value).toBe('oven')
    expect((screen.getByLabelText('Desserts') as HTMLInputElement).value).toBe('')
  })

  it('refuses red before amber and sends nothing', async () => {
    const calls = stubApi(() => ({ status: 200, body: kitchen }))
    renderWithProviders(<SettingsDialog kitchen={kitchen} open onOpenChange={() => {}} />)
    fireEvent.input(screen.getByLabelText('Red after (min)'), { target: { value: '5' } })
    await save()
    expect(screen.getByText('Red must come after amber')).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Red after (min)'), { target: { value: '2.5' } })
    await save()
    expect(screen.getByText('Minutes must be a whole number from 1 to 240')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('saves numbers and stations, writes the answer to the cache and closes', async () => {
    const saved: Kitchen = {
      ...kitchen,
      settings: { amberMinutes: 6, redMinutes: 12, stations: { Pizza: 'oven', Desserts: 'pastry' } },
    }
    const calls = stubApi(() => ({ status: 200, body: saved }))
    const onOpenChange = vi.fn()
    const { queryClient } = renderWithProviders(
      <SettingsDialog kitchen={kitchen} open onOpenChange={onOpenChange} />,
    )
    fireEvent.input(screen.getByLabelText('Amber after (min)'), { target: { value: '6' } })
    fireEvent.input(screen.getByLabelText('Red after (min)'), { target: { value: '12' } })
    fireEvent.input(screen.getByLabelText('Desserts'), { target: { value: 'pastry' } })
    await save()
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/restaurants/1/kitchen/settings',
        body: { amberMinutes: 6, redMinutes: 12, stations: { Pizza: 'oven', Desserts: 'pastry' } },
      },
    ])
    expect(queryClient.getQueryData(queryKeys.kitchen(1))).toEqual(saved)
  })

  it('stays open and says why when saving fails', async () => {
    stubApi(() => ({ status: 400, body: { message: 'A station name has at most 30 characters' } }))
    const onOpenChange = vi.fn()
    renderWithProviders(<SettingsDialog kitchen={kitchen} open onOpenChange={onOpenChange} />)
    await save()
    const toast = await screen.findByText('Could not save')
    expect(
      within(toast.parentElement as HTMLElement).getByText('A station name has at most 30 characters'),
    ).toBeTruthy()
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})
