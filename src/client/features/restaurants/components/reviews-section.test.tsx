import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { Restaurant } from '@shared/schemas/restaurants'
import type { Review } from '@shared/schemas/reviews'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewsSection } from './reviews-section'

afterEach(cleanup)

const RESTAURANT: Restaurant = {
  id: 3,
  name: 'Bangkok Street',
  description: '',
  cuisine: 'Thai',
  address: '1 Main St',
  priceRange: '$$',
  rating: 4.26,
  reviewCount: 1234,
  avatar: null,
  images: [],
  features: [],
  isLive: true,
  isDemo: false,
  distance: null,
  latitude: null,
  longitude: null,
  deliveryRadiusKm: 5,
  timeZone: 'America/New_York',
  pausedUntil: null,
}

function review(id: number, rating: number, comment: string | null): Review {
  return {
    id,
    orderId: 100 + id,
    restaurantId: 3,
    rating,
    comment,
    author: `Diner ${id}.`,
    createdAt: `2026-03-0${id}T12:00:00.000Z`,
  }
}

function serve(pages: Record<string, { status: number; body?: unknown }>) {
  return stubApi((url) => {
    if (url.pathname !== '/api/restaurants/3/reviews') return undefined
    return pages[url.searchParams.get('cursor') ?? 'first']
  })
}

describe('ReviewsSection', () => {
  it('sums up the rating to one decimal with the number of ratings', async () => {
    serve({ first: { status: 200, body: { reviews: [], nextCursor: null } } })
    renderWithProviders(<ReviewsSection restaurant={RESTAURANT} />)
    expect(screen.getByTestId('reviews-summary').textContent).toBe('4.3 out of 5 from 1,234 ratings')
    expect(await screen.findByText(/No written reviews on Clearplate yet/)).toBeTruthy()
  })

  it('says there are no ratings yet for a restaurant nobody has rated', () => {
    serve({ first: { status: 200, body: { reviews: [], nextCursor: null } } })
    renderWithProviders(<ReviewsSection restaurant={{ ...RESTAURANT, rating: null, reviewCount: 0 }} />)
    expect(screen.getByTestId('reviews-summary').textContent).toBe('No ratings yet')
  })

  it('shows each review’s stars, comment and author, and loads the next page on request', async () => {
    const calls = serve({
      first: {
        status: 200,
        body: { reviews: [review(1, 5, 'Crispy and hot'), review(2, 3, null)], nextCursor: 'c2' },
      },
      c2: { status: 200, body: { reviews: [review(3, 4, 'Good pad thai')], nextCursor: null } },
    })
    renderWithProviders(<ReviewsSection restaurant={RESTAURANT} />)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const items = within(list).getAllByTestId('review')
    expect(items).toHaveLength(2)
    expect(within(items[0] as HTMLElement).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy()
    expect(items[0]?.textContent).toContain('Crispy and hot')
    expect(items[0]?.textContent).toContain('Diner 1.')
    expect(within(items[1] as HTMLElement).getByRole('img', { name: '3 out of 5 stars' })).toBeTruthy()
    expect(items[1]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T12:00:00.000Z')

    fireEvent.click(screen.getByRole('button', { name: 'More reviews' }))
    expect(await screen.findByText('Good pad thai')).toBeTruthy()
    expect(screen.getAllByTestId('review')).toHaveLength(3)
    // The last page has no cursor: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull()
    expect(calls.map((c) => c.path)).toEqual([
      '/api/restaurants/3/reviews?limit=5',
      '/api/restaurants/3/reviews?limit=5&cursor=c2',
    ])
  })

  it('says the reviews could not be loaded when the server fails', async () => {
    serve({ first: { status: 500, body: { message: 'Boom' } } })
    renderWithProviders(<ReviewsSection restaurant={RESTAURANT} />)
    expect(await screen.findByText('Could not load the reviews.')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Reviews' })).toBeNull()
  })
})
