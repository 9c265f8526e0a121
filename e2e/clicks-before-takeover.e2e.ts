import { beforeAll, describe, expect, it } from 'vitest'
import { appStarted, type Page } from './support/browser'
import { setupJourney } from './support/journey'

/**
 * Holds the app's chunk until `release()`: the page stays the server's markup, as on a phone
 * whose network has not yet brought the app, however long the test takes to click.
 */
async function holdTheApp(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

describe.skipIf(process.env.E2E_SKIP === '1')(
  'clicks before the app has taken over a page rendered ahead',
  () => {
    const journey = setupJourney({ env: { PAGES_RENDERED_AHEAD: 'true', CAMERAS_ENABLED: 'false' } })

    // The first page asked for loads the server's renderer: ask until a page comes rendered ahead.
    beforeAll(async () => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const html = await (await fetch(`${journey.server.url}/`)).text()
        if (html.includes('id="clearplate-state"')) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error('The server did not render the home page ahead')
    })

    it('adds a dish clicked, and one chosen with the keyboard, once each when the app arrives', async () => {
      const page = await journey.openPage()
      const release = await holdTheApp(page)
      await page.goto('/restaurant/1', { waitUntil: 'domcontentloaded' })
      expect(await page.locator('#clearplate-state').count()).toBe(1)
      const cart = page.locator('#cart')
      await cart.getByText('Your cart is empty. Add dishes from the menu.').waitFor()

      const add = page.getByRole('button', { name: /^Add to cart: / })
      const [first, second] = [
        (await add.nth(0).getAttribute('aria-label'))!.replace(/^Add to cart: (.*)$/, '$1'),
        (await add.nth(1).getAttribute('aria-label'))!.replace(/^Add to cart: (.*)$/, '$1'),
      ]
      await add.nth(0).click()
      await add.nth(1).focus()
      await page.keyboard.press('Enter')
      // Nothing has happened yet: the page is still the server's.
      expect(await cart.getByTestId('cart-line').count()).toBe(0)
      expect(new URL(page.url()).pathname).toBe('/restaurant/1')

      release()
      await appStarted(page)
      await cart.getByTestId('cart-line').nth(1).waitFor()
      expect(await cart.getByTestId('cart-line').count()).toBe(2)
      // Quantity 1 each: the held clicks were dispatched once, and the app did not see them twice.
      await cart.getByRole('button', { name: `Remove ${first}` }).waitFor()
      await cart.getByRole('button', { name: `Remove ${second}` }).waitFor()
      expect(await cart.getByRole('button', { name: /^Decrease quantity of/ }).count()).toBe(0)
      journey.expectNoPageErrors()
    })

    it('leaves the page where a diner on a phone scrolled it before the app arrived; the next starts at its top', async () => {
      const page = await journey.openPage({ viewport: { width: 390, height: 844 } })
      const release = await holdTheApp(page)
      await page.goto('/restaurant/1', { waitUntil: 'domcontentloaded' })
      expect(await page.locator('#clearplate-state').count()).toBe(1)
      // The dishes are below the first screen: the click scrolls down to one.
      await page
        .getByRole('button', { name: /^Add to cart: / })
        .last()
        .click()
      const scrolled = await page.evaluate(() => scrollY)
      expect(scrolled).toBeGreaterThan(400)

      release()
      await appStarted(page)
      // The held click is dispatched once the page is taken over: then the app has settled.
      await page.locator('#cart').getByTestId('cart-line').waitFor()
      expect(await page.evaluate(() => scrollY)).toBe(scrolled)

      // A page opened from within the app starts at its top.
      await page.getByRole('contentinfo').locator('a[href="/faq"]').click()
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()
      await page.waitForFunction(() => scrollY === 0, undefined, { timeout: 5000 })
      journey.expectNoPageErrors()
    })

    it('opens the menu tab clicked before the app arrived (a control that acts on the press)', async () => {
      const page = await journey.openPage()
      const release = await holdTheApp(page)
      await page.goto('/restaurant/1', { waitUntil: 'domcontentloaded' })
      const mains = page.getByRole('tab', { name: /Mains/ })
      expect(await mains.getAttribute('aria-selected')).toBe('false')
      await mains.click()

      release()
      await appStarted(page)
      await page.waitForFunction(
        () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.includes('Mains'),
        undefined,
        { timeout: 30_000 },
      )
      await page.getByRole('article', { name: 'Linguine alle Vongole' }).waitFor()
      journey.expectNoPageErrors()
    })

    it('hands text typed before the app arrived to the app, then the click that sends it', async () => {
      const page = await journey.openPage()
      const release = await holdTheApp(page)
      await page.goto('/', { waitUntil: 'domcontentloaded' })
      expect(await page.locator('#clearplate-state').count()).toBe(1)
      await page.getByLabel('Order number').fill('1')
      await page.getByRole('button', { name: 'Watch' }).click()
      expect(new URL(page.url()).pathname).toBe('/')

      release()
      await page.waitForURL((url) => url.pathname === '/stream/1')
      journey.expectNoPageErrors()
    })

    it('follows links clicked before the app arrived, by the browser itself', async () => {
      const page = await journey.openPage()
      await holdTheApp(page)
      await page.goto('/', { waitUntil: 'domcontentloaded' })
      expect(await page.locator('#clearplate-state').count()).toBe(1)
      const footer = page.getByRole('contentinfo')

      // The app never arrives on this page: the links work without it.
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        footer.locator('a[href="/terms"]').click({ modifiers: ['Control'] }),
      ])
      await tab!.waitForURL((url) => url.pathname === '/terms')
      expect(new URL(page.url()).pathname).toBe('/')

      await footer.locator('a[href="/faq"]').click()
      await page.waitForURL((url) => url.pathname === '/faq')
      journey.expectNoPageErrors()
    })

    it('follows a link clicked while the app takes the page over, without waiting for it', async () => {
      const page = await journey.openPage()
      // The app arrives and starts; the restaurant page's own chunk is held, so the takeover is
      // under way (React listens) but not done, however long the test takes to click.
      let pageChunkAsked!: () => void
      const asked = new Promise<void>((resolve) => {
        pageChunkAsked = resolve
      })
      await page.route(/\/assets\/restaurant-page-[^/]+\.js$/, async () => {
        pageChunkAsked()
        await new Promise(() => {})
      })
      await page.goto('/restaurant/1', { waitUntil: 'domcontentloaded' })
      await asked
      expect(await page.locator('#clearplate-state').count()).toBe(1)

      await page.getByRole('contentinfo').locator('a[href="/faq"]').click()
      await page.waitForURL((url) => url.pathname === '/faq')
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()
      journey.expectNoPageErrors()
    })
  },
)

describe.skipIf(process.env.E2E_SKIP === '1')('pages not rendered ahead (PAGES_RENDERED_AHEAD=false)', () => {
  const journey = setupJourney({ env: { PAGES_RENDERED_AHEAD: 'false', CAMERAS_ENABLED: 'false' } })

  it('sends the plain page, which the app renders and which takes a click', async () => {
    const page = await journey.openPage()
    await page.goto('/restaurant/1')
    await page.goto('/restaurant/1')
    expect(await page.locator('#clearplate-state').count()).toBe(0)
    await page
      .getByRole('button', { name: /^Add to cart: / })
      .first()
      .click()
    await page.locator('#cart').getByTestId('cart-line').waitFor()
    journey.expectNoPageErrors()
  })
})
