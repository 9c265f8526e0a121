import { describe, expect, it } from 'vitest'
import { expectToast, storeGrant } from './diner-support'
import { signIn } from './shell-helpers'
import { setupJourney } from './support/journey'

describe.skipIf(process.env.E2E_SKIP === '1')('getting to a live stream', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '900' } })

  it('answers the order-number form for an empty field, a refused number, a failure and a valid number', async () => {
    const page = await journey.openPage()
    await page.goto('/')
    const field = page.getByLabel('Order number')
    const watch = page.getByRole('button', { name: 'Watch', exact: true })

    await watch.click()
    await expectToast(page, 'Order number required', 'Please enter your order number to access the stream.')

    // Order 2 is the demo diner's, not a visitor's.
    await field.fill('0002')
    await watch.click()
    await expectToast(page, 'Invalid order number', 'Please check your order number and try again.')

    await page.route('**/api/stream-access', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' }),
    )
    await field.fill('1')
    await watch.click()
    await expectToast(page, 'Error', 'There was a problem verifying your order. Please try again.')
    await page.unroute('**/api/stream-access')

    // The showcase order is open to everyone.
    await field.fill('#0001')
    await watch.click()
    await page.waitForURL(/\/stream\/1$/)
    await page.getByTestId('order-number').filter({ hasText: 'Order #0001' }).waitFor()
    await page.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor()
    // No invented audience: the stream shows no viewer count it cannot know.
    expect(await page.getByTestId('viewer-count').count()).toBe(0)
    journey.expectNoPageErrors()
  })

  it('sends a visitor without stored access home', async () => {
    const page = await journey.openPage()
    await page.goto('/stream/1')
    await expectToast(page, 'Access denied', 'Please enter your order number to access the stream.')
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('warns before access runs out, then ends it and goes home after three seconds', async () => {
    const page = await journey.openPage()
    // The page's clock runs on, but the test moves it past the end: a slow page load cannot
    // use up the access before the warning is shown.
    await page.clock.install()
    await page.goto('/')
    await storeGrant(page, 1, 30_000)
    await page.goto('/stream/1')
    await page.getByTestId('order-number').waitFor()
    await expectToast(page, 'Stream access ending soon', 'You have 1 minute of viewing time remaining.')
    await page.clock.fastForward(30_000)
    await expectToast(page, 'Stream access expired', 'Your 20-minute stream access period has ended.')
    const expiredAt = Date.now()
    await page.getByRole('heading', { name: 'Stream access expired' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/stream/1')
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 })
    expect(Date.now() - expiredAt).toBeGreaterThanOrEqual(2000)
    expect(await page.evaluate(() => sessionStorage.getItem('clearplate-stream-access'))).toBe('{}')
  })

  it('opens a signed-in diner’s active order from the home page', async () => {
    const page = await journey.openPage()
    await page.goto('/')
    await signIn(page, 'demo', 'demo1234')
    await page.goto('/')
    const order = page.getByRole('link', { name: 'Watch order #0002' })
    await order.waitFor()
    await page.getByRole('link', { name: 'Watch order #0003' }).waitFor()
    await order.click()
    await page.waitForURL(/\/stream\/2$/)
    await page.getByTestId('order-number').filter({ hasText: 'Order #0002' }).waitFor()
    await page.getByText('1 x Spaghetti Carbonara').waitFor()
    // Cooking already started on this order, so the chef can be asked for something. (The
    // kitchen may offer an add-on meanwhile: its dialog hides the page from the accessibility
    // tree, not the shout options.)
    await page.getByRole('button', { name: /^Add Cheese!/, includeHidden: true }).waitFor()
    journey.expectNoPageErrors()
  })

  it('asks a visitor to sign in for My Orders and shows the not-found page for unknown paths', async () => {
    const page = await journey.openPage()
    await page.goto('/orders')
    await page.waitForURL((url) => url.pathname === '/auth')
    await page.getByRole('tab', { name: 'Login' }).waitFor()

    await page.goto('/no-such-kitchen')
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    await page.goto('/restaurant/999')
    await page.getByRole('heading', { name: 'Restaurant not found' }).waitFor()
  })

  it('signs in and returns to the page that asked for it', async () => {
    const page = await journey.openPage()
    await page.goto('/auth?next=%2Forders')
    await page.getByLabel('Username').fill('demo')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).last().click()
    await expectToast(page, 'Login failed')
    await page.getByLabel('Password').fill('demo1234')
    await page.getByRole('button', { name: 'Sign In' }).last().click()
    await expectToast(page, 'Login successful', /Welcome back, .+!/)
    await page.waitForURL((url) => url.pathname === '/orders')
    await page.getByRole('heading', { name: 'My Orders' }).waitFor()
    journey.expectNoPageErrors()
  })
})
