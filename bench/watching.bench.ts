/**
 * What watching costs a phone: the main thread of Chromium at 4x CPU slowdown (Lighthouse's mid-tier
 * phone) on the showcase's stream page and the home page, over the page's load and then while the
 * visitor watches.
 *
 *   npm run bench:watching
 *   BENCH_BASELINE=/path/to/other/checkout npm run bench:watching   # side by side, alternating
 *
 * Each visit is one trace from the navigation on: the load is its first BENCH_LOAD_SECONDS (8),
 * watching the BENCH_SECONDS (20) after it. For each: the main thread's busy time (every task it
 * ran), its long tasks (over 50 ms) and their blocking time (each one's time over 50 ms, as
 * Lighthouse counts it), and for watching the frames the main thread rendered. BENCH_ROUNDS (3)
 * visits of each page per build; with a baseline (another checkout, its client built with
 * `npx vite build`) the two builds' visits alternate, so both meet the same moments of a shared
 * machine. BENCH_SKIP_BUILD=1 reuses this checkout's dist/client; BENCH_PAGES (stream,home).
 *
 * The servers run the demo kitchen as `npm start` does: the showcase order's status moves every half
 * second while it cooks.
 */
import { loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import { type RunningServer, startServer } from '../e2e/support/server'
import { buildClient } from './client-build'
import { median } from './stats'
import { streamGrantScript } from './stream-grant'

const env = process.env
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 3))
const LOAD_MS = Number(env.BENCH_LOAD_SECONDS ?? 8) * 1000
const WATCH_MS = Number(env.BENCH_SECONDS ?? 20) * 1000
const PAGES = (env.BENCH_PAGES ?? 'stream,home').split(',')
const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium'
const CPU_SLOWDOWN = 4

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
}

interface Window {
  busyMs: number
  longTasks: number
  blockingMs: number
  frames: number
}

/** The page's main thread: the renderer thread that ran the most script, style, layout and paint. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const counts = new Map<string, number>()
  for (const e of events)
    if (['FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'TimerFire'].includes(e.name))
      counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1)
  const [thread] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['']
  return events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X')
}

/** Tasks that started in [from, to) microseconds of the trace's clock. */
function measure(main: TraceEvent[], from: number, to: number): Window {
  const inside = main.filter((e) => e.ts >= from && e.ts < to)
  const tasks = inside.filter((e) => e.name === 'RunTask')
  const long = tasks.filter((e) => (e.dur ?? 0) > 50_000)
  return {
    busyMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0),
    longTasks: long.length,
    blockingMs: long.reduce((sum, e) => sum + (e.dur ?? 0) / 1000 - 50, 0),
    // One pre-paint per frame the main thread renders.
    frames: inside.filter((e) => e.name === 'PrePaint').length,
  }
}

async function visit(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  server: RunningServer,
  page: string,
): Promise<{ load: Window; watching: Window }> {
  const { orderId } = (await (await fetch(`${server.url}/api/showcase`)).json()) as { orderId: number }
  const path = page === 'stream' ? `/stream/${orderId}` : '/'
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    await context.addInitScript(streamGrantScript(orderId))
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const events: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', (data) => {
      // The protocol types the events loosely; their fields are the trace format's.
      events.push(...(data.value as unknown as TraceEvent[]))
    })
    await cdp.send('Tracing.start', {
      categories: 'toplevel,blink.user_timing,devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    })
    await tab.goto(`${server.url}${path}`)
    await tab.waitForTimeout(LOAD_MS + WATCH_MS)
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await complete
    const main = mainThread(events)
    const start = events.find((e) => e.name === 'navigationStart')?.ts ?? Math.min(...main.map((e) => e.ts))
    return {
      load: measure(main, start, start + LOAD_MS * 1000),
      watching: measure(main, start + LOAD_MS * 1000, start + (LOAD_MS + WATCH_MS) * 1000),
    }
  } finally {
    await context.close()
  }
}

async function main() {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  buildClient()
  const builds: [string, RunningServer][] = [['this build', await startServer()]]
  if (env.BENCH_BASELINE) builds.push(['baseline', await startServer({}, { cwd: env.BENCH_BASELINE })])
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  })
  const results = new Map<string, { load: Window; watching: Window }[]>()
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const [label, server] of round % 2 ? [...builds].reverse() : builds)
        for (const page of PAGES) {
          const result = await visit(browser, server, page)
          const key = `${page.padEnd(6)} ${label}`
          results.set(key, [...(results.get(key) ?? []), result])
          console.log(
            `round ${round + 1} ${key}: load busy ${result.load.busyMs.toFixed(0)} ms, blocking ${result.load.blockingMs.toFixed(0)} ms; ` +
              `watching busy ${result.watching.busyMs.toFixed(0)} ms, ${result.watching.frames} frames, blocking ${result.watching.blockingMs.toFixed(0)} ms`,
          )
        }
  } finally {
    await browser.close()
    for (const [, server] of builds) await server.stop()
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`
  console.log(
    `\nMedians of ${ROUNDS} visits, ${CPU_SLOWDOWN}x CPU slowdown: the load (first ${seconds(LOAD_MS)}) and watching (the ${seconds(WATCH_MS)} after)`,
  )
  console.log(
    'page   build       load busy ms  load blocking ms  watching busy ms  share of the thread  frames  watching blocking ms',
  )
  for (const [key, list] of results) {
    const m = (pick: (r: { load: Window; watching: Window }) => number) => median(list.map(pick))
    console.log(
      [
        key.padEnd(18),
        String(Math.round(m((r) => r.load.busyMs))).padStart(12),
        String(Math.round(m((r) => r.load.blockingMs))).padStart(16),
        String(Math.round(m((r) => r.watching.busyMs))).padStart(16),
        `${Math.round((m((r) => r.watching.busyMs) / WATCH_MS) * 100)} %`.padStart(19),
        String(Math.round(m((r) => r.watching.frames))).padStart(6),
        String(Math.round(m((r) => r.watching.blockingMs))).padStart(20),
      ].join('  '),
    )
  }
}

await main()
