import {
  type Browser,
  type BrowserContext,
  looks,
  newContext,
  type Page,
  screenshot,
  VIEWPORTS,
} from './support/browser'

/** How long a journey's `expect.poll` waits: a busy machine answers in seconds, not the default 1 s. */
export const POLL = { timeout: 15_000 } as const

export type TrackedContext = BrowserContext & { pageErrors: string[] }
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** Opens a page in a fresh context whose page errors are collected in `contexts`. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  contexts: TrackedContext[],
  options: Parameters<Browser['newContext']>[0] & { theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const { theme, ...contextOptions } = options
  const context = await newContext(browser, baseURL, contextOptions)
  if (theme)
    await context.addInitScript((t) => {
      try {
        localStorage.setItem('clearplate-theme', t)
      } catch {}
    }, theme)
  contexts.push(context)
  return context.newPage()
}

/** The toast on screen with this title (and description text, when given). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  let toast = page.locator('[data-variant]').filter({ hasText: title })
  if (description) toast = toast.filter({ hasText: description })
  try {
    await toast.first().waitFor({ state: 'visible', timeout: 15_000 })
  } catch (error) {
    const shown = await page.locator('[data-variant]').allInnerTexts()
    throw new Error(`No toast "${title}" ${description ?? ''}; on screen: ${JSON.stringify(shown)}`, {
      cause: error,
    })
  }
  return toast.first()
}

/** Saves full-page screenshots of `path` at phone and desktop sizes, for each theme. */
export async function screenshotPage(
  browser: Browser,
  baseURL: string,
  contexts: TrackedContext[],
  {
    path,
    name,
    themes = ['light'],
    ready,
    prepare,
    storageState,
  }: {
    path: string
    name: string
    themes?: ('light' | 'dark')[]
    ready: (page: Page) => Promise<unknown>
    prepare?: (page: Page) => Promise<unknown>
    /** A signed-in session to reuse (sign-ins are rate-limited). */
    storageState?: StorageState
  },
) {
  for (const theme of looks(themes)) {
    for (const [size, viewport] of looks(Object.entries(VIEWPORTS))) {
      const page = await openPage(browser, baseURL, contexts, { viewport, theme, storageState })
      await prepare?.(page)
      await page.goto(path)
      await ready(page)
      // Lazy images load as they scroll into view.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y)
          await new Promise((r) => setTimeout(r, 120))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForTimeout(600)
      await screenshot(page, `diner-${name}-${size}-${theme}`)
      await page.context().close()
    }
  }
}

/** Grants stream access the way the app does, then stores a grant of `lengthMs` in the tab. */
export async function storeGrant(page: Page, orderId: number, lengthMs: number) {
  await page.evaluate(
    ({ orderId, lengthMs }) => {
      const key = 'clearplate-stream-access'
      const grants = JSON.parse(sessionStorage.getItem(key) ?? '{}')
      grants[orderId] = { grantedAt: Date.now(), expiresAt: Date.now() + lengthMs }
      sessionStorage.setItem(key, JSON.stringify(grants))
    },
    { orderId, lengthMs },
  )
}

/**
 * Screenshots of the page as it is, at each of `sizes`, in light and dark (named
 * `{name}-{size}-{theme}`); back to light at the last size afterwards.
 */
export async function shootThemes(
  page: Page,
  name: string,
  sizes: Record<string, { width: number; height: number }>,
  ready: (page: Page) => Promise<unknown>,
) {
  for (const theme of looks(['light', 'dark'] as const)) {
    await page.evaluate((t) => localStorage.setItem('clearplate-theme', t), theme)
    await page.reload()
    for (const [size, viewport] of looks(Object.entries(sizes))) {
      await page.setViewportSize(viewport)
      await ready(page)
      await page.waitForTimeout(300)
      await screenshot(page, `${name}-${size}-${theme}`)
    }
  }
  await page.evaluate(() => localStorage.setItem('clearplate-theme', 'light'))
  const sizesList = Object.values(sizes)
  await page.setViewportSize(sizesList[sizesList.length - 1]!)
  await page.reload()
  await ready(page)
}

/**
 * Pays the top-up the Add Funds dialog has just started: on its payment page (the test provider),
 * with Stripe's test card that succeeds; waits for the money to arrive, then goes back where the
 * diner was with the page's own button (`back`, e.g. "Back to your order").
 */
export async function payTopUpWithTestCard(page: Page, amount: string, back: string) {
  await page.waitForURL(/\/pay\/\d+\?return=/, { timeout: 15_000 })
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: `Pay $${amount}` }).click()
  await page.getByText('Payment received').waitFor({ timeout: 15_000 })
  await expectToast(page, 'Funds Added', `$${amount} has been added to your wallet.`)
  await page.getByRole('button', { name: back }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/pay/'))
}
