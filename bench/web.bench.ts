/**
 * What a visitor's browser gets: the home page's JavaScript before the page is interactive, and
 * Lighthouse 12.8 (mobile and desktop) on the home page, restaurant 1 and the showcase stream.
 *
 *   npm run bench:web                       # builds the client, starts the app on a free port
 *   BENCH_RUNS=1 npm run bench:web          # one Lighthouse run per page and form factor
 *
 * Environment: BENCH_RUNS (3; the table shows medians), BENCH_SKIP_BUILD=1 (reuse dist/client),
 * BENCH_FORM_FACTORS (mobile,desktop), BENCH_DARK=0 (leave out the dark-theme accessibility run),
 * BENCH_PAGES (home,restaurant,stream), CHROME_PATH (/usr/bin/chromium), BENCH_CPU (4: Lighthouse's
 * default phone, four times slower than this host; `calibrated`: the slowdown that makes this host
 * a mid-tier phone, from its benchmark index measured before each mobile run), BENCH_BASELINE (the
 * path of another checkout with its client built: its runs alternate with this build's, as
 * `<page>-<form factor>-baseline`), BENCH_TRACES=1 (keep each run's trace beside its report, as
 * `<name>-<run>.trace.json`: the unthrottled trace the mobile figures are simulated from).
 *
 * Lighthouse is not a dependency of the project: it runs through `npx --yes --package
 * lighthouse@12.8` (bench/lighthouse-runner.mjs), fully offline against 127.0.0.1.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { type RunningServer, startServer } from '../e2e/support/server'
import { buildClient } from './client-build'
import { median } from './stats'
import { streamGrantScript } from './stream-grant'

const env = process.env
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 3))
const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium'
const FORM_FACTORS = (env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[]
const PAGES = (env.BENCH_PAGES ?? 'home,restaurant,stream').split(',')
const DARK = env.BENCH_DARK !== '0'
const CPU = env.BENCH_CPU === 'calibrated' ? 'calibrated' : 'default'
const BASELINE = env.BENCH_BASELINE
const TRACES = env.BENCH_TRACES === '1'
const OUT = join(process.cwd(), 'test-results', 'bench-web')
const ASSETS = join(process.cwd(), 'dist', 'client', 'assets')
const JS_BUDGET_KB = 150
const TARGETS = { performance: 0.95, accessibility: 1, cls: 0.1 }

/** Gzipped size of a built asset: its .gz beside it, or gzip now for the small ones left without. */
function gzipKb(file: string): number {
  const path = join(ASSETS, file)
  const size = existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(readFileSync(path)).length
  return size / 1024
}

interface ScriptLoad {
  file: string
  kb: number
  beforeIdle: boolean
}

/**
 * Loads `/` in Chromium without touching it and sorts the scripts it fetched into those before the
 * page is interactive (the app marks `clearplate:idle` once it has loaded and the main thread is
 * idle) and those after (menus, the toaster, hls.js for the player in view).
 */
async function homeScripts(baseUrl: string, viewport: { width: number; height: number }) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  })
  try {
    const page = await browser.newPage({ viewport })
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    await page.waitForFunction(() => performance.getEntriesByName('clearplate:idle').length > 0, null, {
      timeout: 30_000,
    })
    await page.waitForTimeout(4000)
    const entries = await page.evaluate(() => {
      const idle = performance.getEntriesByName('clearplate:idle')[0]!.startTime
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ path: new URL(e.name).pathname, beforeIdle: e.startTime < idle }))
    })
    const scripts: ScriptLoad[] = []
    for (const entry of entries) {
      const file = entry.path.replace(/^\/assets\//, '')
      if (!existsSync(join(ASSETS, file))) continue
      scripts.push({ file, kb: gzipKb(file), beforeIdle: entry.beforeIdle })
    }
    const theme = join(process.cwd(), 'public', 'theme-init.js')
    scripts.push({ file: 'theme-init.js', kb: gzipSync(readFileSync(theme)).length / 1024, beforeIdle: true })
    return scripts
  } finally {
    await browser.close()
  }
}

interface LighthouseResult {
  name: string
  page: string
  formFactor: string
  theme: string
  run: number
  performance?: number
  accessibility?: number
  cls?: number
  lcp?: number
  tbt?: number
  cpuSlowdown?: number
  hostBenchmarkIndex?: number
  failing?: { id: string; nodes: { snippet?: string; explanation?: string }[] }[]
  shifts?: { score: number; node?: string }[]
  error?: string
}

