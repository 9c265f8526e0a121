import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Camera } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KitchenCameras } from './kitchen-cameras'

const camera = (id: number, name: string, isActive = true): Camera => ({
  id,
  restaurantId: 1,
  name,
  position: 'grill',
  // A plain video file: the test browser has neither WebRTC nor MediaSource to play a live one.
  streamUrl: `/media/camera-${id}.mp4`,
  isActive,
})

beforeEach(() => localStorage.clear())
afterEach(cleanup)

const toggle = () => screen.getByRole('button', { name: 'What diners see' })

describe('the kitchen console’s camera', () => {
  it('starts closed, playing nothing, and opens on a tap to the restaurant’s active camera, muted', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/restaurants/1/cameras'
        ? { status: 200, body: [camera(5, 'Pizza oven'), camera(6, 'Back door', false)] }
        : undefined,
    )
    renderWithProviders(<KitchenCameras restaurantId={1} restaurantName="Trattoria Bellini" />)
    await screen.findByRole('button', { name: 'What diners see' })
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('video')).toBeNull()
    fireEvent.click(toggle())
    // The player's module loads once the panel is open: the first time takes a moment.
    const player = await screen.findByRole('region', { name: 'Trattoria Bellini camera, as diners see it' })
    expect(toggle().getAttribute('aria-expanded')).toBe('true')
    const video = player.querySelector('video')!
    expect(video.muted).toBe(true)
    expect(video.getAttribute('aria-label')).toBe('Pizza oven camera')
    // The inactive camera is not offered.
    expect(screen.queryByRole('button', { name: /Back door/ })).toBeNull()
    expect(calls.map((c) => c.path)).toEqual(['/api/restaurants/1/cameras'])
  })

  it('remembers the team’s choice per restaurant, open or closed', async () => {
    stubApi(() => ({ status: 200, body: [camera(5, 'Pizza oven')] }))
    renderWithProviders(<KitchenCameras restaurantId={1} restaurantName="Trattoria Bellini" />)
    fireEvent.click(await screen.findByRole('button', { name: 'What diners see' }))
    await screen.findByRole('region', { name: /as diners see it/ })
    cleanup()

    renderWithProviders(<KitchenCameras restaurantId={1} restaurantName="Trattoria Bellini" />)
    await screen.findByRole('region', { name: /as diners see it/ })
    fireEvent.click(toggle())
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('video')).toBeNull()
    cleanup()

    renderWithProviders(<KitchenCameras restaurantId={1} restaurantName="Trattoria Bellini" />)
    await screen.findByRole('button', { name: 'What diners see' })
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    // Another restaurant's console has its own.
    cleanup()
    localStorage.setItem('clearplate-kitchen-camera-1', 'open')
    renderWithProviders(<KitchenCameras restaurantId={2} restaurantName="Sakura Counter" />)
    await screen.findByRole('button', { name: 'What diners see' })
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
  })

  it('shows nothing for a restaurant without an active camera', async () => {
    const calls = stubApi(() => ({ status: 200, body: [camera(6, 'Back door', false)] }))
    const { container } = renderWithProviders(
      <KitchenCameras restaurantId={1} restaurantName="Trattoria Bellini" />,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.map((c) => c.path)).toEqual(['/api/restaurants/1/cameras'])
    expect(container.querySelector('section')).toBeNull()
  })
})
