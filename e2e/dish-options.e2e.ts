import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectToast } from './diner-support'
import { ARTIFACTS_DIR, appStarted, looks, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
}

type MenuItem = {
  id: number
  name: string
  optionGroups: { name: string; options: { id: number; name: string; isAvailable: boolean }[] }[]
}

describe.skipIf(process.env.E2E_SKIP === '1')(
  'a dish with options, from the diner’s choice to the ticket',
  () => {
    const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '600', KITCHEN_TICK_MS: '500' } })

    it('a diner chooses options and leaves a note, the cart and My Orders show them, the kitchen ticket too, and an option sold out reaches the open page at once', async () => {
      // The chef's tablet, staffed so that the ticket waits for the kitchen.
      const chef = await journey.openPage({ viewport: { width: 1024, height: 768 } })
      await signIn(chef, 'chef', 'chef1234')
      await chef.goto('/kitchen/1')
      await chef.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
      if ((await chef.getByTestId('kitchen-mode').textContent()) !== 'Staffed')
        await chef.getByRole('switch', { name: 'Staffed kitchen' }).click()
      await expect.poll(() => chef.getByTestId('kitchen-mode').textContent()).toBe('Staffed')

      // A new diner allergic to shellfish, with money.
      const diner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
      const suffix = Date.now().toString(36)
      const registered = await diner.request.post('/api/register', {
        data: {
          username: `noor${suffix}`,
          password: 'tasty-secret-9',
          email: `noor.${suffix}@example.com`,
          fullName: 'Noor Haddad',
        },
      })
      expect(registered.status()).toBe(201)
      const dinerId = ((await registered.json()) as { id: number }).id
      expect(
        (
          await diner.request.post(`/api/users/${dinerId}/allergen-profile`, {
            data: { allergens: ['shellfish'], severity: 'severe' },
          })
        ).status(),
      ).toBe(201)
      expect(
        (
          await diner.request.post(`/api/users/${dinerId}/wallet/add-funds`, { data: { amount: 100 } })
        ).status(),
      ).toBe(200)

      await diner.goto('/restaurant/1')
      await diner.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
      // Clicks before the app has taken the page over are clicks-before-takeover's journey.
      await appStarted(diner)
      await diner.getByRole('tab', { name: /Mains/ }).click()
      await diner.getByRole('button', { name: 'Add to cart: Fettuccine Alfredo' }).click()
      const dialog = diner.getByTestId('add-to-cart-dialog')
      await dialog.getByRole('heading', { name: 'Fettuccine Alfredo' }).waitFor()
      expect(await dialog.getByTestId('dialog-price').textContent()).toBe('$16.99')

      // The required pasta is asked for before anything reaches the cart.
      await dialog.getByRole('button', { name: /Add to cart/ }).click()
      await dialog.getByText('choose one for "Fettuccine Alfredo"').waitFor()
      expect(await diner.locator('#cart').getByTestId('cart-line').count()).toBe(0)

      await dialog.getByLabel('Gluten-free penne').check()
      await dialog.getByLabel(/^Garlic shrimp/).click()
      expect(await dialog.getByTestId('dialog-price').textContent()).toBe('$24.49')
      // The shrimp is on the diner's profile: the dialog says so.
      await dialog
        .getByTestId('option-allergens')
        .getByText(/Shellfish \(Garlic shrimp\)/)
        .waitFor()
      // The truffle is sold out.
      expect(await dialog.getByLabel(/^Truffle shavings/).isDisabled()).toBe(true)
      await dialog.getByLabel(/Notes for the kitchen/).fill('No parsley, please')
      await dialog.getByRole('button', { name: /Add to cart/ }).click()
      await expectToast(diner, 'Added to cart')
      await dialog.waitFor({ state: 'detached' })

      // The same dish with other options is another line.
      await diner.getByRole('button', { name: 'Add to cart: Fettuccine Alfredo' }).click()
      await dialog.getByLabel('Fresh fettuccine').check()
      await dialog.getByRole('button', { name: /Add to cart/ }).click()
      await dialog.waitFor({ state: 'detached' })
      const lines = diner.locator('#cart').getByTestId('cart-line')
      await expect.poll(() => lines.count()).toBe(2)
      expect(await lines.nth(0).getByTestId('line-options').textContent()).toBe(
        'Gluten-free penne · Garlic shrimp',
      )
      expect(await lines.nth(0).getByTestId('line-notes').textContent()).toBe('“No parsley, please”')
      expect(await lines.nth(0).getByTestId('line-allergens').textContent()).toContain('Shellfish')
      expect(await lines.nth(1).getByTestId('line-options').textContent()).toBe('Fresh fettuccine')
      expect(await diner.getByTestId('cart-subtotal').textContent()).toBe('$41.48')

      // A dish without options takes a note from its card's note button.
      await diner.getByRole('tab', { name: /Desserts/ }).click()
      await diner.getByRole('button', { name: 'Add Tiramisu with a note for the kitchen' }).click()
      await dialog.getByRole('heading', { name: 'Tiramisu' }).waitFor()
      await dialog.getByLabel(/Notes for the kitchen/).fill('Candle on top, it is a birthday')
      await dialog.getByRole('button', { name: /Add to cart/ }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => lines.count()).toBe(3)
      expect(await lines.nth(2).getByTestId('line-notes').textContent()).toBe(
        '“Candle on top, it is a birthday”',
      )
      expect(await diner.getByTestId('cart-subtotal').textContent()).toBe('$50.47')

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

      // The kitchen's ticket: the options, the note and the option's allergen.
      const ticket = chef.getByTestId(`ticket-${orderId}`)
      await ticket.waitFor({ timeout: 5000 })
      await ticket
        .getByTestId('ticket-line-options')
        .filter({ hasText: 'Gluten-free penne · Garlic shrimp' })
        .waitFor()
      await ticket.getByTestId('ticket-line-notes').filter({ hasText: 'No parsley, please' }).waitFor()
      await ticket.getByTestId('ticket-line-notes').filter({ hasText: 'Candle on top' }).waitFor()
      await ticket.getByRole('alert').filter({ hasText: 'Fettuccine Alfredo: shellfish' }).waitFor()
      await ticket.scrollIntoViewIfNeeded()
      await chef
        .getByTestId('all-day')
        .getByText('Fettuccine Alfredo (Gluten-free penne, Garlic shrimp)')
        .waitFor()
      await ticket.screenshot({ path: join(ARTIFACTS_DIR, 'kitchen-ticket-options-1024-dark.png') })
      await screenshot(chef, 'kitchen-console-options-1024-dark')

      // My Orders names the choices.
      await diner.goto('/orders')
      await diner
        .getByText(/Fettuccine Alfredo \(Gluten-free penne, Garlic shrimp\)/)
        .first()
        .waitFor()

      // An option sold out by the kitchen reaches a page that is open, without a reload.
      await diner.goto('/restaurant/1')
      await appStarted(diner)
      await diner.getByRole('tab', { name: /Mains/ }).click()
      await diner.getByRole('button', { name: 'Add to cart: Fettuccine Alfredo' }).click()
      const mushrooms = dialog.getByLabel(/^Roasted mushrooms/)
      await mushrooms.waitFor()
      expect(await mushrooms.isDisabled()).toBe(false)
      const menu = (await (await chef.request.get('/api/restaurants/1/menu')).json()) as MenuItem[]
      const alfredo = menu.find((m) => m.name === 'Fettuccine Alfredo')!
      const option = alfredo.optionGroups
        .flatMap((g) => g.options)
        .find((o) => o.name === 'Roasted mushrooms')!
      const sold = await chef.request.patch(`/api/menu-options/${option.id}`, {
        data: { isAvailable: false },
      })
      expect(sold.status()).toBe(200)
      await expect.poll(() => mushrooms.isDisabled(), { timeout: 3000 }).toBe(true)
      await chef.request.patch(`/api/menu-options/${option.id}`, { data: { isAvailable: true } })
      await expect.poll(() => mushrooms.isDisabled(), { timeout: 3000 }).toBe(false)

      journey.expectNoPageErrors()
    })

    it('shows the add-to-cart dialog on a phone and a desktop, light and dark', async () => {
      for (const theme of looks(['dark', 'light'] as const))
        for (const [size, viewport] of looks([
          ['390', { width: 390, height: 844 }],
          ['1366', { width: 1366, height: 900 }],
        ] as const)) {
          const page = await journey.openPage({ viewport })
          await page.addInitScript((t) => localStorage.setItem('clearplate-theme', t), theme)
          await signIn(page, 'demo', 'demo1234')
          await page.goto('/restaurant/1')
          await appStarted(page)
          await page.getByRole('tab', { name: /Mains/ }).click()
          await page.getByRole('button', { name: 'Add to cart: Fettuccine Alfredo' }).click()
          const dialog = page.getByTestId('add-to-cart-dialog')
          await dialog.getByLabel('Gluten-free penne').check()
          await dialog.getByLabel(/^Garlic shrimp/).click()
          await dialog.getByRole('button', { name: /Add to cart/ }).focus()
          await page.waitForTimeout(400)
          await page.screenshot({ path: join(ARTIFACTS_DIR, `add-to-cart-dialog-${size}-${theme}.png`) })
          await page.context().close()
        }
      journey.expectNoPageErrors()
    })

    it('lets the owner add an option in the menu editor, and diners see it', async () => {
      const owner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
      await signIn(owner, 'chef', 'chef1234')
      await owner.goto('/partner/1/menu')
      await owner.getByRole('button', { name: 'Edit Fettuccine Alfredo' }).click()
      const editor = owner.getByRole('form', { name: 'Edit dish' })
      const pasta = editor.getByTestId('option-group-editor').first()
      await pasta.getByRole('button', { name: 'Add option' }).click()
      await pasta.getByLabel('Option', { exact: true }).last().fill('Whole-wheat tagliatelle')
      await pasta.getByLabel('Adds ($)').last().fill('1.25')
      await owner.waitForTimeout(300)
      await owner.screenshot({ path: join(ARTIFACTS_DIR, 'dish-editor-options-1366-light.png') })
      await editor.getByRole('button', { name: 'Save dish' }).click()
      await expectToast(owner, 'Dish saved')
      const menu = (await (await owner.request.get('/api/restaurants/1/menu')).json()) as MenuItem[]
      const alfredo = menu.find((m) => m.name === 'Fettuccine Alfredo')!
      expect(alfredo.optionGroups[0]!.options.map((o) => o.name)).toEqual([
        'Fresh fettuccine',
        'Gluten-free penne',
        'Whole-wheat tagliatelle',
      ])
      journey.expectNoPageErrors()
    })
  },
)
