import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { STREAM_ACCESS_STORAGE_KEY, THEME_STORAGE_KEY } from '../src/shared/constants'
import { signIn } from './shell-helpers'
import { looks, type Page, screenshot, VIEWPORTS } from './support/browser'
import { setupJourney, type TrackedContext } from './support/journey'

async function openInsights(page: Page) {
  await page.goto('/partner/1/insights')
  await page.locator('#workspace-section-title', { hasText: 'Insights' }).waitFor()
  await page.getByTestId('insights-headline').first().waitFor()
}

describe.skipIf(process.env.E2E_SKIP === '1')('insights', () => {
  // A slow kitchen: the showcase order, seeded 40 % into its run, cooks for the file's first
  // 10 minutes (from 30 % to 75 % of a 30-minute run), whichever test runs when.
  // The cameras on: the cooking curve's page is checked for any failed request, and a turned-off
  // camera answers 503.
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'true', KITCHEN_ORDER_SECONDS: '1800' } })

  it('shows the owner how the last 30 days went, as charts and tables, and downloads them as CSV', async () => {
    const page = await journey.openPage({ acceptDownloads: true })
    await signIn(page, 'chef', 'chef1234')
    await openInsights(page)
    const range = page.getByTestId('insights-range')

    // The seeded restaurant's completed orders are 3 to 27 days old.
    await page.getByRole('button', { name: '30 days', exact: true }).click()
    await expect
      .poll(() => page.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'))
      .toBe('true')
    await expect.poll(async () => (await range.textContent()) ?? '').toMatch(/compared with/)
    await expect.poll(async () => (await range.textContent()) ?? '').not.toMatch(/updating/)
    const sales = page.getByTestId('chart-sales-by-day')
    await sales.locator('.recharts-bar-rectangle').first().waitFor()
    expect(await sales.locator('[role="img"][aria-label]').first().getAttribute('aria-label')).toMatch(
      /^Net sales by day from .+ in all; the best day was/,
    )
    await page.getByTestId('chart-ticket-time').locator('.recharts-bar-rectangle').first().waitFor()
    await page.getByTestId('chart-orders-by-hour').locator('.recharts-bar-rectangle').first().waitFor()

    // The table view of a chart, for eyes as well as screen readers.
    await sales.getByRole('button', { name: 'Table' }).click()
    await expect.poll(() => sales.getByRole('row').count()).toBe(31)
    await sales.getByRole('button', { name: 'Chart' }).click()

    // Where the orders came from, and the dishes 86'd (the seed sold one out at lunch today).
    const sources = page.getByTestId('chart-sources')
    await sources.getByRole('button', { name: 'Table' }).click()
    await sources.getByRole('cell', { name: 'Clearplate', exact: true }).waitFor()
    await sources.getByRole('button', { name: 'Chart' }).click()
    await page.getByTestId('insights-sold-out').waitFor()

    // The item mix sorts by name.
    const items = page.getByTestId('insights-items')
    const names = () => items.locator('tbody th').allTextContents()
    const byRevenue = await names()
    expect(byRevenue.length).toBeGreaterThan(1)
    await items.getByRole('button', { name: 'Dish' }).click()
    await expect.poll(names).toEqual([...byRevenue].sort((a, b) => a.localeCompare(b)))

    // Today: a shorter range, its own figures.
    await page.getByRole('button', { name: 'Today', exact: true }).click()
    await expect
      .poll(async () => (await range.textContent()) ?? '')
      .toMatch(/^[A-Z][a-z]{2} \d+, \d{4} · compared with/)

    await page.getByRole('button', { name: '30 days', exact: true }).click()
    await page.getByRole('button', { name: 'Download CSV' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Sales by day' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^insights-1-sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await file.path())!, 'utf8').split('\r\n')
    expect(csv[0]).toBe('date,orders,cancelled,gross,net')
    expect(csv.filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line))).toHaveLength(30)
    journey.expectNoPageErrors()
  })

  it('reads well on a phone, a tablet and a laptop, light and dark', async () => {
    for (const theme of looks(['dark', 'light'] as const)) {
      for (const [name, viewport] of looks(
        Object.entries({ ...VIEWPORTS, tablet: { width: 1024, height: 768 } }),
      )) {
        const page = await journey.openPage({ viewport, colorScheme: theme })
        // The app's theme is a stored setting (light unless chosen), not the browser's preference.
        if (theme === 'dark')
          await page.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY)
        await signIn(page, 'chef', 'chef1234')
        await openInsights(page)
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        )
        await page.getByRole('button', { name: '30 days', exact: true }).click()
        await page.getByTestId('chart-sales-by-day').locator('.recharts-bar-rectangle').first().waitFor()
        await page.getByTestId('chart-ticket-time').locator('.recharts-bar-rectangle').first().waitFor()
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        )
        await screenshot(page, `insights-${name}-${theme}`)
        await page.context().close()
      }
    }
    journey.expectNoPageErrors()
  })

  it('draws the cooking curve on a cooking order and keeps following it', async () => {
    const page = await journey.openPage({ viewport: VIEWPORTS.phone })
    // The showcase order: anyone may watch it, and the engine cooks it.
    const { orderId } = (await (await page.request.get('/api/showcase')).json()) as { orderId: number }
    const status = async () =>
      ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status
    expect(await status()).toBe('cooking')
    const now = Date.now()
    await page.addInitScript(
      ([key, id, at]) =>
        sessionStorage.setItem(key, JSON.stringify({ [id]: { grantedAt: at, expiresAt: at + 20 * 60_000 } })),
      [STREAM_ACCESS_STORAGE_KEY, String(orderId), now] as const,
    )
    await page.goto(`/stream/${orderId}`)
    // On a phone the curve is below the first screen: its place is kept, and the chart is built
    // once the diner scrolls to it.
    const curve = page.getByTestId('cooking-curve')
    const place = page.getByTestId('cooking-curve-place')
    await place.waitFor({ timeout: 60_000 })
    expect(await place.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
      VIEWPORTS.phone.height,
    )
    // Once the page is idle, a curve in view would be built within a second; this one is not.
    await page.waitForFunction(() => performance.getEntriesByName('clearplate:idle').length > 0)
    await page.waitForTimeout(1_000)
    expect(await curve.count()).toBe(0)
    await place.scrollIntoViewIfNeeded()
    await curve.waitFor({ timeout: 60_000 })
    // The estimate, dashed, and the target line.
    const estimate = curve.locator('.recharts-line path[stroke-dasharray="5 4"]').first()
    await estimate.waitFor()
    expect(await curve.locator('[role="img"][aria-label]').first().getAttribute('aria-label')).toMatch(
      /^Oven temperature over \d+ minutes? of cooking, now \d+°F against a target of \d+°F; estimated by the kitchen\.$/,
    )
    // A level line has no height, so it counts as hidden: it is drawn across the plot.
    const targetLine = curve.locator('.recharts-reference-line line[stroke="var(--success)"]')
    expect(Number(await targetLine.getAttribute('x2'))).toBeGreaterThan(
      Number(await targetLine.getAttribute('x1')),
    )
    await curve.getByText(/^Target \d+°F$/).waitFor()
    // A live reading arrives every tick and extends the line without a reload.
    const vertices = async () => ((await estimate.getAttribute('d')) ?? '').split(/[ML]/).length
    const before = await vertices()
    await expect.poll(vertices, { timeout: 15_000 }).toBeGreaterThan(before)

    // The same page on a phone and a laptop, light and dark, while the order cooks.
    for (const theme of looks(['light', 'dark'] as const)) {
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Theme' }).click()
        await page.getByRole('menuitemradio', { name: 'Dark' }).click()
        await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
      }
      for (const [name, viewport] of looks(Object.entries(VIEWPORTS))) {
        await page.setViewportSize(viewport)
        await estimate.waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        )
        // A full-page shot from the top, so the fixed header stays where it belongs.
        await page.evaluate(() => window.scrollTo(0, 0))
        await screenshot(page, `cooking-curve-${name}-${theme}`)
      }
    }
    expect(await status()).toBe('cooking')
    // Each status marked once: no React warning about two marks with the same key.
    const { log } = page.context() as TrackedContext
    expect(log.filter((line) => /console error/.test(line) && !/status of 401/.test(line))).toEqual([])
    await page.context().close()
    journey.expectNoPageErrors()
  })
})
