import Stripe from 'stripe'
import { afterAll, describe, expect, it } from 'vitest'
import { type StripeFake, startStripeFake } from '../src/server/testing/stripe-fake'
import { formatMoney } from '../src/shared/money'
import { apiGet, createAccount, expectToast, signIn } from './shell-helpers'
import { looks, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const WIDTHS = [390, 1024, 1366] as const
const HEIGHT = { 390: 844, 1024: 768, 1366: 900 } as const

/** The page at 390, 1024 and 1366 px, light and dark; `ready` puts it back after each reload. */
async function shoot(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const theme of looks(['light', 'dark'] as const)) {
    await page.evaluate((t) => localStorage.setItem('clearplate-theme', t), theme)
    for (const width of looks(WIDTHS)) {
      await page.setViewportSize({ width, height: HEIGHT[width] })
      await page.reload()
      await ready()
      // Fonts and the dialog's opening animation settle.
      await page.waitForTimeout(400)
      await screenshot(page, `payments-${name}-${width}-${theme}`)
    }
  }
  await page.evaluate(() => localStorage.setItem('clearplate-theme', 'light'))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await ready()
}

const balanceOf = async (page: Page, userId: number) =>
  (await apiGet<{ balance: number }>(page, `/api/users/${userId}/wallet-balance`)).balance

interface Line {
  kind: string
  orderId: number | null
  amount: number
  gross: number
  commission: number
  fee: number
}
const earningsOf = (page: Page, restaurantId: number) =>
  apiGet<{ lines: Line[]; available: number }>(page, `/api/restaurants/${restaurantId}/earnings`)

/** Opens Add Funds on the profile's Payment tab and starts a top-up of `amount` dollars. */
async function addFunds(page: Page, amount: string) {
  await page.goto('/profile?tab=payment')
  await page.getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await dialog.getByLabel('Amount (USD)').fill(amount)
  await dialog.getByRole('button', { name: 'Continue to payment' }).click()
  await page.waitForURL(/\/pay\/\d+\?return=/)
  return Number(/\/pay\/(\d+)/.exec(page.url())![1])
}

