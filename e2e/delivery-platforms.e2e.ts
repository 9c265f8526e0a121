import { afterAll, describe, expect, it } from 'vitest'
import { type Marketplace, startMarketplace, uberOrderWebhook } from '../src/server/testing/marketplace-fake'
import { expectToast } from './diner-support'
import { type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const SECRET = 'uber-client-secret-e2e-1'

async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
}

describe.skipIf(process.env.E2E_SKIP === '1')('Uber Eats orders in the kitchen console', () => {
  let market: Marketplace | undefined
  const journey = setupJourney({
    env: async () => {
      // The platform's API is a local simulator: nothing leaves 127.0.0.1.
      market = await startMarketplace()
      return { UBEREATS_API_URL: market.url, DOORDASH_API_URL: market.url, KITCHEN_TICK_MS: '500' }
    },
  })
  afterAll(async () => {
    await market?.close()
  })

  async function sendOrder(integrationId: number, firstName: string, menuItemId: number) {
    const hook = uberOrderWebhook(market!, {
      clientSecret: SECRET,
      storeId: 'bellini-1',
      firstName,
      lines: [
        { menuItemId, name: 'Margherita Pizza', quantity: 2, priceCents: 1600 },
        { name: 'Secret Garlic Knots', quantity: 1, priceCents: 600 },
      ],
      notes: 'No nuts please, peanut allergy',
    })
    const res = await fetch(`${journey.server.url}/api/integrations/${integrationId}/webhook`, {
      method: 'POST',
      headers: hook.headers,
      body: hook.body,
    })
    expect(res.status).toBe(200)
    return hook
  }

  it('a signed order waits in the console, is accepted (the platform hears it), its QR opens the watch page, a cancel from the kitchen reaches Uber Eats; another is denied; new credentials keep its history and are accepted', async () => {
    const chef = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await signIn(chef, 'chef', 'chef1234')
    const created = await chef.request.post('/api/restaurants/1/delivery-integrations', {
      data: {
        platform: 'ubereats',
        apiKey: 'uber-api-key-e2e-0001',
        clientId: 'bellini-client',
        clientSecret: SECRET,
        storeId: 'bellini-1',
      },
    })
    expect(created.status()).toBe(201)
    const integration = (await created.json()) as { id: number; inboundUrl: string }
    expect(integration.inboundUrl).toBe(`${journey.server.url}/api/integrations/${integration.id}/webhook`)
    const menu = (await (await chef.request.get('/api/restaurants/1/menu')).json()) as {
      id: number
      name: string
    }[]
    const pizza = menu.find((m) => m.name === 'Margherita Pizza')!

    await chef.goto('/kitchen/1')
    await chef.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    if ((await chef.getByTestId('kitchen-mode').textContent()) !== 'Staffed')
      await chef.getByRole('switch', { name: 'Staffed kitchen' }).click()
    await expect.poll(() => chef.getByTestId('kitchen-mode').textContent()).toBe('Staffed')

    const sent = Date.now()
    const first = await sendOrder(integration.id, 'Jordan', pizza.id)
    const ticket = chef
      .locator('article')
      .filter({ has: chef.getByTestId('platform-badge') })
      .filter({ hasText: 'Jordan' })
    await ticket.waitFor({ timeout: 10_000 })
    const arrivedMs = Date.now() - sent
    await expect.poll(() => ticket.getByTestId('platform-badge').textContent()).toContain('Uber Eats')
    await expect.poll(() => ticket.getByTestId('accept-countdown').textContent()).toMatch(/^1[01]:[0-5]\d$/)
    expect(await ticket.getByText('Not on the menu: Secret Garlic Knots').isVisible()).toBe(true)
    expect(await ticket.getByRole('alert').textContent()).toContain('peanuts')
    await screenshot(chef, 'platform-ticket-waiting-1366')
    console.log(`webhook to console: ${arrivedMs} ms`)

    await ticket.getByRole('button', { name: 'Accept' }).click()
    const accepted = await market!.waitForCall(`/v1/eats/orders/${first.orderId}/accept_pos_order`, 10_000)
    expect((accepted.json as { reason: string }).reason).toMatch(/\/watch\//)
    await expect.poll(() => ticket.getByTestId('ticket-status').textContent()).toBe('Preparing')
    await ticket.getByText('Watch link for the bag').click()
    await ticket.getByTestId('watch-qr').waitFor()
    await screenshot(chef, 'platform-ticket-accepted-1366')
    const watchPath = (await ticket.locator('a[href^="/watch/"]').getAttribute('href'))!

    // The customer opens the link without an account, on a phone.
    const customer = await journey.openPage({ viewport: { width: 390, height: 844 }, colorScheme: 'light' })
    await customer.goto(watchPath)
    await customer.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    await expect.poll(() => customer.getByTestId('watch-status').textContent()).toBe('Preparing')
    const text = await customer.getByTestId('watch-page').innerText()
    expect(text).toContain('2× Margherita Pizza')
    expect(text).not.toContain('Jordan')
    expect(text).not.toMatch(/\$\d/)
    await screenshot(customer, 'platform-watch-390-light')

    // The kitchen cancels the accepted order after all: Uber Eats is told, and Recent says so.
    const firstId = (await ticket.getAttribute('data-testid'))!.replace('ticket-', '')
    await ticket.getByRole('button', { name: 'Cancel' }).click()
    const dialog = chef.getByRole('dialog')
    await dialog.getByText('Out of stock').click()
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click()
    const cancelled = await market!.waitForCall(`/v1/eats/orders/${first.orderId}/cancel`, 10_000)
    expect(cancelled.json).toMatchObject({ reason: 'ITEM_ISSUE', cancelling_party: 'MERCHANT' })
    await expect
      .poll(() => chef.getByTestId(`recent-${firstId}`).getByTestId('platform-cancel').textContent(), {
        timeout: 10_000,
      })
      .toBe('Uber Eats was told')

    // A second order is denied with a reason.
    const second = await sendOrder(integration.id, 'Casey', pizza.id)
    const other = chef.locator('article').filter({ hasText: 'Casey' })
    await other.waitFor({ timeout: 10_000 })
    await other.getByRole('button', { name: 'Deny' }).click()
    await other.getByLabel('Why can’t you make it?').fill('Out of dough tonight')
    await other.getByRole('button', { name: 'Deny order' }).click()
    const denied = await market!.waitForCall(`/v1/eats/orders/${second.orderId}/deny_pos_order`, 10_000)
    expect(denied.json).toEqual({ reason: { explanation: 'Out of dough tonight' } })
    await other.waitFor({ state: 'detached', timeout: 10_000 })

    // The workspace: inbound URL, check connection, the events.
    const owner = await journey.openPage({ viewport: { width: 1024, height: 900 } })
    await signIn(owner, 'chef', 'chef1234')
    await owner.goto('/partner/1/integrations')
    const card = owner.getByTestId('integration-ubereats')
    await card.waitFor()
    expect(await card.getByLabel('Inbound webhook URL', { exact: true }).inputValue()).toBe(
      integration.inboundUrl,
    )
    await card.getByRole('button', { name: 'Check connection' }).click()
    await expectToast(owner, 'Connected', /token/)
    await card.getByText('Recent events').click()
    await card.getByTestId('integration-events').getByText('Accepted').first().waitFor()
    expect(await card.getByTestId('integration-events').innerText()).toContain('Denied')
    await screenshot(owner, 'platform-workspace-1024')

    // The restaurant moves to another Uber Eats store: the integration keeps its history.
    await card.getByRole('button', { name: 'Update Uber Eats credentials' }).click()
    const credentials = owner.getByRole('dialog', { name: 'Update Uber Eats credentials' })
    expect(await credentials.getByLabel('Store ID').inputValue()).toBe('bellini-1')
    expect(await credentials.getByLabel('Client secret').inputValue()).toBe('')
    await credentials.getByLabel('Store ID').fill('')
    await credentials.getByRole('button', { name: 'Save credentials' }).click()
    await credentials.getByText('Uber Eats needs a store ID').waitFor()
    await credentials.getByLabel('Store ID').fill('bellini-2')
    await screenshot(owner, 'platform-credentials-1024')
    await credentials.getByRole('button', { name: 'Save credentials' }).click()
    await expectToast(owner, 'Credentials saved', /pending until it accepts the new credentials/)
    await credentials.waitFor({ state: 'detached' })
    await card.getByText('bellini-2').waitFor()
    // The menu goes to Uber Eats again with the new store; the platform's answer ends "Pending".
    await market!.waitForCall('/v2/eats/stores/bellini-2/menus', 15_000, 'PUT')
    await card.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 })
    expect(await card.getByTestId('integration-events').innerText()).toContain('Denied')
    journey.expectNoPageErrors()
  }, 120_000)
})
