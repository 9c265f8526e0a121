import { describe, expect, it } from 'vitest'
import { allergenLabel } from '../src/shared/constants'
import { expectToast } from './diner-support'
import { looks, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

/** Milliseconds until `check` holds, polled every 25 ms (fails after `timeoutMs`). */
async function timeUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
  return Date.now() - start
}

async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
  return (await res.json()) as { id: number }
}

describe.skipIf(process.env.E2E_SKIP === '1')('the kitchen console and the diner, side by side', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '600', KITCHEN_TICK_MS: '500' } })

  it('a staffed kitchen cooks a real order, the diner follows every bump, a shout is acknowledged, a cancel refunds', async () => {
    // The chef's tablet: landscape, dark by default.
    const chef = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    await signIn(chef, 'chef', 'chef1234')
    await chef.goto('/kitchen/1')
    await chef.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    expect(await chef.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    if ((await chef.getByTestId('kitchen-mode').textContent()) !== 'Staffed')
      await chef.getByRole('switch', { name: 'Staffed kitchen' }).click()
    await expect.poll(() => chef.getByTestId('kitchen-mode').textContent()).toBe('Staffed')

    // The diner: a new account with an allergen that the pizza has, and money.
    const diner = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    const suffix = Date.now().toString(36)
    const registered = await diner.request.post('/api/register', {
      data: {
        username: `ana${suffix}`,
        password: 'tasty-secret-9',
        email: `ana.${suffix}@example.com`,
        fullName: 'Ana Lima',
      },
    })
    expect(registered.status()).toBe(201)
    const dinerId = ((await registered.json()) as { id: number }).id
    const menu = (await (await diner.request.get('/api/restaurants/1/menu')).json()) as Array<{
      id: number
      name: string
      allergens: string[]
    }>
    const pizza = menu.find((m) => m.name === 'Margherita Pizza')!
    expect(pizza.allergens.length).toBeGreaterThan(0)
    const allergen = pizza.allergens[0]!
    expect(
      (
        await diner.request.post(`/api/users/${dinerId}/allergen-profile`, {
          data: { allergens: [allergen], severity: 'life-threatening' },
        })
      ).status(),
    ).toBe(201)
    expect(
      (
        await diner.request.post(`/api/users/${dinerId}/wallet/add-funds`, { data: { amount: 100 } })
      ).status(),
    ).toBe(200)

    // The diner orders a pizza in the app.
    await diner.goto('/restaurant/1')
    await diner.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    await diner.getByRole('tab', { name: /Mains/ }).click()
    await diner.getByRole('button', { name: 'Add to cart: Margherita Pizza' }).click()
    // A new diner has no saved address yet: collect it.
    await diner.locator('#cart').getByText('Pickup', { exact: true }).click()
    await diner
      .locator('#cart')
      .getByText(/Ready at/)
      .first()
      .waitFor()
    await diner.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(diner, 'Order placed!')
    await diner.waitForURL(/\/stream\/\d+$/, { timeout: 10_000 })
    const orderId = Number(new URL(diner.url()).pathname.split('/').pop())
    await expect.poll(() => diner.getByTestId('order-status').textContent()).toBe('Preparing')

    // The chef's console shows the ticket with the diner's allergen banner.
    const ticket = chef.getByTestId(`ticket-${orderId}`)
    await ticket.waitFor({ timeout: 5000 })
    await ticket.getByText('Ana', { exact: true }).waitFor()
    await ticket
      .getByRole('alert')
      // By its label ("Wheat"), not its id.
      .filter({ hasText: `Margherita Pizza: ${allergenLabel(allergen)}` })
      .waitFor()
    expect(await ticket.getByRole('alert').textContent()).toContain('life-threatening')
    await screenshot(chef, 'kitchen-ticket-allergen-1024-dark')

    // Every bump reaches the diner's page within a second.
    for (const [button, label] of [
      ['Bump to Cooking', 'Cooking'],
      ['Bump to Plating', 'Plating'],
    ] as const) {
      await ticket.getByRole('button', { name: button }).click()
      await timeUntil(async () => (await diner.getByTestId('order-status').textContent()) === label)
      await expect.poll(() => ticket.getByTestId('ticket-status').textContent()).toBe(label)
      if (label === 'Cooking') {
        // A shout from the diner appears on the ticket; the kitchen acknowledges it, and the diner sees that.
        const sent = await diner.request.post(`/api/orders/${orderId}/chef-shouts`, {
          data: { shoutType: 'cheese' },
        })
        expect(sent.status()).toBe(201)
        await ticket.getByText('Add Cheese!').waitFor()
        await ticket.getByRole('button', { name: 'Acknowledge' }).click()
        await diner.getByTestId('shout-list').getByText('acknowledged').waitFor({ timeout: 5000 })
      }
    }
    // Recall takes the last bump back; bump again.
    await ticket.getByRole('button', { name: 'Recall' }).click()
    await timeUntil(async () => (await diner.getByTestId('order-status').textContent()) === 'Cooking')
    for (const [button, label] of [
      ['Bump to Plating', 'Plating'],
      // The diner's page names the last two steps of a pickup as the diner knows them.
      ['Bump to Out for Delivery', 'Ready for pickup'],
      ['Bump to Completed', 'Picked up'],
    ] as const) {
      await ticket.getByRole('button', { name: button }).click()
      // A finished order also says when ("Picked up at 8:41 PM").
      await timeUntil(
        async () => (await diner.getByTestId('order-status').textContent())?.startsWith(label) === true,
      )
    }
    await ticket.waitFor({ state: 'detached' })

    // A second order, which the kitchen cancels: the diner sees why and gets the money back.
    const before = (await (await diner.request.get(`/api/users/${dinerId}/wallet-balance`)).json()) as {
      balance: number
    }
    const placed = await diner.request.post('/api/orders', {
      data: { restaurantId: 1, items: [{ menuItemId: pizza.id, quantity: 2 }], fulfilment: 'pickup' },
    })
    expect(placed.status()).toBe(201)
    const second = (await placed.json()) as { id: number; totalPrice: number }
    await diner.request.post('/api/stream-access', { data: { orderId: second.id } })
    await diner.evaluate((orderId) => {
      const key = 'clearplate-stream-access'
      const grants = JSON.parse(sessionStorage.getItem(key) ?? '{}')
      grants[orderId] = { grantedAt: Date.now(), expiresAt: Date.now() + 20 * 60_000 }
      sessionStorage.setItem(key, JSON.stringify(grants))
    }, second.id)
    await diner.goto(`/stream/${second.id}`)
    await expect.poll(() => diner.getByTestId('order-status').textContent()).toBe('Preparing')
    const secondTicket = chef.getByTestId(`ticket-${second.id}`)
    await secondTicket.waitFor()
    await secondTicket.getByRole('button', { name: 'Cancel' }).click()
    const dialog = chef.getByRole('dialog')
    await dialog.getByText('Out of stock').click()
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click()
    // Both toasts are looked for at once: each shows for 5 s, and the diner's (from the live
    // channel) can come and go before the kitchen's answer arrives on a busy machine.
    await Promise.all([
      expectToast(chef, `Order #${String(second.id).padStart(4, '0')} cancelled`),
      expectToast(diner, `Order #${String(second.id).padStart(4, '0')} cancelled`, 'Out of stock'),
    ])
    await diner
      .getByTestId('cancellation')
      .getByText(/refunded to your wallet/)
      .waitFor()
    await diner.getByRole('tab', { name: 'Wallet' }).click()
    await diner
      .getByTestId('transactions')
      .getByText(`Refund for order #${String(second.id).padStart(4, '0')}`)
      .waitFor({ timeout: 5000 })
    const after = (await (await diner.request.get(`/api/users/${dinerId}/wallet-balance`)).json()) as {
      balance: number
    }
    expect(after.balance).toBe(before.balance)
    await screenshot(diner, 'kitchen-diner-cancelled-1024-light')

    journey.expectNoPageErrors()
  }, 120_000)

  it('screenshots the console on a tablet and a phone, dark and light', async () => {
    for (const [name, viewport] of looks([
      ['1024', { width: 1024, height: 768 }],
      ['390', { width: 390, height: 844 }],
    ] as const)) {
      for (const theme of looks(['dark', 'light'] as const)) {
        const page = await journey.openPage({ viewport })
        await page.addInitScript((t) => localStorage.setItem('clearplate-kitchen-theme', t), theme)
        await signIn(page, 'chef', 'chef1234')
        await page.goto('/kitchen/1')
        await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
        await page.waitForTimeout(500)
        await screenshot(page, `kitchen-console-${name}-${theme}`)
        await page.context().close()
      }
    }
    journey.expectNoPageErrors()
    // Four sign-ins and four consoles: over a minute on a loaded two-core machine.
  }, 180_000)
})
