import { beforeAll, describe, expect, it } from 'vitest'
import { CHEF_SHOUTS_POLL_MS, WALLET_POLL_MS } from '../src/shared/constants'
import type { StorageState } from './diner-support'
import { signIn } from './shell-helpers'
import { appStarted, type Page } from './support/browser'
import { setupJourney } from './support/journey'

/** Requests to the API that a page sends from now on, by path. */
function countApiRequests(page: Page) {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`)
  })
  return seen
}

describe.skipIf(process.env.E2E_SKIP === '1')('push instead of polling', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '900' } })
  let demo: StorageState
  let orderId = 0
  let userId = 0

  beforeAll(async () => {
    const page = await journey.openPage()
    await page.goto('/healthz')
    userId = (await signIn(page, 'demo', 'demo1234')).id
    const active = (await (await page.request.get(`/api/users/${userId}/active-orders`)).json()) as Array<{
      id: number
      status: string
    }>
    // The order just received: no upsell offer (a dialog) comes up before it cooks.
    orderId = active.find((o) => o.status === 'preparing')?.id ?? active[0]!.id
    demo = await page.context().storageState()
  })

  /** The demo diner's stream page, stream access granted, on the wallet tab when asked. */
  async function openStream(page: Page, { walletTab = true } = {}) {
    await page.goto('/healthz')
    expect((await page.request.post('/api/stream-access', { data: { orderId } })).status()).toBe(200)
    await page.evaluate((id) => {
      sessionStorage.setItem(
        'clearplate-stream-access',
        JSON.stringify({ [id]: { grantedAt: Date.now(), expiresAt: Date.now() + 20 * 60_000 } }),
      )
    }, orderId)
    await page.goto(`/stream/${orderId}`)
    await page.getByTestId('order-number').waitFor()
    // The requests are the app's: count from when it runs, not from the first paint.
    await appStarted(page)
    if (!walletTab) return
    await page.getByRole('tab', { name: 'Wallet' }).click()
    await page.screenshot({ path: 'test-results/live-push-wallet.png' })
    await page.getByTestId('wallet-balance').filter({ hasText: '$' }).waitFor()
  }

  it('sends no request for two and a half poll intervals while connected, and shows a top-up made in another tab without asking for it', async () => {
    const viewer = await journey.openPage({ storageState: demo })
    await openStream(viewer)
    // Let the page's first loads finish, then count.
    await viewer.waitForTimeout(2000)
    const requests = countApiRequests(viewer)
    // Without the live channel the balance and the shouts are read every 10 s and 5 s: 25 s
    // without a request is two of the longer wait and five of the shorter.
    await viewer.waitForTimeout(2.5 * Math.max(WALLET_POLL_MS, CHEF_SHOUTS_POLL_MS))
    expect(requests).toEqual([])

    const before = await viewer.getByTestId('wallet-balance').textContent()
    const otherTab = await viewer.context().newPage()
    await otherTab.goto('/healthz')
    const topUp = await otherTab.request.post(`/api/users/${userId}/wallet/add-funds`, {
      data: { amount: 7.25 },
    })
    expect(topUp.status()).toBe(200)
    const { balance } = (await topUp.json()) as { balance: number }
    const expected = `$${balance.toFixed(2)}`
    await viewer.getByTestId('wallet-balance').filter({ hasText: expected }).waitFor({ timeout: 5000 })
    expect(before).not.toBe(expected)
    // The transaction list got the top-up too, still without a request.
    await viewer.getByText('+$7.25').first().waitFor({ timeout: 5000 })
    expect(requests).toEqual([])
    journey.expectNoPageErrors()
  }, 120_000)

  it('polls the balance and the shouts again while the live channel is down', async () => {
    const viewer = await journey.openPage({ storageState: demo })
    // Every live connection is refused at once: the channel stays closed.
    await viewer.routeWebSocket(/\/ws$/, (ws) => ws.close())
    // The chef shout tab is open: its list is on screen, and so is the balance above it.
    await openStream(viewer, { walletTab: false })
    const requests = countApiRequests(viewer)
    // Again and again: two balance reads and four shout reads come within about 20 s (a busy
    // machine's timers run late, so the count is waited for, not read at a fixed moment).
    const reads = (path: string) => requests.filter((r) => r === `GET ${path}`).length
    await expect
      .poll(() => reads(`/api/users/${userId}/wallet-balance`), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(2)
    await expect
      .poll(() => reads(`/api/orders/${orderId}/chef-shouts`), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(4)
  }, 120_000)
})
