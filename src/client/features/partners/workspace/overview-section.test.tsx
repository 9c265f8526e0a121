import { renderWithProviders, stubResizeObserver } from '@client/lib/test-utils'
import type { Restaurant } from '@shared/schemas/restaurants'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OverviewSection } from './overview-section'

beforeAll(stubResizeObserver)

afterEach(cleanup)

const RESTAURANT: Restaurant = {
  id: 3,
  name: 'Bangkok Street',
  description: 'Wok-fired street food',
  cuisine: 'Thai',
  address: '1 Main St, Austin, TX 78701',
  priceRange: '$$',
  rating: null,
  reviewCount: 0,
  avatar: null,
  images: [],
  features: [],
  isLive: false,
  isDemo: false,
  distance: null,
  latitude: 30.27,
  longitude: -97.74,
  deliveryRadiusKm: 5,
  timeZone: 'America/Chicago',
  pausedUntil: null,
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

describe('the go-live checklist', () => {
  it('says it is checking the cameras and dishes until they arrive, then what is missing', async () => {
    let answerCameras: (response: Response) => void = () => {}
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/restaurants/3/cameras') return new Promise<Response>((r) => (answerCameras = r))
      if (path === '/api/restaurants/3/menu') return json([])
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
    }) as typeof fetch
    renderWithProviders(<OverviewSection restaurant={RESTAURANT} />)
    const card = within(screen.getByTestId('go-live-card'))
    const row = (text: string) => card.getByText(text).closest('li') as HTMLElement

    // The menu has answered (nothing on it); the cameras have not.
    await within(row('A dish that is not sold out')).findByRole('link', { name: 'Add' })
    expect(within(row('An active kitchen camera')).queryByRole('link', { name: 'Add' })).toBeNull()
    expect(within(row('An active kitchen camera')).getByText('Checking…')).toBeTruthy()
    expect(within(row('A location on the map')).getByText('(done)')).toBeTruthy()

    answerCameras(json([]))
    await within(row('An active kitchen camera')).findByRole('link', { name: 'Add' })
    expect(card.queryByText('Checking…')).toBeNull()
  })
})
