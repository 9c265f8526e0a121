import type { Restaurant } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RestaurantHero, RestaurantLoadError } from './restaurant-hero'

afterEach(cleanup)

const RESTAURANT: Restaurant = {
  id: 3,
  name: 'Bangkok Street',
  description: 'Wok-fired street food',
  cuisine: 'Thai',
  address: '1 Main St',
  priceRange: '$$',
  rating: 4.26,
  reviewCount: 1,
  avatar: '/media/avatar.jpg',
  images: ['/media/front.jpg', '/media/kitchen.jpg'],
  features: ['Vegan options', 'Open late'],
  isLive: true,
  isDemo: false,
  distance: 3.2,
  latitude: null,
  longitude: null,
  deliveryRadiusKm: 5,
  timeZone: 'America/New_York',
  pausedUntil: null,
}

const hero = (restaurant: Restaurant) =>
  render(<RestaurantHero restaurant={restaurant} watchAction={<button type="button">Watch live</button>} />)

describe('RestaurantHero', () => {
  it('heads the page with the name, rating, cuisine, price and distance in miles', () => {
    hero(RESTAURANT)
    expect(screen.getByRole('heading', { level: 1, name: 'Bangkok Street' })).toBeTruthy()
    const facts = screen.getByText('Thai').parentElement?.textContent
    expect(facts).toBe('4.3(1 review)Thai$$ · Moderate2.0 miles away')
    expect(screen.getByText('Live')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Bangkok Street' }).getAttribute('src')).toBe('/media/front.jpg')
  })

  it('calls a restaurant without ratings new and leaves out what is unknown', () => {
    hero({
      ...RESTAURANT,
      rating: null,
      reviewCount: 0,
      distance: null,
      isLive: false,
      features: [],
      images: [],
    })
    expect(screen.getByTestId('rating-new').textContent).toBe('New')
    expect(screen.queryByText(/miles away/)).toBeNull()
    expect(screen.queryByText('Live')).toBeNull()
    expect(screen.queryByRole('list', { name: 'Features' })).toBeNull()
    // Without photos, the avatar stands in.
    expect(screen.getByRole('img', { name: 'Bangkok Street' }).getAttribute('src')).toBe('/media/avatar.jpg')
  })

  it('lists the features and offers the watch action beside a jump to the menu', () => {
    hero(RESTAURANT)
    const features = within(screen.getByRole('list', { name: 'Features' })).getAllByRole('listitem')
    expect(features.map((li) => li.textContent)).toEqual(['Vegan options', 'Open late'])
    expect(screen.getByRole('button', { name: 'Watch live' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View Menu' }).getAttribute('href')).toBe('#menu')
  })
})

describe('RestaurantLoadError', () => {
  it('says the restaurant could not be loaded and retries on request', () => {
    const onRetry = vi.fn()
    render(<RestaurantLoadError onRetry={onRetry} retrying={false} />)
    expect(within(screen.getByRole('alert')).getByRole('heading').textContent).toBe(
      'Could not load this restaurant',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('cannot retry again while a retry is under way', () => {
    const onRetry = vi.fn()
    render(<RestaurantLoadError onRetry={onRetry} retrying />)
    const button = screen.getByRole('button', { name: 'Trying again…' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.click(button)
    expect(onRetry).not.toHaveBeenCalled()
  })
})