/** A pickup order of about $13 of restaurant 1's cheapest dish (the demo chef's), paid from the wallet. */
async function order(page: Page, key: string) {
  const menu = await apiGet<{ id: number; price: number; isAvailable?: boolean }[]>(
    page,
    '/api/restaurants/1/menu',
  )
  const dish = menu.filter((m) => m.isAvailable !== false).sort((a, b) => a.price - b.price)[0]!
  // Enough food that the restaurant's share passes the $10 a payout needs.
  const quantity = Math.ceil(13 / dish.price)
  expect(dish.price * quantity).toBeLessThanOrEqual(25)
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': key },
    data: { restaurantId: 1, fulfilment: 'pickup', items: [{ menuItemId: dish.id, quantity }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  return (await placed.json()) as { id: number; totalPrice: number }
}

/** The owner's Earnings shows the order's line and pays the balance out. */
async function ownerPaysOut(owner: Page, orderId: number, expectEarning: number) {
  // Wide enough for the statement's table (a phone shows the lines as cards).
  await owner.setViewportSize({ width: 1366, height: 900 })
  await owner.goto('/partner/1/earnings')
  await owner.locator('#workspace-section-title', { hasText: 'Earnings' }).waitFor()
  const earnings = await earningsOf(owner, 1)
  const line = earnings.lines.find((l) => l.kind === 'order' && l.orderId === orderId)!
  expect(line.amount).toBe(expectEarning)
  // What the diner paid = the restaurant's earning + the commission + the fee.
  expect(Math.round((line.amount + line.commission + line.fee) * 100)).toBe(Math.round(line.gross * 100))
  const available = owner.getByTestId('earnings-available')
  await expect.poll(() => available.textContent(), { timeout: 10_000 }).toBe(formatMoney(earnings.available))
  // The order's line in the statement (this week's, shown first), with what the restaurant earns.
  const row = owner
    .getByTestId('earnings-lines')
    .getByRole('row')
    .filter({ hasText: `Order #${String(orderId).padStart(4, '0')}` })
  await row.getByText(formatMoney(line.amount)).first().waitFor()
  await owner.getByRole('button', { name: 'Pay out', exact: true }).click()
  const confirm = owner.getByRole('dialog', { name: /^Pay out \$/ })
  await confirm.getByRole('button', { name: /^Pay out \$/ }).click()
  await expectToast(owner, 'Payout sent')
  await owner.getByTestId('payouts').getByText('Paid').first().waitFor()
  await expect.poll(() => available.textContent(), { timeout: 10_000 }).toBe('$0.00')
  const after = await earningsOf(owner, 1)
  expect(after.available).toBe(0)
  const payouts = await apiGet<{ amount: number; status: string }[]>(owner, '/api/restaurants/1/payouts')
  expect(payouts[0]).toMatchObject({ amount: earnings.available, status: 'paid' })
  return earnings.available
}

describe.skipIf(process.env.E2E_SKIP === '1')('paying real money: the test provider', () => {
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'false', KITCHEN_ORDER_SECONDS: '900' } })

  it('a diner adds funds by card, a declined card changes nothing, the order earns the restaurant its share, and the owner pays it out', {
    timeout: 240_000,
  }, async () => {
    const account = await createAccount(journey.server.url)
    const diner = await journey.openPage({ viewport: { width: 390, height: 844 } })
    await signIn(diner, account.username, account.password)
    const start = await balanceOf(diner, account.id)

    // Amounts out of range are refused in the dialog, before anything is sent.
    await diner.goto('/profile?tab=payment')
    await diner.getByRole('button', { name: 'Add Funds' }).click()
    const dialog = diner.getByRole('dialog', { name: 'Add Funds' })
    await dialog.getByLabel('Amount (USD)').fill('600')
    await dialog.getByRole('button', { name: 'Continue to payment' }).click()
    await dialog.getByText('Top-ups are between $5.00 and $500.00').waitFor()
    await dialog.getByRole('button', { name: '$25.00' }).click()
    await shoot(diner, 'dialog', async () => {
      await diner.getByRole('button', { name: 'Add Funds' }).click()
      await diner.getByRole('dialog', { name: 'Add Funds' }).getByRole('button', { name: '$25.00' }).click()
    })
    await diner
      .getByRole('dialog', { name: 'Add Funds' })
      .getByRole('button', { name: 'Continue to payment' })
      .click()
    await diner.waitForURL(/\/pay\/\d+\?return=%2Fprofile%3Ftab%3Dpayment$/)
    const declinedId = Number(/\/pay\/(\d+)/.exec(diner.url())![1])
    await diner.getByText('Test payment: no real money moves').waitFor()
    await shoot(diner, 'pay-test', () => diner.getByLabel('Card number').waitFor())

    // A declined card: a clear error, and no money moves.
    await diner.getByRole('button', { name: /4000 0000 0000 0002/ }).click()
    await diner.getByRole('button', { name: 'Pay $25.00' }).click()
    const declined = diner.getByRole('alert').filter({ hasText: 'Payment declined' })
    await declined.getByText('Your card was declined.').waitFor()
    expect(await balanceOf(diner, account.id)).toBe(start)
    expect(await apiGet(diner, `/api/top-ups/${declinedId}`)).toMatchObject({ status: 'failed' })
    await shoot(diner, 'pay-declined', () => declined.waitFor())

    // Another tab of the diner's, left open on the wallet: the money shows there without a reload.
    const otherTab = await diner.context().newPage()
    await otherTab.goto('/profile?tab=payment')
    const otherBalance = otherTab.getByTestId('profile-wallet-balance')
    await expect.poll(() => otherBalance.textContent()).toBe(formatMoney(start))

    // Another card: a new top-up of the same amount, paid, and the wallet credited once.
    await diner.getByRole('button', { name: 'Try another card' }).click()
    await diner.waitForURL((url) => !url.pathname.endsWith(`/pay/${declinedId}`))
    await diner.getByLabel('Card number').fill('4242 4242 4242 4242')
    await diner.getByRole('button', { name: 'Pay $25.00' }).click()
    await diner.getByText('Payment received').waitFor()
    await diner.getByText('$25.00 has been added to your wallet from your Visa •••• 4242.').waitFor()
    await expectToast(diner, 'Funds Added')
    expect(await balanceOf(diner, account.id)).toBe(start + 25)
    await expect.poll(() => otherBalance.textContent(), { timeout: 15_000 }).toBe(formatMoney(start + 25))
    await otherTab.close()
    await shoot(diner, 'pay-succeeded', () => diner.getByText('Payment received').waitFor())

    // Back where the diner was: the Payment tab, with the new balance.
    await diner.getByRole('button', { name: 'Back to your profile' }).click()
    await diner.waitForURL(/\/profile\?tab=payment$/)
    await expect
      .poll(() => diner.getByTestId('profile-wallet-balance').textContent())
      .toBe(`$${(start + 25).toFixed(2)}`)
    const transactions = await apiGet<{ type: string; amount: number; description: string }[]>(
      diner,
      `/api/users/${account.id}/wallet/transactions`,
    )
    expect(transactions.filter((t) => t.type === 'top_up')).toEqual([
      expect.objectContaining({ amount: 25, description: 'Top-up by Visa •••• 4242' }),
    ])

    // The diner orders; the owner sees the earning (the subtotal less 15%) and pays it out.
    const placed = await order(diner, `payments-test-${account.id}`)
    const owner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await signIn(owner, 'chef', 'chef1234')
    const mine = (await earningsOf(owner, 1)).lines.find(
      (l) => l.orderId === placed.id && l.kind === 'order',
    )!
    expect(mine.gross).toBe(placed.totalPrice)
    await owner.goto('/partner/1/earnings')
    await shoot(owner, 'earnings', () =>
      owner
        .getByTestId('earnings-available')
        .waitFor()
        .then(() => owner.waitForLoadState('networkidle')),
    )
    await ownerPaysOut(owner, placed.id, mine.amount)
    // A second payout finds nothing to pay.
    const again = await owner.request.post('/api/restaurants/1/payouts', {
      headers: { 'idempotency-key': 'again' },
    })
    expect(again.status()).toBe(409)
    await shoot(owner, 'earnings-paid', () => owner.getByTestId('payouts').waitFor())
    journey.expectNoPageErrors()
  })
})