function runLighthouse(jobs: object): Promise<LighthouseResult[]> {
  const jobsPath = join(OUT, 'jobs.json')
  const resultsPath = join(OUT, 'lighthouse.json')
  writeFileSync(
    jobsPath,
    JSON.stringify({
      ...jobs,
      cpu: CPU,
      chromePath: CHROME_PATH,
      resultsPath,
      reportDir: OUT,
      saveTraces: TRACES,
    }),
  )
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['--yes', '--package', 'lighthouse@12.8', '--', 'node', 'bench/lighthouse-runner.mjs', jobsPath],
      { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, CHROME_PATH } },
    )
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse runner exited with ${code}`))
      resolve(JSON.parse(readFileSync(resultsPath, 'utf8')))
    })
  })
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  buildClient()
  const serverEnv = { KITCHEN_ORDER_SECONDS: '900', KITCHEN_TICK_MS: '2000' }
  const server = await startServer(serverEnv)
  // Another checkout, its client already built (`npx vite build` there), measured beside this one.
  const baseline = BASELINE ? await startServer(serverEnv, { cwd: BASELINE }) : undefined
  try {
    console.log('\nHome page JavaScript (gzipped), no interaction:')
    for (const [label, viewport] of [
      ['phone 390 px', { width: 390, height: 844 }],
      ['desktop 1366 px', { width: 1366, height: 900 }],
    ] as const) {
      const scripts = await homeScripts(server.url, viewport)
      const before = scripts.filter((s) => s.beforeIdle)
      const after = scripts.filter((s) => !s.beforeIdle)
      const sum = (list: ScriptLoad[]) => list.reduce((total, s) => total + s.kb, 0)
      console.log(
        `  ${label}: ${sum(before).toFixed(1)} kB in ${before.length} files before interactive (budget ${JS_BUDGET_KB} kB); ` +
          `then ${sum(after).toFixed(1)} kB in ${after.length} files once idle (${after
            .filter((s) => s.kb > 3)
            .map((s) => `${s.file.replace(/-[\w-]{8}\.js$/, '')} ${s.kb.toFixed(1)}`)
            .join(', ')})`,
      )
    }

    /** The runs against one server; `label` names the baseline's. */
    const runsOn = async (target: RunningServer, label = '') => {
      const { orderId } = (await (await fetch(`${target.url}/api/showcase`)).json()) as { orderId: number }
      const paths: Record<string, string> = {
        home: '/',
        restaurant: '/restaurant/1',
        stream: `/stream/${orderId}`,
      }
      const grant = streamGrantScript(orderId)
      const dark = `try { localStorage.setItem('clearplate-theme', 'dark') } catch (e) {}`
      const list: { page: string; run: number; [key: string]: unknown }[] = []
      for (const page of PAGES) {
        const base = { page, url: `${target.url}${paths[page]}` }
        const init = page === 'stream' ? grant : ''
        for (const formFactor of FORM_FACTORS)
          for (let run = 1; run <= RUNS; run++)
            list.push({
              ...base,
              name: `${page}-${formFactor}${label}`,
              formFactor,
              theme: 'light',
              run,
              initScript: init,
            })
        if (DARK)
          list.push({
            ...base,
            name: `${page}-mobile-dark${label}`,
            formFactor: 'mobile',
            theme: 'dark',
            run: 1,
            initScript: `${init}${dark}`,
          })
      }
      return list
    }
    // Both servers render pages ahead from the first run on (an older build loads its renderer on
    // the first page asked for).
    for (const target of [server, baseline]) {
      if (!target) continue
      const deadline = Date.now() + 60_000
      while (Date.now() < deadline) {
        if ((await (await fetch(`${target.url}/`)).text()).includes('id="clearplate-state"')) break
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
    const current = await runsOn(server)
    // With a baseline, its runs and this build's alternate, so both meet the same moments of a
    // shared machine.
    const before = baseline ? await runsOn(baseline, '-baseline') : []
    const runs = baseline ? current.flatMap((run, i) => [before[i]!, run]) : current
    console.log(`\nLighthouse 12.8: ${runs.length} runs`)
    const results = await runLighthouse({ runs })

    console.log(
      '\npage         form factor  theme  runs  performance  accessibility  CLS     LCP ms  TBT ms  CPU    host index',
    )
    console.log(
      '-----------  -----------  -----  ----  -----------  -------------  ------  ------  ------  -----  ----------',
    )
    const groups = new Map<string, LighthouseResult[]>()
    for (const r of results) groups.set(r.name, [...(groups.get(r.name) ?? []), r])
    let met = true
    for (const [, list] of groups) {
      const ok = list.filter((r) => r.performance !== undefined)
      const first = list[0]!
      // The baseline is shown for comparison; the targets are this build's.
      const isBaseline = first.name.endsWith('-baseline')
      if (ok.length === 0) {
        console.log(`${first.page.padEnd(11)}  ${first.formFactor.padEnd(11)}  failed: ${first.error}`)
        if (!isBaseline) met = false
        continue
      }
      const m = (
        key: 'performance' | 'accessibility' | 'cls' | 'lcp' | 'tbt' | 'cpuSlowdown' | 'hostBenchmarkIndex',
      ) => median(ok.map((r) => r[key]!))
      console.log(
        [
          (isBaseline ? `${first.page} (base)` : first.page).padEnd(11),
          first.formFactor.padEnd(11),
          first.theme.padEnd(5),
          String(ok.length).padStart(4),
          String(Math.round(m('performance') * 100)).padStart(11),
          String(Math.round(m('accessibility') * 100)).padStart(13),
          m('cls').toFixed(3).padStart(6),
          String(Math.round(m('lcp'))).padStart(6),
          String(Math.round(m('tbt'))).padStart(6),
          `${m('cpuSlowdown').toFixed(1)}x`.padStart(5),
          String(Math.round(m('hostBenchmarkIndex'))).padStart(10),
        ].join('  '),
      )
      if (!isBaseline && (m('accessibility') < TARGETS.accessibility || m('cls') >= TARGETS.cls)) met = false
      if (
        !isBaseline &&
        first.formFactor === 'mobile' &&
        first.theme === 'light' &&
        m('performance') < TARGETS.performance
      )
        met = false
      const failing = new Set(ok.flatMap((r) => r.failing ?? []).map((f) => f.id))
      if (failing.size > 0) console.log(`             accessibility findings: ${[...failing].join(', ')}`)
    }
    console.log(
      `\nTargets: mobile performance >= 95, accessibility 100, CLS < 0.1: ${met ? 'met' : 'NOT met'} (load average now ${loadavg()[0]!.toFixed(1)}).`,
    )
    console.log(`Reports: ${OUT}`)
  } finally {
    await server.stop()
    await baseline?.stop()
  }
}

await main()
