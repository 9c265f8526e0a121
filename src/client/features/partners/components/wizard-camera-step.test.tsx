import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Camera, Restaurant } from '@shared/schemas/restaurants'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WizardCameraStep } from './wizard-camera-step'

afterEach(cleanup)

const restaurant: Restaurant = {
  id: 3,
  name: 'Casa Nueva',
  description: 'Tacos',
  cuisine: 'Mexican',
  address: '1 Congress Ave, Austin',
  priceRange: '$$',
  rating: null,
  reviewCount: 0,
  avatar: null,
  images: [],
  features: [],
  isLive: false,
  isDemo: false,
  distance: null,
  latitude: null,
  longitude: null,
  deliveryRadiusKm: 10,
  timeZone: 'America/Chicago',
  pausedUntil: null,
}
const saved: Camera = {
  id: 20,
  restaurantId: 3,
  name: 'Main Kitchen',
  position: 'main',
  streamUrl: 'https://cams.example.com/main.m3u8',
  isActive: true,
}
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Camera' })))

describe('the wizard’s camera step', () => {
  it('connects the camera to the restaurant just registered and clears the form for the next one', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/cameras' ? { status: 201, body: saved } : undefined,
    )
    const onSaved = vi.fn()
    renderWithProviders(
      <WizardCameraStep restaurant={restaurant} cameras={[]} onSaved={onSaved} onSkip={() => {}} />,
    )
    expect(screen.getByLabelText('Stream URL').id).toBe('cam-url')
    fireEvent.input(screen.getByLabelText('Stream URL'), { target: { value: saved.streamUrl } })
    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/cameras',
        body: { name: 'Main Kitchen', position: 'main', streamUrl: saved.streamUrl, restaurantId: 3 },
      },
    ])
    expect((screen.getByLabelText('Stream URL') as HTMLInputElement).value).toBe('')
    expect(
      await screen.findByText(
        'Main Kitchen is saved for Casa Nueva. Check its stream in your workspace to see the picture come through.',
      ),
    ).toBeTruthy()
  })

  it('asks for the restaurant first and sends nothing without one', async () => {
    const calls = stubApi(() => ({ status: 201, body: saved }))
    const onSaved = vi.fn()
    renderWithProviders(
      <WizardCameraStep restaurant={null} cameras={[]} onSaved={onSaved} onSkip={() => {}} />,
    )
    fireEvent.input(screen.getByLabelText('Stream URL'), { target: { value: saved.streamUrl } })
    await save()
    expect(await screen.findByText('Please register your restaurant first')).toBeTruthy()
    expect(calls).toEqual([])
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('keeps what was typed when the server fails', async () => {
    stubApi(() => ({ status: 500, body: { message: 'boom' } }))
    const onSaved = vi.fn()
    renderWithProviders(
      <WizardCameraStep restaurant={restaurant} cameras={[]} onSaved={onSaved} onSkip={() => {}} />,
    )
    fireEvent.input(screen.getByLabelText('Stream URL'), { target: { value: saved.streamUrl } })
    await save()
    expect(await screen.findByText('Setup Failed')).toBeTruthy()
    expect((screen.getByLabelText('Stream URL') as HTMLInputElement).value).toBe(saved.streamUrl)
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('lists the cameras already added and lets the owner skip the step', () => {
    const onSkip = vi.fn()
    renderWithProviders(
      <WizardCameraStep
        restaurant={restaurant}
        cameras={[saved, { ...saved, id: 21, name: 'Grill' }]}
        onSaved={() => {}}
        onSkip={onSkip}
      />,
    )
    expect(screen.getByRole('list', { name: 'Cameras added' }).textContent).toBe('Main KitchenGrill')
    fireEvent.click(screen.getByRole('button', { name: 'Skip This Step' }))
    expect(onSkip).toHaveBeenCalledTimes(1)
  })
})
