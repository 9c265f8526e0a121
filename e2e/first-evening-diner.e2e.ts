import { describe, expect, it } from 'vitest'
import { ALLERGENS } from '../src/shared/constants'
import type { MenuItem, Restaurant, RestaurantPage } from '../src/shared/schemas/restaurants'
import { apiGet, createAccount, signIn } from './shell-helpers'
import { appStarted, looks, type Page, screenshot, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'

const label = (id: string) => ALLERGENS.find((a) => a.id === id)?.label ?? id

/** A new owner's restaurant, registered through the API with the address given. */
async function registerRestaurant(page: Page, name: string, address: string): Promise<Restaurant> {
  const res = await page.request.post('/api/restaurants', {
    data: {
      name,
      description: 'Tacos and tamales from a family kitchen.',
      cuisine: 'Mexican',
      address,
      priceRange: '$$',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as Restaurant
}

describe('a new restaurant and a new diner on their first evening', () => {
  // A kitchen run of 180 s: the add-on offer comes once cooking is under way, and stays open
  // long enough to look at it in both themes and sizes.
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '180', KITCHEN_TICK_MS: '500' } })

  it('finds a new restaurant by its name without unrelated dishes, and its owner sees the location on the go-live checklist', async () => {
    const owner = await journey.openPage()
    const account = await createAccount(journey.server.url)
    await signIn(owner, account.username, account.password)
    const rosa = await registerRestaurant(owner, "Rosa's Cantina", '1100 S Lamar Blvd, Austin, TX 78704')
    expect(rosa.latitude).not.toBeNull()
    const nowhere = await registerRestaurant(owner, 'Rosa Roadside', 'Somewhere off the highway')
    expect(nowhere.latitude).toBeNull()

    // The go-live checklist: the ZIP code placed one; the other is asked for a location.
    await owner.goto(`/partner/${rosa.id}`)
    const checklist = owner.getByTestId('go-live-card')
    await checklist.getByText('A location on the map', { exact: true }).waitFor()
    await owner.goto(`/partner/${nowhere.id}`)
    await checklist.getByText('A location on the map (an address with a ZIP code)').waitFor()
    await owner.getByRole('switch', { name: 'Go live' }).click()
    await owner
      .getByTestId('go-live-refusal')
      .filter({ hasText: 'To go live, add a location on the map (an address we can place)' })
      .waitFor()
    for (const theme of looks(['light', 'dark'] as const)) {
      await owner.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
      for (const size of looks(['phone', 'desktop'] as const)) {
        await owner.setViewportSize(VIEWPORTS[size])
        await screenshot(owner, `first-evening-checklist-${size}-${theme}`)
      }
    }

    // A diner looks for "Rosa" in the header: the restaurants, and no dish that merely looks alike.
    const diner = await journey.openPage()
    await diner.goto('/')
    await appStarted(diner)
    await diner.getByRole('combobox', { name: 'Search restaurants and dishes' }).fill('Rosa')
    const results = diner.getByRole('listbox', { name: 'Search results' })
    await results.getByRole('option', { name: /Rosa's Cantina/ }).waitFor()
    await expect
      .poll(async () =>
        (await results.getByRole('option').allTextContents()).map((t) => t.split('Mexican')[0]),
      )
      .toEqual(["Rosa's Cantina", 'Rosa Roadside'])
    await screenshot(diner, 'first-evening-search-desktop-light')
    journey.expectNoPageErrors()
  })

  it('lists the allergens of the dish the kitchen offers as an add-on', async () => {
    const page = await journey.openPage({ viewport: VIEWPORTS.phone })
    const account = await createAccount(journey.server.url)
    await signIn(page, account.username, account.password)
    const thai = (await apiGet<RestaurantPage>(page, '/api/restaurants?cuisine=Thai')).restaurants[0]!
    const menu = await apiGet<MenuItem[]>(page, `/api/restaurants/${thai.id}/menu`)
    const tomYum = menu.find((m) => m.name === 'Tom Yum Soup')!
    expect(tomYum.allergens).toEqual(['shellfish', 'fish'])
    // Everything else is ordered, so the one dish left to offer is the Tom Yum.
    const others = menu.filter((m) => m.isAvailable && m.id !== tomYum.id)
    const funds = await page.request.post(`/api/users/${account.id}/wallet/add-funds`, {
      data: { amount: 500 },
    })
    expect(funds.status()).toBe(200)
    const placed = await page.request.post('/api/orders', {
      headers: { 'idempotency-key': `first-evening-${account.id}` },
      data: {
        restaurantId: thai.id,
        fulfilment: 'pickup',
        // A dish that asks for a choice gets the first available option of each required group.
        items: others.map((m) => ({
          menuItemId: m.id,
          quantity: 1,
          options: (m.optionGroups ?? [])
            .filter((g) => g.required)
            .map((g) => g.options.find((o) => o.isAvailable)!.id),
        })),
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const orderId = ((await placed.json()) as { id: number }).id

    expect((await page.request.post('/api/stream-access', { data: { orderId } })).status()).toBe(200)
    await page.goto('/healthz')
    await page.evaluate((id) => {
      sessionStorage.setItem(
        'clearplate-stream-access',
        JSON.stringify({ [id]: { grantedAt: Date.now(), expiresAt: Date.now() + 20 * 60_000 } }),
      )
    }, orderId)
    await page.goto(`/stream/${orderId}`)
    const offer = page.getByRole('dialog', { name: 'Add Tom Yum Soup?' })
    await offer.waitFor({ timeout: 150_000 })
    const allergens = offer.getByRole('list', { name: 'Allergens' })
    expect(await allergens.getByRole('listitem').allTextContents()).toEqual(
      tomYum.allergens.map((a) => label(a)),
    )
    for (const theme of looks(['light', 'dark'] as const)) {
      await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
      for (const size of looks(['phone', 'desktop'] as const)) {
        await page.setViewportSize(VIEWPORTS[size])
        await screenshot(page, `first-evening-add-on-${size}-${theme}`)
      }
    }
    await offer.getByRole('button', { name: 'No thanks' }).click()
    await offer.waitFor({ state: 'hidden' })
    journey.expectNoPageErrors()
  }, 240_000)
})
