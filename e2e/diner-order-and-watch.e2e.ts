import { describe, expect, it } from 'vitest'
import { expectToast, payTopUpWithTestCard, screenshotPage } from './diner-support'
import { capture, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''))

describe.skipIf(process.env.E2E_SKIP === '1')('a diner orders and watches the meal cooked live', () => {
  // A fast kitchen: cooking starts after about 27 s, plating after about 68 s.
  const journey = setupJourney({
    // Long enough that checkout, the offer and the shout all happen while the dish cooks, even on
    // a busy machine (shouts close at plating).
    // The picture, for the screenshots of the live stream when they are taken: the checks do not
    // look at it (the camera journeys do), and on a busy machine its encoding and decoding are
    // most of the journey's CPU.
    env: { CAMERAS_ENABLED: String(capture), KITCHEN_ORDER_SECONDS: '180', KITCHEN_TICK_MS: '500' },
  })

  it('registers, orders from a live kitchen, talks to the chef, tips, tops up and sees every charge', {
    timeout: 300_000,
  }, async () => {
    const page = await journey.openPage()
    const suffix = Date.now().toString(36)

    // Register.
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Register' }).click()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('Full name is required').waitFor()
    await page.getByLabel('Full name').fill('Nora Castillo')
    await page.getByLabel('Email').fill(`nora.${suffix}@example.com`)
    await page.getByLabel('Username').fill(`nora${suffix}`)
    await page.getByLabel('Password').fill('tasty-secret-9')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expectToast(page, 'Registration successful', 'Welcome to Clearplate, Nora Castillo!')
    await page.waitForURL((url) => url.pathname === '/')

    // Browse: the home page lists the kitchens; open Trattoria Bellini.
    await page.getByRole('heading', { name: 'Kitchens streaming now' }).waitFor()
    await page
      .getByRole('link', { name: /Trattoria Bellini/ })
      .first()
      .click()
    await page.waitForURL(/\/restaurant\/1$/)
    await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()

    // Add two pizzas and a tiramisu.
    await page.getByRole('tab', { name: /Mains/ }).click()
    await page.getByRole('button', { name: 'Add to cart: Margherita Pizza' }).click()
    await expectToast(page, 'Added to cart', 'Margherita Pizza was added to your cart.')
    await page.getByRole('button', { name: 'Add to cart: Margherita Pizza' }).click()
    await page.getByRole('tab', { name: /Desserts/ }).click()
    await page.getByRole('button', { name: 'Add to cart: Tiramisu' }).click()
    const cart = page.locator('#cart')
    await expect.poll(() => cart.getByTestId('cart-line').count()).toBe(2)
    expect(await cart.getByTestId('cart-line').first().getByTestId('cart-quantity').textContent()).toContain(
      '2',
    )
    expect(await cart.getByTestId('cart-subtotal').textContent()).toBe('$42.99')
    expect(await cart.getByTestId('cart-total').textContent()).toBe('$45.98')

    // A reload keeps the cart.
    await page.reload()
    await expect.poll(() => page.locator('#cart').getByTestId('cart-line').count()).toBe(2)

    // A new diner has no address yet: delivery asks for one, and shows the arrival estimate.
    await cart.getByRole('button', { name: 'Add a delivery address' }).click()
    const addressDialog = page.getByRole('dialog', { name: 'New delivery address' })
    await addressDialog.getByLabel('Street address').fill('1100 E 5th St')
    await addressDialog.getByLabel('City').fill('Austin')
    await addressDialog.getByLabel('Postcode').fill('78702')
    await addressDialog.getByRole('button', { name: 'Save address' }).click()
    await cart
      .getByTestId('checkout-quote')
      .filter({ hasText: /Arrives around/ })
      .waitFor()

    // A new wallet is empty: the order is refused and the cart offers to add funds.
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(page, 'Not enough funds', 'Insufficient funds')
    await cart.getByRole('button', { name: 'Add funds' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Funds' })
    await dialog.getByLabel('Amount (USD)').fill('100')
    await dialog.getByRole('button', { name: 'Continue to payment' }).click()
    // Paid by card on the payment page, then back to the restaurant with the cart as it was.
    await payTopUpWithTestCard(page, '100.00', 'Back to the restaurant')
    await expect.poll(() => cart.textContent()).toMatch(/Wallet balance:\s*\$100\.00/)

    // Place the order: its stream opens two seconds later.
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(page, 'Order placed!')
    await page.waitForURL(/\/stream\/\d+$/, { timeout: 10_000 })
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    const number = `#${String(orderId).padStart(4, '0')}`
    await page
      .getByTestId('order-number')
      .filter({ hasText: `Order ${number}` })
      .waitFor()
    await page.getByText('1 x Tiramisu').waitFor()
    expect(await page.getByTestId('order-total').textContent()).toBe('$45.98')
    await page.getByText('Chef Shout will be available once cooking starts.').waitFor()

    // Telemetry arrives and keeps changing; the status moves to cooking.
    await expect
      .poll(() => page.getByTestId('telemetry-status').textContent(), { timeout: 15_000 })
      .not.toBe('Waiting for the kitchen…')
    const firstReading = await page.getByTestId('cooking-time').textContent()
    await expect
      .poll(() => page.getByTestId('cooking-time').textContent(), { timeout: 15_000 })
      .not.toBe(firstReading)
    expect(await page.getByTestId('order-status').textContent()).toBe('Preparing')

    // Once cooking, the kitchen offers one more dish; accept it.
    const offer = page.getByRole('dialog')
    await offer.waitFor({ timeout: 120_000 })
    const offeredName = ((await offer.getByRole('heading').textContent())!.match(/^Add (.+)\?$/) ?? [])[1]!
    const offeredPrice = money(await offer.getByText(/^\$\d+\.\d\d$/).textContent())
    await offer.getByRole('button', { name: 'Add to my order' }).click()
    await expectToast(page, 'Item added', `${offeredName} has been added to your order.`)
    await page.getByText(`1 x ${offeredName}`).waitFor()
    expect(money(await page.getByTestId('order-total').textContent())).toBeCloseTo(45.98 + offeredPrice, 2)

    // The status moved on live: tracker, progress and timeline agree.
    expect(await page.getByTestId('order-status').textContent()).toBe('Cooking')
    const stages = page.locator('[aria-label="Order status"] li')
    expect(await stages.nth(0).textContent()).toContain('Completed')
    expect(await stages.nth(1).textContent()).toContain('In Progress')
    expect(await stages.nth(2).textContent()).toContain('Upcoming')
    expect(
      Number((await page.getByTestId('order-progress').textContent())!.replace('%', '')),
    ).toBeGreaterThanOrEqual(30)
    await page.locator('[data-reached="true"]').filter({ hasText: 'Cooking in progress' }).waitFor()
    await screenshot(page, 'diner-journey-stream-cooking')

    // Chef shout.
    await page.getByRole('button', { name: /^Add Cheese!/ }).click()
    await page.getByRole('button', { name: 'Send "Add Cheese!" for $2.00' }).click()
    await expectToast(page, 'Chef Shout Sent!', 'Your "Add Cheese!" instruction has been sent to the chef.')
    await page.getByTestId('shout-list').getByText('Add Cheese!').waitFor()

    // Tip: the message is shown as text to every viewer, never as markup.
    await page.getByRole('tab', { name: 'Tip Chef' }).click()
    await page.getByRole('button', { name: '$10', exact: true }).click()
    await page.getByLabel('Message for the chef (optional)').fill('Perfect crust <b>bravo</b>')
    await page.getByText('26/100').waitFor()
    await page.getByRole('button', { name: /^Send tip/ }).click()
    const afterTip = 100 - 45.98 - offeredPrice - 2 - 10
    await expectToast(page, 'Chef Tip Sent!', `New wallet balance: $${afterTip.toFixed(2)}`)

    // Top up in the wallet tab and read the transactions.
    await page.getByRole('tab', { name: 'Wallet' }).click()
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(`$${afterTip.toFixed(2)}`)
    await page.getByRole('button', { name: 'Add Funds' }).click()
    const topUp = page.getByRole('dialog', { name: 'Add Funds' })
    await topUp.getByRole('button', { name: 'Continue to payment' }).click()
    await topUp.getByText('Top-ups are between $5.00 and $500.00').waitFor()
    await topUp.getByLabel('Amount (USD)').fill('20')
    await topUp.getByRole('button', { name: 'Continue to payment' }).click()
    await payTopUpWithTestCard(page, '20.00', 'Back to your order')
    await page.getByRole('tab', { name: 'Wallet' }).click()
    await expect
      .poll(() => page.getByTestId('wallet-balance').textContent())
      .toBe(`$${(afterTip + 20).toFixed(2)}`)
    const amounts = () => page.getByTestId('transaction-amount').allTextContents()
    await expect.poll(amounts).toHaveLength(6)
    expect(await amounts()).toEqual([
      '+$20.00',
      '\u2212$10.00',
      '\u2212$2.00',
      `\u2212$${offeredPrice.toFixed(2)}`,
      '\u2212$45.98',
      '+$100.00',
    ])
    await page.getByTestId('transactions').getByText('Top-up by Visa •••• 4242').first().waitFor()
    await screenshot(page, 'diner-journey-stream-wallet')

    // The shout goes from pending to acknowledged or done as the kitchen works.
    await page.getByRole('tab', { name: 'Chef Shout' }).click()
    await expect
      .poll(() => page.getByTestId('shout-list').textContent(), { timeout: 30_000 })
      .toMatch(/acknowledged|done/i)

    // My Orders lists it, among the active orders or, once delivered, in the history.
    await page.goto('/orders')
    await page.getByRole('heading', { name: 'My Orders' }).waitFor()
    await page.getByTestId('active-order').or(page.getByText('No Active Orders')).first().waitFor()
    if ((await page.getByTestId('active-order').filter({ hasText: number }).count()) === 0) {
      await page.getByRole('tab', { name: 'Order History' }).click()
      await page.getByTestId('history-row').filter({ hasText: number }).waitFor()
    }
    journey.expectNoPageErrors()
  })

  it('shows a visitor’s demo tip, as text, to the visitor who sent it', async () => {
    const viewer = await journey.openPage()
    await viewer.goto('/')
    await viewer.getByLabel('Order number').fill('1')
    await viewer.getByRole('button', { name: 'Watch' }).click()
    await viewer.waitForURL(/\/stream\/1$/)
    await viewer.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor()
    await viewer.getByRole('tab', { name: 'Tip Chef' }).click()
    await viewer.getByText('to tip the chef from your wallet').waitFor()
    await viewer.getByLabel('Message for the chef (optional)').fill('<img src=x onerror=alert(1)> yum')
    await viewer.getByRole('button', { name: /^Send demo tip/ }).click()
    const toast = await expectToast(
      viewer,
      'Chef Received a Tip!',
      'A $5.00 tip was sent to the chef with message:',
    )
    expect(await toast.textContent()).toContain('<img src=x onerror=alert(1)> yum')
    expect(await toast.locator('img').count()).toBe(0)

    await viewer.getByRole('button', { name: 'Show a sample tip notification' }).click()
    await expectToast(viewer, 'Chef Received a Tip!', 'Looks amazing, thank you chef!')
    journey.expectNoPageErrors()
  })

  it('saves screenshots of the live stream in both themes', async () => {
    await screenshotPage(journey.browser, journey.server.url, journey.contexts, {
      path: '/stream/1',
      name: 'stream',
      themes: ['light', 'dark'],
      prepare: async (page: Page) => {
        await page.goto('/')
        const res = await page.request.post('/api/stream-access', { data: { orderId: 1 } })
        expect(res.status()).toBe(200)
        await page.evaluate(() => {
          sessionStorage.setItem(
            'clearplate-stream-access',
            JSON.stringify({ 1: { grantedAt: Date.now(), expiresAt: Date.now() + 20 * 60_000 } }),
          )
        })
      },
      ready: (page) => page.getByTestId('order-number').waitFor(),
    })
  })
})
