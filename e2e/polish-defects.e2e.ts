import { describe, expect, it } from 'vitest'
import { expectToast, storeGrant } from './diner-support'
import { signIn } from './shell-helpers'
import { appStarted, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'

describe.skipIf(process.env.E2E_SKIP === '1')('small defects that users noticed', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '900', CAMERAS_ENABLED: 'false' } })

  it('shows the server’s field errors for a delivery integration under their fields', async () => {
    const page = await journey.openPage()
    await signIn(page, 'chef', 'chef1234')
    // Integrations live in the owner's workspace.
    await page.goto('/partner/1/integrations')
    await page.getByRole('heading', { name: 'Add an integration' }).waitFor()
    await page.getByLabel('Platform', { exact: true }).selectOption('ubereats')
    await page.getByLabel('API key', { exact: true }).fill('uber-live-key-7F3A1234')
    await page.getByRole('button', { name: 'Add Integration' }).click()

    // The server answers which credentials Uber Eats needs; each shows under its own field.
    const clientId = page.getByLabel('Client ID', { exact: true })
    await page.locator('#int-clientId-error').filter({ hasText: 'Uber Eats needs a client ID' }).waitFor()
    await page
      .locator('#int-clientSecret-error')
      .filter({ hasText: 'Uber Eats needs a client secret' })
      .waitFor()
    await page.locator('#int-storeId-error').filter({ hasText: 'Uber Eats needs a store ID' }).waitFor()
    expect(await clientId.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('[data-variant]').filter({ hasText: 'Failed to add' }).count()).toBe(0)

    await clientId.fill('client-bellini-42-with-a-long-identifier')
    await page.getByLabel('Client secret', { exact: true }).fill('very-secret-value-9876')
    await page.getByLabel('Store ID', { exact: true }).fill('bellini-store-1')
    await page
      .getByLabel('Webhook URL (optional)', { exact: true })
      .fill('https://trattoriabellini.example/webhooks/orders/delivery-platform')
    await page.getByRole('button', { name: 'Add Integration' }).click()
    await expectToast(page, 'Integration added')

    // The saved card shows the whole client id and webhook, not a clipped start.
    const card = page.getByTestId('integration-ubereats')
    for (const text of [
      'client-bellini-42-with-a-long-identifier',
      'https://trattoriabellini.example/webhooks/orders/delivery-platform',
    ]) {
      const value = card.getByText(text, { exact: true })
      const fits = await value.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)
      expect(fits, `${text} is cut`).toBe(true)
    }
    const width = await card.evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBeGreaterThan(400)
    journey.expectNoPageErrors()
  })

  it('offers a retry when the restaurant cannot be loaded, instead of a skeleton forever', async () => {
    const page = await journey.openPage()
    // No live channel: connecting, it asks for fresh data, and that read, not the button, would
    // then be the one to load the restaurant whenever it came first.
    await page.routeWebSocket(/\/ws$/, (ws) => ws.close())
    let fail = true
    await page.route('**/api/restaurants/1', (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' })
        : route.continue(),
    )
    // Opened from within the app (a page rendered ahead carries the restaurant in it): the
    // browser's own read is the one that fails.
    await page.goto('/faq')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.evaluate(() => window.history.pushState(null, '', '/restaurant/1'))
    await page.getByRole('heading', { name: 'Could not load this restaurant' }).waitFor()
    // Reads succeed only from when the button can be pressed.
    const retry = page.getByRole('button', { name: 'Try again', exact: true })
    await retry.click({ trial: true })
    fail = false
    await retry.click()
    await page.getByRole('heading', { level: 1, name: 'Trattoria Bellini' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Could not load this restaurant' }).count()).toBe(0)
  })

  it('does not check allergens for a restaurant that does not exist', async () => {
    const page = await journey.openPage()
    await signIn(page, 'demo', 'demo1234')
    const checks: string[] = []
    page.on('request', (request) => {
      if (/allergen/i.test(new URL(request.url()).pathname)) checks.push(request.url())
    })
    await page.goto('/restaurant/999')
    await page.getByRole('heading', { name: 'Restaurant not found' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(checks.filter((url) => url.includes('/999'))).toEqual([])
  })

  it('shows no delivery fee and no total for an empty cart', async () => {
    const page = await journey.openPage()
    await page.goto('/restaurant/1')
    const cart = page.locator('#cart')
    await cart.getByText('Your cart is empty. Add dishes from the menu.').waitFor()
    expect(await cart.textContent()).not.toContain('$2.99')
    expect(await cart.getByTestId('cart-total').count()).toBe(0)

    // This journey is about the cart's sums, not an early click: the app has taken the page over.
    await appStarted(page)
    await page
      .getByRole('button', { name: /^Add to cart: / })
      .first()
      .click()
    await cart.getByTestId('cart-line').waitFor()
    expect(await cart.textContent()).toContain('$2.99')
    await cart.getByTestId('cart-total').waitFor()
  })

  it('keeps the tip form’s Send disabled below the $0.50 the server takes, and says why', async () => {
    const page = await journey.openPage()
    await signIn(page, 'demo', 'demo1234')
    await page.goto('/')
    // Order 3 has just been received: no add-on offer comes up over the form while it waits.
    await storeGrant(page, 3, 20 * 60_000)
    await page.goto('/stream/3')
    await page.getByRole('tab', { name: 'Tip Chef' }).click()
    await page.getByRole('switch', { name: 'Enter a custom amount' }).click()
    const amount = page.getByLabel('Custom amount (USD)')
    const send = page.getByRole('button', { name: /^Send tip/ })
    await amount.fill('0.30')
    await page.getByText('Tips are between $0.50 and $100.00').waitFor()
    expect(await send.isDisabled()).toBe(true)
    await amount.fill('0.50')
    expect(await send.isDisabled()).toBe(false)
    expect(await page.getByText('Tips are between $0.50 and $100.00').count()).toBe(0)
  })

  it('makes the home page’s active orders links to their streams that also open in a new tab', async () => {
    const page = await journey.openPage({ viewport: VIEWPORTS.phone })
    await signIn(page, 'demo', 'demo1234')
    await page.goto('/')
    const card = page.getByRole('link', { name: 'Watch order #0002' })
    await card.waitFor()
    expect(await card.getAttribute('href')).toBe('/stream/2')
    expect(await page.getByRole('link', { name: 'Watch order #0003' }).getAttribute('href')).toBe('/stream/3')

    // A new tab has no stream grant of its own: the page asks the server for the diner's order.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.click({ modifiers: ['Control'] }),
    ])
    await tab!.waitForURL(/\/stream\/2$/)
    await tab!.getByTestId('order-number').filter({ hasText: 'Order #0002' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    journey.expectNoPageErrors()
  })

  it('labels the access timer and links the legal pages from the footer', async () => {
    const page = await journey.openPage()
    await page.goto('/')
    await storeGrant(page, 1, 20 * 60_000)
    await page.goto('/stream/1')
    await page
      .getByTestId('access-countdown')
      .filter({ hasText: /^Access ends in\s*\d+:\d\d$/ })
      .waitFor()

    for (const [label, heading] of [
      ['Terms of Service', 'Terms of Service'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Cookies', 'Cookies'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: label }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    }
    expect(new URL(page.url()).pathname).toBe('/cookies')
  })
})
