import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const ARTIFACTS_DIR = join(process.cwd(), 'test-results', 'screenshots')

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  })
}

/** A context whose page errors and console errors are collected, to fail journeys on them. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop, ...options })
  const errors: string[] = []
  context.on('page', (page) => watchPage(page, errors))
  return Object.assign(context, { pageErrors: errors })
}

function watchPage(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true })
}

export type { Browser, BrowserContext, Page }
