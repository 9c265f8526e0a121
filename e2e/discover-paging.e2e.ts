import { describe, expect, it } from 'vitest'
import { apiGet } from './shell-helpers'
import { screenshot, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'

interface Restaurant {
  id: number
  name: string
  cuisine: string
  isLive: boolean
  latitude: number | null
  longitude: number | null
  distance: number | null
}
interface RestaurantPage {
  restaurants: Restaurant[]
  total: number
  nextCursor: string | null
}

/** The seed's 12 restaurants in pages of 5, so the list takes three pages. */
const PAGE = 5

describe.skipIf(process.env.E2E_SKIP === '1')('discover pages through the restaurant list', () => {
  const journey = setupJourney({ env: { KITCHEN_ENABLED: 'false', CAMERAS_ENABLED: 'false' } })
  const { openPage, expectNoPageErrors } = journey

  it('loads more restaurants on demand, keeping the filters and an honest count', async () => {
    const page = await openPage()
    const asked: URL[] = []
    // The page asks for its own page size; a smaller one here makes the seed span several pages.
    await page.route(
      (url) => url.pathname === '/api/restaurants',
      (route) => {
        const url = new URL(route.request().url())
        if (url.searchParams.has('limit')) url.searchParams.set('limit', String(PAGE))
        asked.push(url)
        return route.continue({ url: url.toString() })
      },
    )
    const all = (await apiGet<RestaurantPage>(page, '/api/restaurants?limit=100')).restaurants
    expect(all.length).toBeGreaterThan(2 * PAGE)
    const live = all.filter((r) => r.isLive)
    expect(live.length).toBeGreaterThan(PAGE)

    await page.goto('/discover')
    const cards = page.getByTestId('restaurant-card')
    const more = page.getByRole('button', { name: 'Load more restaurants' })
    const names = () => cards.locator('h3').allTextContents()

    await page.getByText(`${all.length} restaurants`, { exact: true }).waitFor()
    await page.getByText(`Showing ${PAGE} of ${all.length}`).waitFor()
    expect(await names()).toEqual(all.slice(0, PAGE).map((r) => r.name))

    await more.click()
    await page.getByText(`Showing ${2 * PAGE} of ${all.length}`).waitFor()
    await more.click()
    await page.getByText(`Showing ${all.length} of ${all.length}`).waitFor()
    expect(await more.count()).toBe(0)
    // Every restaurant once, in the list's order.
    expect(await names()).toEqual(all.map((r) => r.name))
    expect(asked.filter((u) => u.searchParams.has('cursor'))).toHaveLength(2)

    // A filter starts the list again from its first page, and paging keeps the filter.
    await page.getByRole('switch', { name: 'Live kitchens only' }).click()
    await page.getByText(`${live.length} restaurants`, { exact: true }).waitFor()
    await page.getByText(`Showing ${PAGE} of ${live.length}`).waitFor()
    await more.click()
    await page.getByText(`Showing ${Math.min(2 * PAGE, live.length)} of ${live.length}`).waitFor()
    expect(await page.getByRole('switch', { name: 'Live kitchens only' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    expect(await names()).toEqual(live.slice(0, 2 * PAGE).map((r) => r.name))
    const lastAsked = asked.at(-1)!
    expect(lastAsked.searchParams.get('live')).toBe('true')
    expect(lastAsked.searchParams.get('cursor')).toBeTruthy()

    // The filter is in the address: a restaurant opened and left again finds it still chosen.
    expect(new URL(page.url()).searchParams.get('live')).toBe('1')
    await cards
      .first()
      .getByRole('link', { name: /view menu/i })
      .click()
    await page.waitForURL(/\/restaurant\/\d+/)
    await page.goBack()
    await page.getByText(`${live.length} restaurants`, { exact: true }).waitFor()
    expect(await page.getByRole('switch', { name: 'Live kitchens only' }).getAttribute('aria-checked')).toBe(
      'true',
    )

    // Cuisine and live together, answered by the server rather than filtered from one page.
    const cuisine = live[live.length - 1]!.cuisine
    await page.getByLabel('Cuisine').selectOption(cuisine)
    const both = live.filter((r) => r.cuisine === cuisine)
    await page
      .getByText(`${both.length} restaurant${both.length === 1 ? '' : 's'}`, { exact: true })
      .waitFor()
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="restaurant-card"]').length === n,
      Math.min(PAGE, both.length),
    )
    expect(await names()).toEqual(both.slice(0, PAGE).map((r) => r.name))
    expect(asked.at(-1)!.searchParams.get('cuisine')).toBe(cuisine)
    expectNoPageErrors()
  })

  it('shows live kitchens first, then the rest, each nearest first, from a typed location', async () => {
    const page = await openPage({ viewport: VIEWPORTS.phone })
    await page.route(
      (url) => url.pathname === '/api/restaurants',
      (route) => {
        const url = new URL(route.request().url())
        if (url.searchParams.has('limit')) url.searchParams.set('limit', String(PAGE))
        return route.continue({ url: url.toString() })
      },
    )
    // Standing at the door of a restaurant that is not live: by distance alone it would come first.
    const all = (await apiGet<RestaurantPage>(page, '/api/restaurants?limit=100')).restaurants
    const offline = all.find((r) => !r.isLive && r.latitude !== null)!
    expect(offline).toBeDefined()
    const live = all.filter((r) => r.isLive)
    expect(live.length).toBeGreaterThanOrEqual(PAGE)
    const here = { latitude: offline.latitude!, longitude: offline.longitude! }
    const near = await apiGet<RestaurantPage>(
      page,
      `/api/restaurants?limit=100&latitude=${here.latitude}&longitude=${here.longitude}`,
    )
    const order = near.restaurants
    const firstOffline = order.findIndex((r) => !r.isLive)
    expect(firstOffline).toBe(live.length)
    expect(order.slice(firstOffline).every((r) => !r.isLive)).toBe(true)
    expect(order[firstOffline]!.name).toBe(offline.name)
    for (const group of [order.slice(0, firstOffline), order.slice(firstOffline)]) {
      const distances = group.map((r) => r.distance ?? Number.POSITIVE_INFINITY)
      expect(distances).toEqual([...distances].sort((a, b) => a - b))
    }

    await page.goto('/discover')
    await page.getByRole('button', { name: 'Enter coordinates' }).click()
    await page.getByLabel('Latitude').fill(String(here.latitude))
    await page.getByLabel('Longitude').fill(String(here.longitude))
    await page.getByRole('button', { name: 'Search here' }).click()
    const cards = page.getByTestId('restaurant-card')
    const names = () => cards.locator('h3').allTextContents()
    // The first page is live kitchens only, the nearest first; the one next door waits its turn.
    await page.getByText(`Showing ${PAGE} of ${all.length}`).waitFor()
    await cards.getByTestId('restaurant-distance').first().waitFor()
    expect(await names()).toEqual(order.slice(0, PAGE).map((r) => r.name))
    expect(await names()).not.toContain(offline.name)
    await screenshot(page, 'discover-live-first-390')
    const more = page.getByRole('button', { name: 'Load more restaurants' })
    while ((await more.count()) > 0) {
      const before = await cards.count()
      await more.click()
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="restaurant-card"]').length > n,
        before,
      )
    }
    expect(await names()).toEqual(order.map((r) => r.name))
    expectNoPageErrors()
  })
})
