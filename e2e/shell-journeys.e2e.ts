import { describe, expect, it } from 'vitest'
import { apiGet, createAccount, expectToast, signIn } from './shell-helpers'
import { appStarted, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'

interface Restaurant {
  id: number
  name: string
  cuisine: string
  isLive: boolean
  distance: number | null
}

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 }

/** Every restaurant of `GET /api/restaurants` for this query (the seed fits on one page of 100). */
async function listed(page: Parameters<typeof apiGet>[0], query = ''): Promise<Restaurant[]> {
  const body = await apiGet<{ restaurants: Restaurant[]; nextCursor: string | null }>(
    page,
    `/api/restaurants?limit=100${query}`,
  )
  expect(body.nextCursor).toBeNull()
  return body.restaurants
}

describe.skipIf(process.env.E2E_SKIP === '1')('app shell and diner account journeys', () => {
  const journey = setupJourney({ env: { KITCHEN_ENABLED: 'false', CAMERAS_ENABLED: 'false' } })
  const { openPage, expectNoPageErrors } = journey

  it('sends visitors from the signed-in pages to the sign-in page', async () => {
    const page = await openPage()
    await page.goto('/equipment-setup')
    await expectToast(page, 'Authentication Required', 'Please log in to schedule equipment setup.')
    await page.waitForURL(/\/auth(\?|$)/)

    await page.goto('/allergen-profile')
    await expectToast(page, 'Authentication Required', 'Please log in to manage your allergen profile.')
    await page.waitForURL(/\/auth(\?|$)/)

    await page.goto('/profile')
    await page.waitForURL(/\/auth(\?|$)/)
    expectNoPageErrors()
  })

  it('switches to the dark theme and keeps it after a reload', async () => {
    const page = await openPage()
    await page.goto('/faq')
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
    await page.getByRole('button', { name: 'Theme' }).click()
    await page.getByRole('menuitemradio', { name: 'Dark' }).click()
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
    expect(await page.evaluate(() => localStorage.getItem('clearplate-theme'))).toBe('dark')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)

    await page.reload()
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background)

    await page.getByRole('button', { name: 'Theme' }).click()
    await page.getByRole('menuitemradio', { name: 'Light' }).click()
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'))
    expectNoPageErrors()
  })

  it('opens the mobile menu and the bottom bar at phone size', async () => {
    const page = await openPage({ viewport: VIEWPORTS.phone })
    await page.goto('/faq')
    const bottomBar = page.getByRole('navigation', { name: 'Primary' })
    await bottomBar.waitFor()
    for (const label of ['Live', 'Discover', 'Orders', 'Profile'])
      await bottomBar.getByRole('link', { name: label }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    for (const label of ['Live Streams', 'Discover', 'My Orders', 'For Restaurants', 'Restaurant Partners'])
      await menu.getByRole('link', { name: label, exact: true }).waitFor()
    await menu.getByRole('link', { name: 'Sign In / Register' }).waitFor()
    await menu.getByRole('link', { name: 'Discover', exact: true }).click()
    await page.waitForURL('**/discover')
    await menu.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Discover restaurants' }).waitFor()
    expect(await bottomBar.getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe('page')
    expect(await bottomBar.getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBeNull()
    expectNoPageErrors()
  })

  it('searches from the header’s dialog at phone size, its icon on the field above the results', async () => {
    const page = await openPage({ viewport: VIEWPORTS.phone })
    await page.goto('/faq')
    await page.getByRole('button', { name: 'Search restaurants and dishes' }).click()
    const dialog = page.getByRole('dialog', { name: 'Search restaurants and dishes' })
    const box = dialog.getByRole('combobox', { name: 'Search restaurants and dishes' })
    await box.fill('margarita')
    const pizza = dialog.getByRole('option', { name: /Margherita Pizza/ })
    await pizza.waitFor()
    // The results open below the field, inside its container: the magnifier stays centred on the
    // field (it had slid down onto the results' first heading).
    const field = (await box.boundingBox())!
    const icon = (await box.evaluate((el) =>
      el.parentElement!.querySelector('svg')!.getBoundingClientRect().toJSON(),
    )) as DOMRect
    expect(Math.abs(icon.y + icon.height / 2 - (field.y + field.height / 2))).toBeLessThanOrEqual(1)
    await pizza.click()
    await page.waitForURL(/\/restaurant\/1\?dish=\d+/)
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('article', { name: 'Margherita Pizza' }).waitFor()
    expectNoPageErrors()
  })

  it('fits a signed-in owner’s pages into a 390 px phone, with the account in the menu', async () => {
    const page = await openPage({ viewport: VIEWPORTS.phone })
    await signIn(page, 'chef', 'chef1234')
    for (const path of ['/', '/restaurant/1', '/partner/1/menu']) {
      await page.goto(path)
      await page.getByRole('button', { name: 'Open menu' }).waitFor()
      // Nothing wider than the screen: the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
    }
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    await menu.getByText('My restaurant').waitFor()
    await menu.getByText('Logout').waitFor()
    expectNoPageErrors()
  })

  it('shows the account menu with the wallet balance and logs out', async () => {
    const page = await openPage()
    const demo = await signIn(page, 'demo', 'demo1234')
    const { balance } = await apiGet<{ balance: number }>(page, `/api/users/${demo.id}/wallet-balance`)
    await page.goto('/discover')
    await page.getByRole('button', { name: `Account menu for ${demo.fullName}` }).click()
    await page.getByText('My Account').waitFor()
    expect(await page.getByTestId('header-wallet-balance').textContent()).toBe(`$${balance.toFixed(2)}`)
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expectToast(page, 'Logged out')
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor()
    const me = await page.request.get('/api/user')
    expect(me.status()).toBe(401)
    expectNoPageErrors()
  })

  it('discovers restaurants around the device location and filters them', async () => {
    const page = await openPage({ permissions: ['geolocation'], geolocation: AUSTIN })
    await page.goto('/discover')
    const all = await listed(page)
    const cards = page.getByTestId('restaurant-card')
    await page.getByText(`${all.length} restaurants`).waitFor()
    expect(await page.getByLabel('Distance').isDisabled()).toBe(true)

    await page.getByRole('button', { name: 'Use my location' }).click()
    await page.getByText('Showing restaurants near you').waitFor()
    expect(await page.getByLabel('Distance').inputValue()).toBe('25')
    const within25 = await listed(
      page,
      `&latitude=${AUSTIN.latitude}&longitude=${AUSTIN.longitude}&radius=25`,
    )
    await page
      .getByText(`${within25.length} restaurant${within25.length === 1 ? '' : 's'}`, { exact: true })
      .waitFor()
    expect(await page.getByTestId('restaurant-distance').count()).toBe(within25.length)

    await page.getByLabel('Distance').selectOption('1')
    const within1 = await listed(page, `&latitude=${AUSTIN.latitude}&longitude=${AUSTIN.longitude}&radius=1`)
    expect(within1.length).toBeLessThan(within25.length)
    await page
      .getByText(`${within1.length} restaurant${within1.length === 1 ? '' : 's'}`, { exact: true })
      .waitFor()
    const names = await cards.locator('h3').allTextContents()
    expect(names.sort()).toEqual(within1.map((r) => r.name).sort())

    await page.getByLabel('Distance').selectOption('any')
    await page.getByText(`${all.length} restaurants`).waitFor()
    await page.getByLabel('Cuisine').selectOption('Italian')
    const italian = all.filter((r) => r.cuisine === 'Italian')
    await page
      .getByText(`${italian.length} restaurant${italian.length === 1 ? '' : 's'}`, { exact: true })
      .waitFor()
    for (const text of await cards.allTextContents()) expect(text).toContain('Italian')

    await page.getByLabel('Cuisine').selectOption('all')
    await page.getByRole('switch', { name: 'Live kitchens only' }).click()
    const live = all.filter((r) => r.isLive)
    await page
      .getByText(`${live.length} restaurant${live.length === 1 ? '' : 's'}`, { exact: true })
      .waitFor()
    expect(await cards.getByRole('link', { name: /^Watch/ }).count()).toBe(live.length)
    const first = live[0]!
    expect(
      await cards.getByRole('link', { name: `Watch ${first.name}’s kitchen live` }).getAttribute('href'),
    ).toBe(`/restaurant/${first.id}#live-cameras`)
    expectNoPageErrors()
  })

  it('explains when the location is refused', async () => {
    const page = await openPage()
    await page.goto('/discover')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expectToast(
      page,
      'Location Error',
      "We couldn't access your location. Please check your browser settings or enter your location manually.",
    )
    await page.getByText('Failed to get your location.').waitFor()
    expect(await page.getByLabel('Distance').isDisabled()).toBe(true)
    expectNoPageErrors()
  })

  it('creates then updates an allergen profile and the restaurant page warns accordingly', async () => {
    const diner = await createAccount(journey.server.url)
    const page = await openPage()
    await signIn(page, diner.username, diner.password)

    // A restaurant whose menu lists peanuts.
    const restaurants = await listed(page)
    let peanutRestaurant: Restaurant | undefined
    for (const r of restaurants) {
      const menu = await apiGet<{ allergens: string[] }[]>(page, `/api/restaurants/${r.id}/menu`)
      if (menu.some((item) => item.allergens.includes('peanuts'))) {
        peanutRestaurant = r
        break
      }
    }
    expect(peanutRestaurant).toBeDefined()

    await page.goto('/allergen-profile')
    await page.getByRole('heading', { name: 'Eat with confidence' }).waitFor()
    await page.getByText('No food allergies saved yet').waitFor()
    await page.getByLabel('Peanuts', { exact: true }).click()
    await page.getByLabel('Severity').selectOption('life-threatening')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expectToast(
      page,
      'Allergen Profile Updated',
      'Your allergen information has been saved successfully.',
    )
    await page.getByText('You have 1 SEVERE food allergy').waitFor()
    await page.getByText('MEDICAL EMERGENCY RISK').waitFor()
    await page.getByRole('button', { name: 'Update Profile' }).waitFor()
    const saved = await apiGet<{ allergens: string[]; severity: string }>(
      page,
      `/api/users/${diner.id}/allergen-profile`,
    )
    expect(saved).toMatchObject({ allergens: ['peanuts'], severity: 'life-threatening' })

    // The restaurant page warns about peanuts.
    await page.goto(`/restaurant/${peanutRestaurant!.id}`)
    const banner = page.getByTestId('allergen-banner').first()
    await banner.waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="allergen-banner"]')?.textContent?.includes('Peanuts'),
      undefined,
      { timeout: 30_000 },
    )
    // The page was rendered ahead: its links are the app's once it runs (clicks during the
    // takeover itself are the subject of clicks-before-takeover.e2e.ts).
    await appStarted(page)

    // Update through the app (no reload): the banner reacts when coming back.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Allergen Profile' }).click()
    await page.getByRole('button', { name: 'Update Profile' }).waitFor()
    await page.getByLabel('Peanuts', { exact: true }).click()
    await page.getByLabel('Lupin', { exact: true }).click()
    await page.getByLabel('Severity').selectOption('mild')
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await expectToast(page, 'Allergen Profile Updated')
    await page.getByText('You have 1 mild food allergy').waitFor()
    expect(await page.getByText('MEDICAL EMERGENCY RISK').count()).toBe(0)
    const updated = await apiGet<{ allergens: string[]; severity: string }>(
      page,
      `/api/users/${diner.id}/allergen-profile`,
    )
    expect(updated).toMatchObject({ allergens: ['lupin'], severity: 'mild' })

    await page.goBack()
    await page.waitForURL(`**/restaurant/${peanutRestaurant!.id}`)
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="allergen-banner"]')?.textContent ?? ''
        return text.includes('Lupin') && !text.includes('Peanuts')
      },
      undefined,
      { timeout: 30_000 },
    )
    expectNoPageErrors()
  })

  it('shows the signed-in diner’s own details, orders and wallet on the profile', async () => {
    const page = await openPage()
    const demo = await signIn(page, 'demo', 'demo1234')
    const orders = await apiGet<{ id: number; status: string; totalPrice: number }[]>(
      page,
      `/api/users/${demo.id}/orders`,
    )
    const { balance } = await apiGet<{ balance: number }>(page, `/api/users/${demo.id}/wallet-balance`)
    await page.goto('/profile')
    const details = page.getByTestId('account-details')
    await details.waitFor()
    const text = (await details.textContent()) ?? ''
    expect(text).toContain(demo.fullName)
    expect(text).toContain(`@${demo.username}`)
    expect(text).toContain(demo.email)

    await page.getByRole('tab', { name: 'Orders' }).click()
    const list = page.getByTestId('profile-orders')
    await list.waitFor()
    expect(await list.locator('li').count()).toBe(orders.length)
    const firstOrder = orders[0]!
    const firstRow = (await list.locator('li').first().textContent()) ?? ''
    expect(firstRow).toContain(`#${String(firstOrder.id).padStart(4, '0')}`)
    expect(firstRow).toContain(`$${firstOrder.totalPrice.toFixed(2)}`)
    expect(firstRow).toContain(firstOrder.status.charAt(0).toUpperCase() + firstOrder.status.slice(1))

    await page.getByRole('tab', { name: 'Favorites' }).click()
    await page.getByTestId('profile-favorites').waitFor()

    await page.getByRole('tab', { name: 'Payment' }).click()
    expect(await page.getByTestId('profile-wallet-balance').textContent()).toBe(`$${balance.toFixed(2)}`)
    // Funds are added right here, not only from a live order.
    await page
      .getByTestId('profile-wallet-balance')
      .locator('xpath=ancestor::*[.//button][1]')
      .getByRole('button', { name: 'Add Funds' })
      .waitFor()

    await page.getByRole('tab', { name: 'Allergens' }).click()
    await page.getByRole('link', { name: 'Manage allergen profile' }).click()
    await page.waitForURL('**/allergen-profile')
    expectNoPageErrors()
  })

  it('scrolls the FAQ to the allergen section from its link', async () => {
    const page = await openPage()
    await page.goto('/faq#allergens')
    const heading = page.getByRole('heading', { name: 'Allergen Awareness' })
    await heading.waitFor()
    await page.waitForFunction(() => {
      const top = document.getElementById('allergens')?.getBoundingClientRect().top ?? 9999
      return top >= 0 && top < 200
    })
    await page.getByText('How accurate are the temperature readings?').click()
    await page.getByText('accurate to ±0.5°C').waitFor()
    expect(await page.title()).toBe('Frequently asked questions · Clearplate')
    expectNoPageErrors()
  })
})
