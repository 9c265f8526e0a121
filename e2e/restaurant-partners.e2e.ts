import { afterAll, describe, expect, it } from 'vitest'
import { type Marketplace, startMarketplace } from '../src/server/testing/marketplace-fake'
import { apiGet, createAccount, expectToast, isoDateFromToday, signIn } from './shell-helpers'
import { setupJourney } from './support/journey'

interface Restaurant {
  id: number
  name: string
  isLive: boolean
  images: string[]
  latitude: number | null
}

describe.skipIf(process.env.E2E_SKIP === '1')('restaurant partner journeys', () => {
  let market: Marketplace | undefined
  const journey = setupJourney({
    env: async () => {
      // Uber Eats is a local simulator: the menu a new integration publishes stays on 127.0.0.1.
      market = await startMarketplace()
      return { KITCHEN_ENABLED: 'false', CAMERAS_ENABLED: 'false', UBEREATS_API_URL: market.url }
    },
  })
  afterAll(async () => {
    await market?.close()
  })
  const { openPage, expectNoPageErrors } = journey

  it('lets a visitor apply as a restaurant, sign in on the way, and creates the restaurant', async () => {
    const owner = await createAccount(journey.server.url)
    const page = await openPage()
    await page.goto('/for-restaurants')
    await page.getByRole('heading', { name: 'Apply to join Clearplate' }).waitFor()

    // Step 1 refuses to move on while it is incomplete.
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Restaurant name must be at least 2 characters').waitFor()
    await page.getByText('Description should be at least 20 characters').waitFor()

    const name = `Casa Nueva ${Date.now().toString(36)}`
    await page.getByLabel('Restaurant name', { exact: true }).fill(name)
    await page
      .getByLabel('Description', { exact: true })
      .fill('Tacos al pastor carved from the trompo while you watch.')
    await page.getByLabel('Cuisine', { exact: true }).selectOption('Mexican')
    await page.getByLabel('Price range', { exact: true }).selectOption('$$')
    await page.getByLabel('Address', { exact: true }).fill('500 Congress Ave, Austin, TX 78701')
    await page.getByLabel('Live Kitchen View', { exact: true }).click()
    await page.getByLabel('Chef Interaction', { exact: true }).click()
    await page.getByRole('button', { name: 'Next' }).click()

    // Step 2: contact details are checked too.
    await page.getByLabel('Email', { exact: true }).fill('owner@')
    await page.getByLabel('Phone', { exact: true }).fill('555')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await page.getByText('Please enter a valid email address').waitFor()
    await page.getByText('Please enter a valid phone number').waitFor()
    await page.getByText('You must agree to the terms and conditions').waitFor()

    // Back keeps step 1 as it was.
    await page.getByRole('button', { name: 'Back' }).click()
    expect(await page.getByLabel('Restaurant name', { exact: true }).inputValue()).toBe(name)
    await page.getByRole('button', { name: 'Next' }).click()

    await page.getByLabel('Email', { exact: true }).fill(owner.email)
    await page.getByLabel('Phone', { exact: true }).fill('(512) 555-0199')
    await page.getByLabel(/I agree to the terms and conditions/).click()
    await page.getByRole('button', { name: 'Submit Application' }).click()

    // A visitor is asked to sign in, then the application goes out with what they typed.
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' })
    await dialog.waitFor()
    await dialog.getByLabel('Username', { exact: true }).fill(owner.username)
    await dialog.getByLabel('Password', { exact: true }).fill(owner.password)
    await dialog.getByRole('button', { name: 'Sign In' }).click()

    await expectToast(page, 'Restaurant submitted successfully!')
    const thanks = page.getByTestId('application-thank-you')
    await thanks.getByText('Thank you for joining!').waitFor()
    // The restaurant exists at once: the panel says so and leads to its workspace.
    expect(await thanks.textContent()).not.toContain('business days')
    expect(await thanks.getByRole('link', { name: 'Open your workspace' }).getAttribute('href')).toMatch(
      /^\/partner\/\d+$/,
    )
    expect(await thanks.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')

    const owned = await apiGet<{ id: number; name: string }[]>(page, `/api/users/${owner.id}/restaurants`)
    expect(owned.map((r) => r.name)).toEqual([name])
    const created = await apiGet<Restaurant>(page, `/api/restaurants/${owned[0]!.id}`)
    expect(created).toMatchObject({ name, isLive: false, images: [] })
    expectNoPageErrors()
  })

  it('registers a restaurant in the wizard with its location, adds a camera and finishes in its workspace', async () => {
    const owner = await createAccount(journey.server.url)
    const page = await openPage({
      permissions: ['geolocation'],
      geolocation: { latitude: 30.2672, longitude: -97.7431 },
    })
    await signIn(page, owner.username, owner.password)
    await page.goto('/restaurant-partners')
    await page.getByRole('button', { name: 'Partner with Us Today' }).click()
    await page.getByRole('tab', { name: 'Restaurant Registration' }).waitFor()

    await page.getByRole('button', { name: 'Register Restaurant' }).click()
    await page.getByText('Restaurant name must be at least 3 characters.').waitFor()
    await page.getByText('Please select a cuisine type.').waitFor()
    await page.getByText('You must accept the terms and conditions.').waitFor()

    const name = `Smoke & Oak ${Date.now().toString(36)}`
    await page.getByLabel('Restaurant name', { exact: true }).fill(name)
    await page.getByLabel('Cuisine type', { exact: true }).selectOption('American')
    await page.getByLabel('Description', { exact: true }).fill('Brisket smoked overnight over post oak.')
    await page.getByLabel('Address', { exact: true }).fill('1100 E 6th St, Austin, TX')
    await page.getByLabel('Price range', { exact: true }).selectOption('$$')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expectToast(page, 'Location Detected')
    expect(await page.getByLabel('Latitude', { exact: true }).inputValue()).toBe('30.267200')
    expect(await page.getByLabel('Longitude', { exact: true }).inputValue()).toBe('-97.743100')
    await page.getByLabel('Temperature Monitoring', { exact: true }).click()
    await page.getByLabel('I accept the partner terms and conditions.', { exact: true }).click()
    await page.getByRole('button', { name: 'Register Restaurant' }).click()
    await expectToast(page, 'Restaurant Registered')

    // Camera Setup: the form starts as the main kitchen camera and checks the stream address.
    await page.getByRole('heading', { name: 'Connect a kitchen camera' }).waitFor()
    expect(await page.getByLabel('Camera name', { exact: true }).inputValue()).toBe('Main Kitchen')
    await page.getByRole('button', { name: 'Save Camera' }).click()
    await page.getByText('Please provide a valid streaming URL.').waitFor()
    await page
      .getByLabel('Stream URL', { exact: true })
      .fill('https://cams.smokeandoak.example/pit/index.m3u8')
    await page.getByRole('button', { name: 'Save Camera' }).click()
    await expectToast(page, 'Camera Setup Complete')
    await page.getByTestId('wizard-complete').waitFor()
    expect(await page.getByTestId('wizard-camera-count').textContent()).toBe('1 camera: Main Kitchen')

    // Add More Cameras returns to a fresh camera form.
    await page.getByRole('button', { name: 'Add More Cameras' }).click()
    expect(await page.getByLabel('Stream URL', { exact: true }).inputValue()).toBe('')
    await page.getByLabel('Camera name', { exact: true }).fill('Pit Room')
    await page.getByLabel('Position', { exact: true }).selectOption('grill')
    await page
      .getByLabel('Stream URL', { exact: true })
      .fill('https://cams.smokeandoak.example/grill/index.m3u8')
    await page.getByRole('button', { name: 'Save Camera' }).click()
    await page.getByTestId('wizard-complete').waitFor()
    expect(await page.getByTestId('wizard-camera-count').textContent()).toBe(
      '2 cameras: Main Kitchen, Pit Room',
    )

    const owned = await apiGet<{ id: number; name: string }[]>(page, `/api/users/${owner.id}/restaurants`)
    expect(owned.map((r) => r.name)).toEqual([name])
    const created = await apiGet<Restaurant>(page, `/api/restaurants/${owned[0]!.id}`)
    expect(created).toMatchObject({ name, latitude: 30.2672 })
    const cameras = await apiGet<{ name: string; position: string }[]>(
      page,
      `/api/restaurants/${created!.id}/cameras`,
    )
    expect(cameras.map((c) => [c.name, c.position]).sort()).toEqual([
      ['Main Kitchen', 'main'],
      ['Pit Room', 'grill'],
    ])

    const started = Date.now()
    await page.getByRole('button', { name: 'Open My Workspace' }).click()
    await expectToast(page, 'Onboarding Complete')
    await page.waitForURL(`**/partner/${created!.id}`)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400)
    expectNoPageErrors()
  })

  it('lets the owner of restaurant 1 add, toggle and delete a delivery integration with its secrets masked', async () => {
    const page = await openPage()
    await signIn(page, 'chef', 'chef1234')
    // Integrations live in the owner's workspace; the partner page's tab leads there.
    await page.goto('/restaurant-partners')
    await page.getByRole('tab', { name: 'Delivery Platform Integration' }).click()
    await page.getByRole('link', { name: 'Open My restaurant' }).click()
    await page.waitForURL('**/partner/1/integrations')
    await page.getByRole('heading', { name: 'Add an integration' }).waitFor()
    const restaurant = await apiGet<Restaurant>(page, '/api/restaurants/1')
    await page.getByText(`for ${restaurant.name}`).waitFor()

    // The form asks for what each platform uses.
    await page.getByLabel('Platform', { exact: true }).selectOption('doordash')
    await page.getByLabel('Store ID', { exact: true }).waitFor()
    expect(await page.getByLabel('Client secret', { exact: true }).count()).toBe(0)
    await page.getByLabel('Platform', { exact: true }).selectOption('ubereats')
    await page.getByLabel('API key', { exact: true }).fill('uber-live-key-7F3A1234')
    await page.getByLabel('Client ID', { exact: true }).fill('client-bellini-42')
    await page.getByLabel('Client secret', { exact: true }).fill('very-secret-value-9876')
    await page.getByLabel('Store ID', { exact: true }).fill('bellini-store-1')
    await page.getByLabel('Webhook URL (optional)', { exact: true }).fill('not a url')
    await page.getByRole('button', { name: 'Add Integration' }).click()
    await page.getByText('Please enter a valid URL').waitFor()
    await page
      .getByLabel('Webhook URL (optional)', { exact: true })
      .fill('https://trattoriabellini.example/webhooks/orders')
    await page.getByRole('button', { name: 'Add Integration' }).click()
    await expectToast(page, 'Integration added')

    const card = page.getByTestId('integration-ubereats')
    await card.waitFor()
    const text = (await card.textContent()) ?? ''
    expect(text).toContain('••••1234')
    expect(text).toContain('••••9876')
    expect(text).not.toContain('uber-live-key')
    expect(text).not.toContain('very-secret-value')
    expect(text).toContain('client-bellini-42')
    expect(text).toContain('bellini-store-1')
    // Pending until the platform takes the menu (published within seconds), then connected.
    const published = await market!.waitForCall('/v2/eats/stores/bellini-store-1/menus', 30_000, 'PUT')
    expect(JSON.stringify(published.json)).toContain('Margherita Pizza')
    await card.getByText('Connected', { exact: true }).waitFor()

    const sync = card.getByRole('switch', { name: 'Sync orders' })
    expect(await sync.getAttribute('aria-checked')).toBe('true')
    await sync.click()
    await expectToast(page, 'Integration updated', 'Order sync with Uber Eats is off.')
    expect(await sync.getAttribute('aria-checked')).toBe('false')
    const stored = await apiGet<{ platform: string; syncEnabled: boolean }[]>(
      page,
      '/api/restaurants/1/delivery-integrations',
    )
    expect(stored.find((i) => i.platform === 'ubereats')?.syncEnabled).toBe(false)

    const confirmations: string[] = []
    page.once('dialog', (dialog) => {
      confirmations.push(dialog.message())
      void dialog.accept()
    })
    await card.getByRole('button', { name: 'Delete Uber Eats integration' }).click()
    await expectToast(page, 'Integration removed')
    await card.waitFor({ state: 'detached' })
    expect(confirmations).toEqual(['Are you sure you want to delete this integration?'])
    await page.getByText('No delivery platforms connected yet.').waitFor()
    expectNoPageErrors()
  })

  it('books an equipment installation after refusing a date that is too early', async () => {
    const page = await openPage()
    const chef = await signIn(page, 'chef', 'chef1234')
    await page.goto('/equipment-setup')
    await page.getByRole('heading', { name: 'Schedule your installation' }).waitFor()
    expect(await page.getByLabel('Date', { exact: true }).first().getAttribute('min')).toBe(
      isoDateFromToday(1),
    )
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(chef.fullName)

    await page.getByLabel('Restaurant', { exact: true }).selectOption({ index: 1 })
    await page.locator('#inst-date').fill(isoDateFromToday(0))
    await page.locator('#inst-slot').selectOption('10:00 AM - 2:00 PM')
    await page.getByLabel('Phone', { exact: true }).fill('512-555-0142')
    await page.getByLabel(/I accept the installation terms/).click()
    await page
      .getByLabel('Special instructions (optional)', { exact: true })
      .fill('Use the loading dock on the alley side.')
    await page.getByText('39/500 characters').waitFor()
    await page.getByRole('button', { name: 'Schedule Installation' }).click()
    await page.getByText('The installation date must be tomorrow or later').waitFor()
    expect(await apiGet<unknown[]>(page, `/api/users/${chef.id}/installations`)).toEqual([])

    const date = isoDateFromToday(3)
    await page.locator('#inst-date').fill(date)
    await page.locator('#inst-date2').fill(isoDateFromToday(4))
    await page.locator('#inst-slot2').selectOption('4:00 PM - 8:00 PM')
    await page.getByRole('button', { name: 'Schedule Installation' }).click()
    await expectToast(
      page,
      'Installation Scheduled',
      "We've received your request and will contact you soon to confirm.",
    )
    const success = page.getByTestId('installation-success')
    await success.getByRole('heading', { name: 'Installation Request Submitted' }).waitFor()
    expect(await success.textContent()).toContain(chef.email)
    expect(await success.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/')

    const stored = await apiGet<
      { preferredDate: string; preferredTimeSlot: string; secondaryTimeSlot: string; status: string }[]
    >(page, `/api/users/${chef.id}/installations`)
    expect(stored).toMatchObject([
      {
        preferredDate: date,
        preferredTimeSlot: '10:00 AM - 2:00 PM',
        secondaryTimeSlot: '4:00 PM - 8:00 PM',
        status: 'pending',
      },
    ])
    await page.getByTestId('installation-requests').getByText('10:00 AM - 2:00 PM').waitFor()

    await page.getByRole('button', { name: 'Schedule Another Installation' }).click()
    expect(await page.locator('#inst-date').inputValue()).toBe('')
    expect(await page.getByLabel(/I accept the installation terms/).getAttribute('aria-checked')).toBe(
      'false',
    )
    expectNoPageErrors()
  })

  it('sends a signed-in user without a restaurant from equipment setup to registration', async () => {
    const owner = await createAccount(journey.server.url)
    const page = await openPage()
    await signIn(page, owner.username, owner.password)
    await page.goto('/equipment-setup')
    await expectToast(page, 'No Restaurants Found', 'Please complete restaurant onboarding first.')
    await page.waitForURL('**/restaurant-partners?onboarding=1#register')
    expect(
      await page.getByRole('tab', { name: 'Restaurant Registration' }).getAttribute('aria-selected'),
    ).toBe('true')
    await page.getByText('Register your restaurant first.').waitFor()
    const top = await page.locator('#register').evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(top)).toBeLessThan(200)
    expectNoPageErrors()
  })
})
