import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppUpdates } from './app-updates'

const worker = vi.hoisted(() => ({
  onUpdate: undefined as (() => void) | undefined,
  waiting: false,
  applyUpdate: vi.fn(),
}))
vi.mock('@client/lib/pwa/service-worker', () => ({
  registerServiceWorker: (onUpdate: () => void) => {
    worker.onUpdate = onUpdate
  },
  updateWaiting: () => worker.waiting,
  applyUpdate: worker.applyUpdate,
}))

describe('AppUpdates', () => {
  beforeEach(() => {
    worker.onUpdate = undefined
    worker.waiting = false
    worker.applyUpdate.mockClear()
    stubApi(() => ({ status: 401, body: { message: 'Not signed in' } }))
  })

  it('says a new version is ready and lets the diner take it at once', async () => {
    renderWithProviders(<AppUpdates />)
    expect(worker.onUpdate).toBeDefined()
    worker.waiting = true
    act(() => worker.onUpdate?.())
    await screen.findByText('A new version of Clearplate is ready')
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }))
    expect(worker.applyUpdate).toHaveBeenCalledTimes(1)
  })

  it('lets a waiting version take over on the next navigation, not before', () => {
    const { location } = renderWithProviders(<AppUpdates />, { path: '/restaurants/1' })
    worker.waiting = true
    act(() => worker.onUpdate?.())
    expect(worker.applyUpdate).not.toHaveBeenCalled()
    act(() => location.navigate('/orders'))
    expect(worker.applyUpdate).toHaveBeenCalledTimes(1)
  })

  it('leaves navigation alone while no new version waits', () => {
    const { location } = renderWithProviders(<AppUpdates />, { path: '/' })
    act(() => location.navigate('/orders'))
    expect(worker.applyUpdate).not.toHaveBeenCalled()
  })
})
