import { describe, expect, it } from 'vitest'
import { expectToast, POLL, shootThemes } from './diner-support'
import { createAccount, focusSearchWithSlash, signIn } from './shell-helpers'
import { appStarted, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const

/** Screenshots at phone and desktop width, light and dark. */
const shoot = (page: Page, name: string, ready: (page: Page) => Promise<unknown>) =>
  shootThemes(page, `evening-${name}`, SIZES, ready)

describe.skipIf(process.env.E2E_SKIP === '1')('the diner’s evening', () => {
  // A quick kitchen: cooking after about 12 s, delivered after about 40 s.
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '40', KITCHEN_TICK_MS: '500' } })

  it('finds the Margherita by typing "margarita" in the header and lands on the pizza', async () => {
    const page = await journey.openPage()
    await page.goto('/')
    await page.getByRole('heading', { name: 'Kitchens streaming now' }).waitFor()
    // The page comes rendered ahead; "/" is the app's shortcut, so the app must be running. It
    // listens once it has taken the page over: a diner whose first "/" came before presses again.
    await appStarted(page)
    await focusSearchWithSlash(page, POLL)
    await page.keyboard.type('margarita')
    const pizza = page.getByRole('option', { name: /Margherita Pizza/ })
    await pizza.waitFor()
    await page.getByRole('group', { name: 'Dishes' }).waitFor()
    await screenshot(page, 'evening-search-desktop-light')
    // Arrow down to the pizza, then Enter.
    for (let i = 0; i < 10 && (await pizza.getAttribute('aria-selected')) !== 'true'; i++)
      await page.keyboard.press('ArrowDown')
    expect(await pizza.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/restaurant\/1\?dish=\d+/)
    const card = page.getByRole('article', { name: 'Margherita Pizza' })
    await card.waitFor()
    expect(await card.getAttribute('aria-current')).toBe('true')
    expect(await card.isVisible()).toBe(true)
    journey.expectNoPageErrors()
  })

  it('orders for delivery to a new address with the estimate shown before paying, hears of the cooking live, and rates the delivered order', async () => {
    const account = await createAccount(journey.server.url)
    const page = await journey.openPage()
    await page.goto('/')
    await signIn(page, account.username, account.password)
    const funds = await page.request.post(`/api/users/${account.id}/wallet/add-funds`, {
      data: { amount: 100 },
    })
    expect(funds.ok()).toBe(true)
    const before = (await (await page.request.get('/api/restaurants/1')).json()) as {
      rating: number
      reviewCount: number
    }

    await page.goto('/restaurant/1')
    await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    await page.getByRole('tab', { name: /Mains/ }).click()
    await page.getByRole('button', { name: 'Add to cart: Margherita Pizza' }).click()
    const cart = page.locator('#cart')

    // A new diner has no address: the order cannot go ahead until one is given.
    expect(await cart.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true)
    await cart.getByRole('button', { name: 'Add a delivery address' }).click()
    const dialog = page.getByRole('dialog', { name: 'New delivery address' })
    await dialog.getByRole('button', { name: 'Save address' }).click()
    await dialog.getByText('Please enter the street address').waitFor()
    await dialog.getByLabel('Label (optional)').fill('Home')
    await dialog.getByLabel('Street address').fill('1100 E 5th St')
    await dialog.getByLabel('City').fill('Austin')
    await dialog.getByLabel('Postcode').fill('78702')
    await dialog.getByRole('button', { name: 'Save address' }).click()
    const quote = cart.getByTestId('checkout-quote')
    await quote.filter({ hasText: /Arrives around \d{1,2}:\d{2}/ }).waitFor()
    expect(await quote.textContent()).toMatch(/km away · delivers within 10 km/)
    expect(await cart.getByTestId('cart-total').textContent()).toBe('$19.99')

    // Pickup: no fee, ready at a time, at the restaurant's address.
    await cart.getByText('Pickup', { exact: true }).click()
    await quote.filter({ hasText: /Ready at/ }).waitFor()
    expect(await quote.textContent()).toContain('Pick it up at 301 W 2nd St')
    expect(await cart.getByTestId('cart-total').textContent()).toBe('$17.00')
    await cart.getByText('Delivery', { exact: true }).click()
    await quote.filter({ hasText: /Arrives around/ }).waitFor()
    await shoot(page, 'checkout', (p) => p.locator('#cart').getByTestId('checkout-quote').waitFor())

    await cart.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(page, 'Order placed!')
    await page.waitForURL(/\/stream\/\d+$/, { timeout: 15_000 })
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    await page
      .getByTestId('order-fulfilment')
      .filter({ hasText: 'To Home' })
      .or(page.getByTestId('order-fulfilment').filter({ hasText: '1100 E 5th St' }))
      .first()
      .waitFor()
    // The steps ahead are estimates, marked as such.
    await expect.poll(() => page.getByTestId('timeline-completed').textContent(), POLL).toMatch(/est\./)

    // The kitchen starts cooking: the bell says so without a reload.
    await page.getByTestId('notifications-unread').waitFor({ timeout: 40_000 })
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    await page
      .getByTestId('notification')
      .filter({ hasText: `Order #${String(orderId).padStart(4, '0')} is cooking` })
      .waitFor()
    await screenshot(page, 'evening-bell-desktop-light')
    await page.keyboard.press('Escape')
    // The cooking step now shows the time it was reached.
    await expect
      .poll(() => page.getByTestId('timeline-cooking').getAttribute('data-reached'), POLL)
      .toBe('true')

    // Delivered: the page says so, the player is no longer live, and the diner can rate it.
    await page.getByTestId('order-finished').filter({ hasText: 'Delivered. Enjoy your meal!' }).waitFor({
      timeout: 90_000,
    })
    await page.getByTestId('stream-ended').waitFor()
    expect(await page.getByText('Live Kitchen View').count()).toBe(0)
    await shoot(page, 'delivered', (p) => p.getByRole('button', { name: 'Send rating' }).waitFor())
    await page.getByRole('button', { name: 'Send rating' }).click()
    await page.getByText('Choose a rating from 1 to 5 stars').waitFor()
    // The star is the radio button's label: click the star the diner sees.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .click()
    await page.getByLabel('Comment (optional)').fill('Blistered crust, bright sauce. Arrived hot.')
    await page.getByRole('button', { name: 'Send rating' }).click()
    await page.getByTestId('order-review').filter({ hasText: 'Thanks for rating this order' }).waitFor()

    // The restaurant page lists the review, and its figures follow.
    await page.getByRole('link', { name: 'See the restaurant’s reviews' }).click()
    await page.waitForURL(/\/restaurant\/1/)
    await page
      .getByTestId('review')
      .filter({ hasText: 'Blistered crust, bright sauce. Arrived hot.' })
      .waitFor()
    const after = (await (await page.request.get('/api/restaurants/1')).json()) as {
      rating: number
      reviewCount: number
    }
    expect(after.reviewCount).toBe(before.reviewCount + 1)
    expect(after.rating).toBeCloseTo((before.rating * before.reviewCount + 4) / (before.reviewCount + 1), 6)
    expect(after.rating).not.toBe(before.rating)
    await page
      .getByTestId('reviews-summary')
      .filter({ hasText: `${after.reviewCount.toLocaleString('en-US')} ratings` })
      .waitFor()
    await shoot(page, 'reviews', (p) => p.getByTestId('review').first().waitFor())

    // A second review of the same order is refused.
    const again = await page.request.post(`/api/orders/${orderId}/review`, { data: { rating: 5 } })
    expect(again.status()).toBe(409)
    journey.expectNoPageErrors()
  }, 300_000)
})
