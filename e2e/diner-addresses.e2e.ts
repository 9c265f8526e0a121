import { describe, expect, it } from 'vitest'
import { POLL, shootThemes } from './diner-support'
import { createAccount, expectToast, signIn } from './shell-helpers'
import type { Page } from './support/browser'
import { setupJourney } from './support/journey'

const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1024, height: 800 },
  desktop: { width: 1366, height: 900 },
} as const

/** Screenshots at three widths, light and dark. */
const shoot = (page: Page, name: string, ready: (page: Page) => Promise<unknown>) =>
  shootThemes(page, `addresses-${name}`, SIZES, ready)

async function fillAddress(
  page: Page,
  title: string,
  address: { label?: string; line1?: string; line2?: string; city?: string; postcode?: string },
) {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.waitFor()
  if (address.label !== undefined) await dialog.getByLabel('Label (optional)').fill(address.label)
  if (address.line1 !== undefined) await dialog.getByLabel('Street address').fill(address.line1)
  if (address.line2 !== undefined) await dialog.getByLabel('Apartment, floor (optional)').fill(address.line2)
  if (address.city !== undefined) await dialog.getByLabel('City').fill(address.city)
  if (address.postcode !== undefined) await dialog.getByLabel('Postcode').fill(address.postcode)
  await dialog.getByRole('button', { name: 'Save address' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Restaurant 1's checkout with a Margherita in the cart. */
async function openCheckout(page: Page) {
  await page.evaluate(() => sessionStorage.removeItem('clearplate-cart:1'))
  await page.goto('/restaurant/1')
  await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
  const cart = page.locator('#cart')
  await page.getByRole('tab', { name: /Mains/ }).click()
  await page.getByRole('button', { name: 'Add to cart: Margherita Pizza' }).click()
  await cart.getByTestId('cart-total').waitFor()
  return cart
}

const selectedAddress = (cart: ReturnType<Page['locator']>) =>
  cart.locator('#checkout-address').evaluate((el) => {
    const select = el as HTMLSelectElement
    return select.selectedOptions[0]?.textContent ?? ''
  })

describe.skipIf(process.env.E2E_SKIP === '1')('a diner’s delivery addresses', () => {
  const journey = setupJourney()

  it('adds two, makes the second the default, edits one, deletes one, and checkout offers the default', async () => {
    const account = await createAccount(journey.server.url)
    const page = await journey.openPage()
    await page.goto('/')
    await signIn(page, account.username, account.password)

    await page.goto('/profile')
    await page.getByRole('tab', { name: 'Addresses' }).click()
    const section = page.getByRole('tabpanel', { name: 'Addresses' })
    await section.getByTestId('addresses-empty').waitFor()

    // The first address: the form refuses what is missing, then saves; it becomes the default.
    await section.getByRole('button', { name: 'Add address' }).click()
    const dialog = page.getByRole('dialog', { name: 'New delivery address' })
    await dialog.getByRole('button', { name: 'Save address' }).click()
    await dialog.getByText('Please enter the street address').waitFor()
    await dialog.getByText('Please enter the city').waitFor()
    await fillAddress(page, 'New delivery address', {
      label: 'Home',
      line1: '1100 E 5th St',
      city: 'Austin',
      postcode: '78702',
    })
    await expectToast(page, 'Address saved', '1100 E 5th St, Austin 78702')
    const saved = section.getByTestId('saved-address')
    await saved.filter({ hasText: 'Home' }).getByText('Default', { exact: true }).waitFor()

    await section.getByRole('button', { name: 'Add address' }).click()
    await fillAddress(page, 'New delivery address', {
      label: 'Work',
      line1: '500 W 2nd St',
      line2: 'Floor 3',
      city: 'Austin',
      postcode: '78701',
    })
    await expect.poll(() => saved.count(), POLL).toBe(2)
    expect(await saved.filter({ hasText: 'Work' }).getByText('Default', { exact: true }).count()).toBe(0)

    // Work becomes the default.
    await section.getByRole('button', { name: 'Make Work the default' }).click()
    await expectToast(page, 'Default address changed', 'Checkout now chooses Work.')
    await saved.filter({ hasText: 'Work' }).getByText('Default', { exact: true }).waitFor()
    await expect
      .poll(() => saved.filter({ hasText: 'Home' }).getByText('Default', { exact: true }).count(), POLL)
      .toBe(0)
    // The default comes first.
    expect(await saved.first().textContent()).toContain('Work')
    await shoot(page, 'profile', async (p) => {
      await p.getByRole('tab', { name: 'Addresses' }).click()
      await p.getByRole('tabpanel', { name: 'Addresses' }).getByTestId('saved-address').nth(1).waitFor()
    })

    // Checkout offers the new default while the other address is still there.
    let cart = await openCheckout(page)
    await cart
      .getByTestId('checkout-quote')
      .filter({ hasText: /Arrives around/ })
      .waitFor()
    expect(await selectedAddress(cart)).toBe('Work: 500 W 2nd St, Floor 3, Austin 78701')
    expect(await cart.locator('#checkout-address option').count()).toBe(2)

    // Edit Home: a new street, and the label cleared.
    await page.goto('/profile')
    await page.getByRole('tab', { name: 'Addresses' }).click()
    await section.getByRole('button', { name: 'Edit Home' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit delivery address' })
    expect(await edit.getByLabel('Street address').inputValue()).toBe('1100 E 5th St')
    await fillAddress(page, 'Edit delivery address', { label: '', line1: '1102 E 5th St' })
    await expectToast(page, 'Address updated', '1102 E 5th St, Austin 78702')
    const edited = saved.filter({ hasText: '1102 E 5th St' })
    await edited.waitFor()
    expect(await edited.textContent()).not.toContain('Home')

    // Delete the default, after confirming: the other one takes its place.
    await section.getByRole('button', { name: 'Delete Work' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' })
    await confirm.getByRole('button', { name: 'Keep it' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(await saved.count()).toBe(2)
    await section.getByRole('button', { name: 'Delete Work' }).click()
    await confirm.getByRole('button', { name: 'Delete address' }).click()
    await expectToast(page, 'Address deleted', 'Your oldest remaining address is now the default.')
    await expect.poll(() => saved.count(), POLL).toBe(1)
    await edited.getByText('Default', { exact: true }).waitFor()

    cart = await openCheckout(page)
    await cart
      .getByTestId('checkout-quote')
      .filter({ hasText: /Arrives around/ })
      .waitFor()
    expect(await selectedAddress(cart)).toBe('1102 E 5th St, Austin 78702')
    journey.expectNoPageErrors()
  }, 180_000)

  it('follows the owner’s new delivery radius at checkout: a diner outside it can only pick up', async () => {
    const owner = await journey.openPage()
    await owner.goto('/')
    await signIn(owner, 'chef', 'chef1234')
    await owner.goto('/partner/1')
    const radius = owner.getByLabel('Delivery radius (km)')
    await radius.waitFor()
    expect(await radius.inputValue()).toBe('10')
    await owner.getByText('Diners farther than this can still pick up.').waitFor()

    // Out of range is refused in the form, with the field's message.
    await radius.fill('60')
    await owner.getByRole('button', { name: 'Save profile' }).click()
    await owner.getByText('Delivery radius must be between 0.5 and 50 km, with at most one decimal').waitFor()
    await radius.fill('1.5')
    await owner.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(owner, 'Profile saved')
    await expect
      .poll(async () => (await (await owner.request.get('/api/restaurants/1')).json()).deliveryRadiusKm, POLL)
      .toBe(1.5)
    await shoot(owner, 'workspace-overview', (p) => p.getByLabel('Delivery radius (km)').waitFor())
    expect(await owner.getByLabel('Delivery radius (km)').inputValue()).toBe('1.5')

    // A diner in 78702, about 3 km from the restaurant.
    const account = await createAccount(journey.server.url)
    const page = await journey.openPage()
    await page.goto('/')
    await signIn(page, account.username, account.password)
    const added = await page.request.post(`/api/users/${account.id}/addresses`, {
      data: { label: 'Home', line1: '1100 E 5th St', city: 'Austin', postcode: '78702' },
    })
    expect(added.status()).toBe(201)
    await page.request.post(`/api/users/${account.id}/wallet/add-funds`, { data: { amount: 50 } })

    const cart = await openCheckout(page)
    const refusal = cart.getByTestId('checkout-quote-error')
    await refusal.waitFor()
    expect(await refusal.textContent()).toMatch(/delivers within 1\.5 km; this address is \d\.\d km away/)
    expect(await cart.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true)

    // Pickup is still offered.
    await cart.getByText('Pickup', { exact: true }).click()
    await cart
      .getByTestId('checkout-quote')
      .filter({ hasText: /Ready at/ })
      .waitFor()
    await expect.poll(() => cart.getByRole('button', { name: 'Place Order' }).isDisabled(), POLL).toBe(false)
    await cart.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(page, 'Order placed!')
    journey.expectNoPageErrors()
  }, 180_000)
})