const SECRET_KEY = 'sk_test_local_fake_key'
const WEBHOOK_SECRET = 'whsec_local_fake_secret'

/**
 * Stripe.js as the payment page uses it, served in place of Stripe's own (nothing leaves the
 * machine): a card field in the Payment Element, and `confirmPayment` handing the card to the test,
 * which plays Stripe: it confirms the PaymentIntent on the local fake and delivers the signed event.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  return {
    elements: function (options) {
      var secret = options.clientSecret
      return {
        secret: secret,
        create: function () {
          return {
            mount: function (el) {
              el.innerHTML = '<label style="display:grid;gap:4px;font:14px sans-serif">Card number (Stripe)' +
                '<input id="fake-stripe-card" style="padding:8px;border:1px solid #999;border-radius:6px"></label>'
            },
            destroy: function () {},
            on: function () {},
          }
        },
      }
    },
    confirmPayment: function (options) {
      var card = document.getElementById('fake-stripe-card').value
      return window.__stripeConfirm(publishableKey, options.elements.secret, card)
    },
  }
}
`

describe.skipIf(process.env.E2E_SKIP === '1')(
  'paying real money: Stripe, against a local fake of its API',
  () => {
    let fake: StripeFake
    const journey = setupJourney({
      env: async () => {
        fake = await startStripeFake({ secretKey: SECRET_KEY })
        return {
          CAMERAS_ENABLED: 'false',
          KITCHEN_ORDER_SECONDS: '900',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_local_fake',
          STRIPE_API_URL: fake.url,
        }
      },
    })
    afterAll(() => fake?.close())
    const stripe = new Stripe(SECRET_KEY)

    /** Stripe's side of the browser: confirm on the fake, then deliver the signed event to our webhook. */
    async function playStripe(page: Page) {
      await page.route('https://js.stripe.com/v3/', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
      )
      await page.exposeFunction(
        '__stripeConfirm',
        async (publishableKey: string, secret: string, card: string) => {
          expect(publishableKey).toBe('pk_test_local_fake')
          const intentId = secret.split('_secret_')[0]!
          const event = fake.confirm(intentId, card)
          const payload = JSON.stringify(event)
          const res = await fetch(`${journey.server.url}/api/payments/stripe/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'stripe-signature': stripe.webhooks.generateTestHeaderString({
                payload,
                secret: WEBHOOK_SECRET,
              }),
            },
            body: payload,
          })
          expect(res.status).toBe(200)
          const intent = fake.intents.get(intentId)!
          return intent.status === 'succeeded'
            ? { paymentIntent: { id: intent.id, status: intent.status } }
            : { error: { type: 'card_error', message: intent.last_payment_error?.message } }
        },
      )
    }

    it("a diner pays through Stripe's Payment Element, is credited only by the signed webhook, and the owner is paid out by a Connect transfer", {
      timeout: 240_000,
    }, async () => {
      const account = await createAccount(journey.server.url)
      const diner = await journey.openPage({ viewport: { width: 390, height: 844 } })
      await playStripe(diner)
      await signIn(diner, account.username, account.password)
      const start = await balanceOf(diner, account.id)
      // The instant add-funds is demo money, refused with Stripe.
      const instant = await diner.request.post(`/api/users/${account.id}/wallet/add-funds`, {
        data: { amount: 10 },
      })
      expect(instant.status()).toBe(409)

      const declinedId = await addFunds(diner, '30')
      await diner.locator('#fake-stripe-card').waitFor()
      await shoot(diner, 'pay-stripe', () => diner.locator('#fake-stripe-card').waitFor())
      await diner.locator('#fake-stripe-card').fill('4000 0000 0000 9995')
      await diner.getByRole('button', { name: 'Pay $30.00' }).click()
      await diner.getByRole('alert').getByText('Your card has insufficient funds.').first().waitFor()
      // Stripe's payment_failed event marks the top-up failed; the page follows it. No money moved.
      await diner.getByRole('button', { name: 'Try another card' }).waitFor()
      expect(await apiGet(diner, `/api/top-ups/${declinedId}`)).toMatchObject({ status: 'failed' })
      expect(await balanceOf(diner, account.id)).toBe(start)

      await diner.getByRole('button', { name: 'Try another card' }).click()
      await diner.waitForURL((url) => !url.pathname.endsWith(`/pay/${declinedId}`))
      await diner.locator('#fake-stripe-card').fill('4242 4242 4242 4242')
      await diner.getByRole('button', { name: 'Pay $30.00' }).click()
      await diner.getByText('Payment received').waitFor()
      await diner.getByText('$30.00 has been added to your wallet from your Visa •••• 4242.').waitFor()
      expect(await balanceOf(diner, account.id)).toBe(start + 30)
      const intents = [...fake.intents.values()].filter((i) => i.metadata.userId === String(account.id))
      expect(intents.map((i) => [i.amount, i.status])).toEqual([
        [3000, 'requires_payment_method'],
        [3000, 'succeeded'],
      ])
      await diner.getByRole('button', { name: 'Back to your profile' }).click()
      await expect
        .poll(() => diner.getByTestId('profile-wallet-balance').textContent())
        .toBe(`$${(start + 30).toFixed(2)}`)

      const placed = await order(diner, `payments-stripe-${account.id}`)
      const owner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
      await signIn(owner, 'chef', 'chef1234')
      const mine = (await earningsOf(owner, 1)).lines.find(
        (l) => l.orderId === placed.id && l.kind === 'order',
      )!

      // Stripe pays out to a connected account: the owner links one first.
      await owner.goto('/partner/1/earnings')
      await owner.getByText('Link your Stripe account below to be paid out.').waitFor()
      expect(await owner.getByRole('button', { name: 'Pay out', exact: true }).isDisabled()).toBe(true)
      await owner.getByLabel('Stripe account id').fill('acct_bad')
      await owner.getByRole('button', { name: 'Link account' }).click()
      await owner.getByText('A Stripe account id looks like acct_1A2b3C4d5E').waitFor()
      await owner.getByLabel('Stripe account id').fill('acct_1ClearplateChef')
      await owner.getByRole('button', { name: 'Link account' }).click()
      await expectToast(owner, 'Payout account linked')
      const paid = await ownerPaysOut(owner, placed.id, mine.amount)
      const transfers = [...fake.transfers.values()]
      expect(transfers).toEqual([
        expect.objectContaining({ amount: Math.round(paid * 100), destination: 'acct_1ClearplateChef' }),
      ])
      journey.expectNoPageErrors()
    })
  },
)
