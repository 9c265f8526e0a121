import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const ARTIFACTS_DIR = join(process.cwd(), 'test-results', 'screenshots')
const PAGE_TRACE = fileURLToPath(new URL('./page-trace.js', import.meta.url))

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
]

/**
 * Chromium draws its address bar's popup as a web page of its own (chrome://omnibox-popup), which
 * a headless browser loads with its first page: about 1.5 CPU-seconds a browser, for a popup that
 * never opens. Playwright turns its own list of features off with one --disable-features, and
 * Chromium reads one: ours replaces Playwright's with both lists (`readChromiumFeatures`, once a
 * run, in global-setup.ts; without it the browser starts as Playwright starts it).
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']
const FEATURES_ENV = 'E2E_CHROMIUM_FEATURES'

export async function readChromiumFeatures(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS })
  try {
    // The browser is this process's child: its command line is in /proc.
    const argv = childCommandLines().find((args) => args.includes('--remote-debugging-pipe')) ?? []
    const playwrights = argv.filter((arg) => arg.startsWith('--disable-features='))
    if (playwrights.length !== 1) return
    const features = new Set([...playwrights[0]!.split('=')[1]!.split(','), ...UNUSED_FEATURES])
    process.env[FEATURES_ENV] = JSON.stringify({
      ignore: playwrights[0],
      arg: `--disable-features=${[...features].filter(Boolean).join(',')}`,
    })
  } finally {
    await browser.close()
  }
}

function childCommandLines(): string[][] {
  const lines: string[][] = []
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === process.pid) lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0'))
    } catch {
      // The process has gone.
    }
  }
  return lines
}

function launchOptions() {
  const features = process.env[FEATURES_ENV]
  if (!features) return { executablePath: CHROMIUM_PATH, args: ARGS }
  const { ignore, arg } = JSON.parse(features) as { ignore: string; arg: string }
  return { executablePath: CHROMIUM_PATH, args: [...ARGS, arg], ignoreDefaultArgs: [ignore] }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions())
}

/**
 * A browser with a profile on disk, as a person's is: Chromium offers to install an app only
 * outside incognito, which every `newContext` is.
 */
export function launchProfileBrowser(
  userDataDir: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...launchOptions(), ...options })
}

/** A context whose page errors and console errors are collected, to fail journeys on them. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  // The service worker would fetch what journeys route with page.route (and keep what they
  // count): it runs only in the journeys that ask for it (`serviceWorkers: 'allow'`).
  // Less motion, as people who ask for it get: a pulsing badge or a spinner on a page redraws it
  // many times a second, which in a headless browser without a GPU is most of its CPU.
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.desktop,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...options,
  })
  const errors: string[] = []
  const log: string[] = []
  await context.addInitScript({ path: PAGE_TRACE })
  context.on('page', (page) => watchPage(page, errors, log))
  return Object.assign(context, { pageErrors: errors, log })
}

/**
 * Page errors fail a journey; the log (documents asked for and answered, navigations, where
 * clicks landed, console warnings and errors) explains a failure.
 */
function watchPage(page: Page, errors: string[], log: string[]) {
  const started = Date.now()
  const note = (line: string) => log.push(`+${Date.now() - started} ms ${line}`)
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.message}`)
    note(`pageerror: ${error.message}`)
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`)
  })
  // Documents only: how long the next page took to answer tells a slow server from a lost click.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      note(`requested ${request.method()} ${request.url()}`)
  })
  page.on('response', (response) => {
    const request = response.request()
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      note(`answered ${response.status()} for ${request.url()}`)
  })
  page.on('requestfailed', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      note(`failed ${request.url()}: ${request.failure()?.errorText}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'debug' && message.text().startsWith('[trace] ')) note(message.text().slice(8))
    else if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`)
  })
}

/**
 * Resolves once the app runs on the page. A page rendered ahead shows its content before then
 * (the app starts from the reads embedded in it, and removes them); a plain page has none to wait for.
 */
export function appStarted(page: Page) {
  return page.waitForFunction(() => !document.getElementById('clearplate-state'), undefined, {
    timeout: 30_000,
  })
}

/**
 * Screenshots are for people to look at: CI skips the capture (a full page at three widths and two
 * themes is most of a journey's CPU) unless SCREENSHOTS=1; the journeys still load and check each
 * size and theme. A failed test's pages are captured either way (support/journey.ts).
 */
export const capture = process.env.CI !== 'true' || process.env.SCREENSHOTS === '1'

/**
 * The looks (sizes, themes) a screenshot journey goes through: every one when the pictures are
 * captured; in CI the first one only, so each page is still loaded and checked there (it renders,
 * in the right theme, nothing wider than the screen, no page error) without being loaded again
 * for pictures nobody looks at. A journey lists first the look it most needs checked.
 */
export function looks<T>(every: readonly T[]): readonly T[] {
  return capture ? every : every.slice(0, 1)
}

export async function screenshot(page: Page, name: string) {
  if (!capture) return
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  await page.screenshot({
    path: join(ARTIFACTS_DIR, `${name}.png`),
    fullPage: true,
    // The parts the browser draws only near the viewport (`offscreen-lazy`) are drawn, as they are
    // for a diner who scrolls there; a whole page captured at once would show them blank.
    style: '.offscreen-lazy { content-visibility: visible !important; }',
  })
}

export type { Browser, BrowserContext, Page }
