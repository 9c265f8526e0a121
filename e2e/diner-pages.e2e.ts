import { beforeAll, describe, expect, it } from 'vitest'
import { expectToast, type StorageState, screenshotPage } from './diner-support'
import { signIn } from './shell-helpers'
import { setupJourney } from './support/journey'

describe.skipIf(process.env.E2E_SKIP === '1')(
  'diner pages: allergen alerts, My Orders and how every page looks',
  () => {
    const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '900' } })
    let demo: StorageState
    /** A page signed in as the demo diner (peanuts and shellfish, severe). */
    const demoPage = () => journey.openPage({ storageState: demo })

    beforeAll(async () => {
      const page = await journey.openPage()
      await page.goto('/healthz')
      await signIn(page, 'demo', 'demo1234')
      demo = await page.context().storageState()
    })

    it('warns the demo diner (peanuts and shellfish, severe) about matching dishes and lets them dismiss it', async () => {
      const page = await demoPage()
      await page.goto('/restaurant/1')
      const summary = page.getByTestId('allergen-banner').filter({ hasText: 'Allergen alert' })
      await summary.waitFor()
      expect(await summary.textContent()).toContain('2 dishes contain Shellfish from your profile')
      expect(await summary.textContent()).toContain('Linguine alle Vongole')
      expect(await summary.getAttribute('data-severity')).toBe('severe')
      expect(await summary.getAttribute('class')).toContain('red')

      // The matching dish carries its own alert; its shellfish ingredient is flagged.
      await page.getByRole('tab', { name: /Mains/ }).click()
      const linguine = page.getByRole('article', { name: 'Linguine alle Vongole' })
      await linguine.getByTestId('allergen-banner').filter({ hasText: 'Contains Shellfish' }).waitFor()
      const carbonara = page.getByRole('article', { name: 'Spaghetti Carbonara' })
      expect(await carbonara.getByTestId('allergen-banner').count()).toBe(0)
      expect(await carbonara.locator('[data-flagged]').allTextContents()).toEqual(['eggs (allergen)'])
      expect(await carbonara.textContent()).toContain('+2 more')

      // A sold-out dish cannot be added.
      expect(await page.getByRole('button', { name: 'Chicken Parmigiana is sold out' }).isDisabled()).toBe(
        true,
      )

      await summary.getByRole('button', { name: 'Dismiss allergen alert' }).click()
      expect(await summary.count()).toBe(0)
      await linguine.getByRole('button', { name: 'Dismiss allergen alert' }).click()
      expect(await linguine.getByTestId('allergen-banner').count()).toBe(0)

      // Another restaurant: the alert is back for its own dishes, or a green note when none match.
      await page.goto('/restaurant/3')
      await page.getByTestId('allergen-banner').first().waitFor()

      // A visitor is invited to sign in instead.
      const visitor = await journey.openPage()
      await visitor.goto('/restaurant/1')
      await visitor.getByText('to get allergen alerts for this menu.').waitFor()
      journey.expectNoPageErrors()
    })

    it('shows My Orders with active cards, the history table, details and reorder into the cart', async () => {
      const page = await demoPage()
      await page.goto('/orders')
      await page.getByRole('tab', { name: /Active Orders/ }).waitFor()
      await expect.poll(() => page.getByTestId('active-order').count()).toBe(2)
      expect(await page.getByRole('tab', { name: /Active Orders/ }).textContent()).toContain('2')
      await page.getByRole('heading', { name: 'Popular Right Now' }).waitFor()

      await page.getByRole('tab', { name: 'Order History' }).click()
      const rows = page.getByTestId('history-row')
      await expect.poll(() => rows.count()).toBe(6)
      expect(await page.locator('thead').textContent()).toBe('Order DetailsDateStatusTotalActions')
      const cancelled = rows.filter({ hasText: 'Golden Lantern' })
      expect(await cancelled.textContent()).toContain('Cancelled')

      const sushi = rows.filter({ hasText: 'Sakura Counter' })
      await sushi.getByRole('button', { name: /^Details/ }).click()
      const details = page.getByRole('dialog')
      await details.getByText('2 x Miso Soup').waitFor()
      expect(await details.textContent()).toContain('Delivery fee$2.99')
      await page.keyboard.press('Escape')

      await sushi.getByRole('button', { name: /^Reorder/ }).click()
      await expectToast(page, 'Added to cart')
      await page.waitForURL(/\/restaurant\/\d+#cart$/)
      const cart = page.locator('#cart')
      await expect.poll(() => cart.getByTestId('cart-line').count()).toBe(3)
      expect(await cart.textContent()).toContain('Miso Soup')
      journey.expectNoPageErrors()
    })

    it('saves screenshots of home, restaurant, My Orders and sign-in at phone and desktop sizes', async () => {
      const pages = { light: ['light'], both: ['light', 'dark'] } as const
      await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
        path: '/',
        name: 'home',
        themes: [...pages.both],
        ready: (page) => page.getByTestId('viewer-count').waitFor(),
      })
      await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
        path: '/',
        name: 'home-signed-in',
        storageState: demo,
        ready: (page) => page.getByRole('link', { name: 'Watch order #0002' }).waitFor(),
      })
      await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
        path: '/restaurant/1',
        name: 'restaurant',
        themes: [...pages.both],
        storageState: demo,
        prepare: async (page) => {
          await page.goto('/healthz')
          await page.evaluate(() =>
            sessionStorage.setItem(
              'clearplate-cart:1',
              JSON.stringify([
                { menuItemId: 5, name: 'Margherita Pizza', price: 17, quantity: 2 },
                { menuItemId: 11, name: 'Tiramisu', price: 8.99, quantity: 1 },
              ]),
            ),
          )
        },
        ready: (page) => page.getByTestId('allergen-banner').first().waitFor(),
      })
      await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
        path: '/orders',
        name: 'orders',
        themes: [...pages.both],
        storageState: demo,
        ready: (page) => page.getByTestId('active-order').first().waitFor(),
      })
      await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
        path: '/auth',
        name: 'auth',
        themes: [...pages.light],
        ready: (page) => page.getByRole('tab', { name: 'Register' }).waitFor(),
      })
      journey.expectNoPageErrors()
    })
  },
)
