import { describe, expect, it } from 'vitest'
import { expectToast } from './diner-support'
import { appStarted, looks, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
}

/** The test id of the focused element, or its tag when it has none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? ''
  })

/** The tickets on the rail, left to right. */
const rail = (page: Page) =>
  page
    .locator('[data-ticket-card]')
    .evaluateAll((cards) => cards.map((c) => Number(c.dataset.testid!.split('-')[1])))

describe.skipIf(process.env.E2E_SKIP === '1')('the kitchen console from the keyboard', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '600', KITCHEN_TICK_MS: '500' } })

  it('selects, bumps through to done, recalls and cancels with a reason, with keys only', async () => {
    const chef = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    await signIn(chef, 'chef', 'chef1234')
    // A staffed kitchen: only the console moves its orders.
    expect(
      (await chef.request.put('/api/restaurants/1/kitchen/mode', { data: { mode: 'staffed' } })).status(),
    ).toBe(200)

    // A diner with money places two pickup orders.
    const diner = await journey.openPage()
    const suffix = Date.now().toString(36)
    const registered = await diner.request.post('/api/register', {
      data: {
        username: `kb${suffix}`,
        password: 'tasty-secret-9',
        email: `kb.${suffix}@example.com`,
        fullName: 'Rosa Diaz',
      },
    })
    const dinerId = ((await registered.json()) as { id: number }).id
    await diner.request.post(`/api/users/${dinerId}/wallet/add-funds`, { data: { amount: 100 } })
    const menu = (await (await diner.request.get('/api/restaurants/1/menu')).json()) as Array<{
      id: number
      name: string
    }>
    const pizza = menu.find((m) => m.name === 'Margherita Pizza')!
    const order = async () => {
      const res = await diner.request.post('/api/orders', {
        data: { restaurantId: 1, items: [{ menuItemId: pizza.id, quantity: 1 }], fulfilment: 'pickup' },
      })
      expect(res.status()).toBe(201)
      return ((await res.json()) as { id: number }).id
    }
    const first = await order()
    const second = await order()

    await chef.goto('/kitchen/1')
    await chef.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    await chef.getByRole('main').waitFor()
    const firstCard = chef.getByTestId(`ticket-${first}`)
    await firstCard.waitFor()
    await firstCard.getByTestId('ticket-channel').getByText('Clearplate').waitFor()
    expect(await firstCard.getByTestId('ticket-fulfilment').textContent()).toBe('Pickup')
    expect(await firstCard.getByTestId('ticket-promise').textContent()).toMatch(
      /^Ready \d{1,2}:\d{2} [AP]M · \d+:\d{2} left$/,
    )

    // ? shows the keys; Escape closes them.
    await chef.keyboard.press('?')
    await chef.getByRole('dialog', { name: 'Keyboard and bump bar' }).waitFor()
    await chef.keyboard.press('Escape')
    await chef.getByRole('dialog').waitFor({ state: 'detached' })

    // A number selects a ticket and puts the focus on it.
    const select = async (id: number) => {
      const at = (await rail(chef)).indexOf(id)
      expect(at).toBeGreaterThanOrEqual(0)
      if (at < 9) await chef.keyboard.press(String(at + 1))
      else {
        await chef.keyboard.press('1')
        for (let i = 0; i < at; i++) await chef.keyboard.press('ArrowRight')
      }
      await expect.poll(() => focused(chef)).toBe(`ticket-${id}`)
      expect(await chef.getByTestId(`ticket-${id}`).getAttribute('aria-current')).toBe('true')
    }
    await select(first)

    // Enter bumps it; the selection and the focus move on to the next ticket, never onto a button.
    const status = (id: number) => chef.getByTestId(`ticket-${id}`).getByTestId('ticket-status').textContent()
    const steps = ['Cooking', 'Plating', 'Out for Delivery']
    for (const [i, label] of steps.entries()) {
      if (i > 0) await select(first)
      await chef.keyboard.press(i % 2 === 0 ? 'Enter' : ' ')
      await expect.poll(() => status(first)).toBe(label)
      await expect.poll(() => focused(chef)).toBe(`ticket-${second}`)
      await expect
        .poll(() => chef.getByTestId('kitchen-announcer').textContent())
        .toContain(`bumped to ${label}`)
    }
    await select(first)
    await chef.keyboard.press('Enter')
    // Done: off the rail, into Recent.
    await firstCard.waitFor({ state: 'detached' })
    await chef
      .getByTestId(`recent-${first}`)
      .getByText(/Picked up/)
      .waitFor()
    const completed = (await (await diner.request.get(`/api/orders/${first}`)).json()) as { status: string }
    expect(completed.status).toBe('completed')

    // R takes the last bump back: the ticket returns to the rail, selected and focused.
    await chef.keyboard.press('r')
    await firstCard.waitFor()
    await expect.poll(() => status(first)).toBe('Out for Delivery')
    await expect.poll(() => focused(chef)).toBe(`ticket-${first}`)
    await expect.poll(() => chef.getByTestId('kitchen-announcer').textContent()).toContain('recalled')
    await chef.keyboard.press('Enter')
    await firstCard.waitFor({ state: 'detached' })

    // A new ticket while the console is open: announced politely, and it flashes.
    const third = await order()
    await chef.getByTestId(`ticket-${third}`).waitFor()
    await expect
      .poll(() => chef.getByTestId('kitchen-announcer').textContent())
      .toBe(`New order #${String(third).padStart(4, '0')} for Rosa: 1 item, pickup`)

    // A number moves the focus as it selects, not a frame later: a Tab pressed in the same frame
    // starts from the chosen ticket (the key is sent from the page, so nothing runs in between).
    await select(third)
    const secondKey = String((await rail(chef)).indexOf(second) + 1)
    expect(
      await chef.evaluate((key) => {
        const target = document.activeElement ?? document.body
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
        return document.activeElement?.getAttribute('data-testid')
      }, secondKey),
    ).toBe(`ticket-${second}`)

    // Cancel asks first, with a reason: Tab from the selected ticket reaches Bump, then Cancel.
    await select(second)
    await chef.keyboard.press('Tab')
    expect(await chef.evaluate(() => document.activeElement?.textContent)).toMatch(/^Bump to Cooking/)
    await chef.keyboard.press('Tab')
    expect(await chef.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await chef.keyboard.press('Enter')
    const dialog = chef.getByRole('dialog')
    await dialog.getByText('Reason').waitFor()
    // The reasons are radios: the focus is on the chosen one; an arrow picks "Kitchen closed".
    for (
      let i = 0;
      i < 5 && (await chef.evaluate(() => (document.activeElement as HTMLInputElement)?.type)) !== 'radio';
      i++
    )
      await chef.keyboard.press('Tab')
    await chef.keyboard.press('ArrowDown')
    expect(await dialog.getByRole('radio', { name: 'Kitchen closed' }).isChecked()).toBe(true)
    for (
      let i = 0;
      i < 8 && (await chef.evaluate(() => document.activeElement?.textContent)) !== 'Cancel and refund';
      i++
    )
      await chef.keyboard.press('Tab')
    await chef.keyboard.press('Enter')
    await expectToast(chef, `Order #${String(second).padStart(4, '0')} cancelled`)
    await chef.getByTestId(`ticket-${second}`).waitFor({ state: 'detached' })
    await chef
      .getByTestId(`recent-${second}`)
      .getByText(/Cancelled: kitchen closed/)
      .waitFor()
    // The focus stays on the rail, on a ticket.
    await expect.poll(() => focused(chef)).toMatch(/^ticket-\d+$/)
    const cancelled = (await (await diner.request.get(`/api/orders/${second}`)).json()) as { status: string }
    expect(cancelled.status).toBe('cancelled')

    journey.expectNoPageErrors()
  }, 120_000)

  it('pauses new orders and 86es a dish and an option from the console, and the restaurant page follows live', async () => {
    const chef = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    await signIn(chef, 'chef', 'chef1234')
    await chef.goto('/kitchen/1')
    await chef.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    const visitor = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    await visitor.goto('/restaurant/1')
    await visitor.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    // The page is rendered ahead: it follows the kitchen live once its app runs.
    await appStarted(visitor)

    await chef.getByRole('button', { name: 'Pause orders' }).click()
    await chef.getByRole('dialog').getByRole('button', { name: '20 min' }).click()
    await chef.getByTestId('kitchen-paused').waitFor()
    await visitor
      .getByTestId('restaurant-paused')
      .getByText(/^Not taking orders until \d{1,2}:\d{2} [AP]M\.$/)
      .waitFor({ timeout: 5000 })

    await chef.getByRole('button', { name: /^Sold out/ }).click()
    await chef.getByRole('switch', { name: 'Margherita Pizza available' }).click()
    await expect
      .poll(() =>
        chef.getByRole('switch', { name: 'Margherita Pizza available' }).getAttribute('aria-checked'),
      )
      .toBe('false')
    await chef.keyboard.press('Escape')
    await visitor
      .getByRole('button', { name: 'Add to cart: Margherita Pizza' })
      .waitFor({ state: 'detached', timeout: 5000 })
    await screenshot(visitor, 'restaurant-paused-86-1024-light')
    await screenshot(chef, 'kitchen-paused-1024-dark')

    // Back again.
    await chef.getByRole('button', { name: /^Sold out/ }).click()
    await chef.getByRole('switch', { name: 'Margherita Pizza available' }).click()
    await chef.keyboard.press('Escape')
    await chef.getByRole('button', { name: 'Resume now' }).click()
    await visitor.getByTestId('restaurant-paused').waitFor({ state: 'detached', timeout: 5000 })

    // One option of a dish, 86'd from the console with the keyboard alone: the diner's open
    // dialog greys it out at once, and the console's 86'd list names it with its dish.
    await visitor.getByRole('tab', { name: /Mains/ }).click()
    await visitor.getByRole('button', { name: 'Add to cart: Fettuccine Alfredo' }).click()
    const mushrooms = visitor.getByTestId('add-to-cart-dialog').getByLabel(/^Roasted mushrooms/)
    await mushrooms.waitFor()
    expect(await mushrooms.isDisabled()).toBe(false)
    const optionSwitch = chef.getByRole('switch', {
      name: 'Fettuccine Alfredo, Add to it: Roasted mushrooms available',
    })
    await chef.getByRole('button', { name: /^Sold out/ }).click()
    // The focus starts in the search: type, then Tab past the dish to its option, Space turns it.
    await chef.getByLabel('Search dishes and options').waitFor()
    await chef.keyboard.type('mushroom')
    await chef.keyboard.press('Tab')
    await chef.keyboard.press('Tab')
    expect(await chef.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Fettuccine Alfredo, Add to it: Roasted mushrooms available',
    )
    await chef.keyboard.press('Space')
    await expect.poll(() => optionSwitch.getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => mushrooms.isDisabled(), { timeout: 5000 }).toBe(true)
    await screenshot(chef, 'kitchen-86-dialog-option-1024-dark')
    await chef.keyboard.press('Escape')
    const soldOut = chef.getByTestId('sold-out-list')
    await soldOut.getByText('Roasted mushrooms (Fettuccine Alfredo)').waitFor()
    await screenshot(chef, 'kitchen-86-option-1024-dark')
    await chef.getByRole('button', { name: /^Sold out/ }).click()
    await chef.keyboard.type('mushroom')
    await optionSwitch.click()
    await expect.poll(() => mushrooms.isDisabled(), { timeout: 5000 }).toBe(false)
    await chef.keyboard.press('Escape')
    await soldOut.getByText('Roasted mushrooms (Fettuccine Alfredo)').waitFor({ state: 'detached' })
    journey.expectNoPageErrors()
  }, 120_000)

  it('screenshots the console on the kitchen tablet, dark and light', async () => {
    for (const theme of looks(['dark', 'light'] as const)) {
      const page = await journey.openPage({ viewport: { width: 1024, height: 768 } })
      await page.addInitScript((t) => localStorage.setItem('clearplate-kitchen-theme', t), theme)
      await signIn(page, 'chef', 'chef1234')
      await page.goto('/kitchen/1')
      await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
      await page.keyboard.press('1')
      await page.waitForTimeout(400)
      await screenshot(page, `kitchen-keyboard-1024-${theme}`)
      await page.context().close()
    }
    // /kitchen opens the only restaurant's console.
    const page = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    await signIn(page, 'chef', 'chef1234')
    await page.goto('/kitchen')
    await page.waitForURL(/\/kitchen\/\d+$/)
    await page.getByRole('link', { name: 'Workspace' }).waitFor()
    journey.expectNoPageErrors()
    // Three sign-ins and three consoles: a minute and more on a loaded two-core machine.
  }, 180_000)
})
