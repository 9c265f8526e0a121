import { renderWithProviders } from '@client/lib/test-utils'
import type { Restaurant } from '@shared/schemas/restaurants'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RestaurantCard } from './restaurant-card'

afterEach(cleanup)

const restaurant = (overrides: Partial<Restaurant> = {}): Restaurant => ({
  id: 4,
  name: 'Trattoria Bellini',
  description: 'Wood-fired pizzas and hand-rolled pasta.',
  cuisine: 'Italian',
  address: '301 W 2nd St, Austin, TX 78701',
  priceRange: '$$',
  rating: 4.75,
  reviewCount: 842,
  avatar: null,
  images: ['/media/bellini.jpg'],
  features: ['Live Kitchen View', 'Chef Interaction', 'Temperature Monitoring', 'Cooking Timeline'],
  isLive: true,
  isDemo: false,
  distance: 0.42,
  latitude: null,
  longitude: null,
  deliveryRadiusKm: 10,
  timeZone: 'America/Chicago',
  pausedUntil: null,
  ...overrides,
})

describe('the compact restaurant card', () => {
  it('links to the restaurant with its rating, cuisine, price range and street', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant()} />)
    const link = screen.getByRole('link')
    expect(link.getAttribute('href')).toBe('/restaurant/4')
    expect(within(link).getByRole('heading', { name: 'Trattoria Bellini' })).toBeTruthy()
    expect(link.textContent).toContain('4.8')
    expect(link.textContent).toContain('Italian · $$')
    expect(within(link).getByTitle('Moderate')).toBeTruthy()
    expect(link.textContent).toContain('301 W 2nd St')
    expect(link.textContent).not.toContain('Austin')
    expect(within(link).getByText('Live')).toBeTruthy()
  })

  it('says New for a restaurant nobody has rated, and shows no live badge when it is not streaming', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant({ rating: null, isLive: false })} />)
    expect(screen.getByRole('link').textContent).toContain('New')
    expect(screen.queryByText('Live')).toBeNull()
  })

  it('shows a placeholder instead of a broken picture', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant()} />)
    fireEvent.error(screen.getByRole('img', { name: 'Trattoria Bellini dishes' }))
    expect(screen.queryByRole('img', { name: 'Trattoria Bellini dishes' })).toBeNull()
  })
})

describe('the detailed restaurant card', () => {
  it('shows the distance, three features, the review count and a way to watch a live kitchen', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant()} variant="detailed" />)
    const card = screen.getByTestId('restaurant-card')
    expect(within(card).getByTestId('restaurant-distance').textContent).toBe('420 m')
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Live Kitchen View', 'Chef Interaction', 'Temperature Monitoring'])
    expect(card.textContent).toContain('(842)')
    expect(
      within(card).getByRole('link', { name: 'Watch Trattoria Bellini’s kitchen live' }).getAttribute('href'),
    ).toBe('/restaurant/4#live-cameras')
    expect(
      within(card).getByRole('link', { name: 'View menu of Trattoria Bellini' }).getAttribute('href'),
    ).toBe('/restaurant/4')
  })

  it('offers no stream for a kitchen that is offline and no distance without a location', () => {
    renderWithProviders(
      <RestaurantCard restaurant={restaurant({ isLive: false, distance: null })} variant="detailed" />,
    )
    const offline = screen.getByRole('button', { name: 'Trattoria Bellini is not streaming now' })
    expect((offline as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('link', { name: /Watch/ })).toBeNull()
    expect(screen.queryByTestId('restaurant-distance')).toBeNull()
  })
})

describe('the spotlight restaurant card', () => {
  it('tells the story and leads to the cameras, the menu and every restaurant', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant()} variant="spotlight" />)
    const section = screen.getByRole('region', { name: 'Trattoria Bellini' })
    expect(section.textContent).toContain('Wood-fired pizzas and hand-rolled pasta.')
    const links = within(section)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Watch the kitchen', '/restaurant/4#live-cameras'],
      ['View menu', '/restaurant/4'],
      ['All restaurants', '/discover'],
    ])
  })

  it('says New rather than inventing a rating for a restaurant nobody has rated', () => {
    renderWithProviders(<RestaurantCard restaurant={restaurant({ rating: null })} variant="spotlight" />)
    expect(screen.getByRole('region', { name: 'Trattoria Bellini' }).textContent).toContain('New·')
  })
})
