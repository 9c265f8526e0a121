import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type Browser, type BrowserContext, launchBrowser, newContext, type Page } from './browser'
import { type RunningServer, startServer } from './server'

/**
 * Journeys run without the demo's cameras unless they ask for them (`CAMERAS_ENABLED: 'true'`):
 * a page that shows a camera makes the server encode it and the browser decode it for as long as
 * it is open, which is most of a journey's CPU beside the page itself, and the picture has its own
 * journeys (camera-video, restreamed-cameras, webrtc-playback, workspace; insights, whose page may
 * not fail a request; diner-order-and-watch when its screenshots are taken).
 */
const NO_CAMERAS = { CAMERAS_ENABLED: 'false' }

export type TrackedContext = BrowserContext & { pageErrors: string[]; log: string[] }

/**
 * Starts the real server (with `env`, or what `env()` gives once the suite starts) and Chromium
 * before the suite's tests and stops both after. Call it inside the `describe`; `server` and
 * `browser` are there once the tests run.
 */
export function setupJourney({
  env = {},
}: {
  env?: Record<string, string> | (() => Promise<Record<string, string>>)
} = {}) {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  const contexts: TrackedContext[] = []

  // The server and the browser start side by side, and stop so: each is seconds of its own.
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      (async () => startServer({ ...NO_CAMERAS, ...(typeof env === 'function' ? await env() : env) }))(),
      launchBrowser(),
    ])
    if (started.status === 'fulfilled') server = started.value
    if (launched.status === 'fulfilled') browser = launched.value
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()])
  })
  // A failed journey leaves what its pages showed and did: a screenshot of each open page under
  // test-results/failures/, and each page's address and log on the test's output. Then the test's
  // pages are closed: a page left open goes on with its live channel, its timers and its drawing
  // for the rest of the file, beside the next tests' pages.
  let opened = 0
  afterEach(async ({ task }) => {
    const mine = contexts.slice(opened)
    opened = contexts.length
    if (task.result?.state === 'fail') await leaveTraces(task.name, mine)
    await Promise.all(mine.map((context) => context.close().catch(() => undefined)))
  })
  async function leaveTraces(name: string, mine: TrackedContext[]) {
    const dir = join(process.cwd(), 'test-results', 'failures')
    mkdirSync(dir, { recursive: true })
    const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)
    let n = 0
    for (const context of mine) {
      for (const page of context.pages()) {
        const path = join(dir, `${slug}-${++n}.png`)
        await page.screenshot({ path }).catch(() => undefined)
        console.error(`[${name}] page ${n} at ${page.url()} (${path})`)
      }
      console.error(`[${name}] log:\n  ${context.log.join('\n  ')}`)
    }
  }

  const journey = {
    get server(): RunningServer {
      if (!server) throw new Error('The server starts before the tests: use it inside a test or hook')
      return server
    },
    get browser(): Browser {
      if (!browser) throw new Error('The browser starts before the tests: use it inside a test or hook')
      return browser
    },
    /** Every context opened by `openPage`, with the errors its pages threw. */
    contexts,
    /** A page in a fresh context whose page errors are collected. */
    async openPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
      const context = await newContext(journey.browser, journey.server.url, options)
      contexts.push(context)
      return context.newPage()
    },
    /** The pages this test opened threw nothing (an earlier test's errors are that test's). */
    expectNoPageErrors() {
      expect(contexts.slice(opened).flatMap((context) => context.pageErrors)).toEqual([])
    },
  }
  return journey
}
