// Runs Lighthouse for `bench/web.bench.ts`. It is started as
//   npx --yes --package lighthouse@12.8 -- node bench/lighthouse-runner.mjs <jobs.json>
// so Lighthouse (and the puppeteer-core it ships with) come from npx, not from the project's
// dependencies. Each run gets a fresh Chromium profile; a page can be given a script that runs
// before the app's own (a stream grant in sessionStorage, a theme in localStorage).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const bin = (process.env.PATH ?? '')
  .split(':')
  .find((entry) => entry.includes('_npx') && entry.endsWith(join('node_modules', '.bin')))
if (!bin) throw new Error('Start this through npx --package lighthouse@12.8 (see bench/web.bench.ts)')
const modules = dirname(bin)
const { default: lighthouse, desktopConfig } = await import(
  pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')).href
)
const puppeteer = createRequire(join(modules, 'noop.js'))('puppeteer-core')
const { pageFunctions } = await import(
  pathToFileURL(join(modules, 'lighthouse', 'core', 'lib', 'page-functions.js')).href
)

/**
 * The CPU slowdown that makes this host a mid-tier phone, from Lighthouse's benchmark index: the
 * calculator Lighthouse's throttling guide points to (docs/throttling.md, "Calibrating the CPU
 * slowdown"). The default 4x assumes a host of index about 1,500; a slower host gets less, a
 * faster one more.
 */
function calibratedMultiplier(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}

/** CPU time (clock ticks) used so far by a process and all its descendants, read from /proc. */
function treeCpuTicks(rootPid) {
  const children = new Map()
  const ticks = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // Fields after the command's closing parenthesis: state ppid ... utime(14) stime(15).
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const pid = Number(name)
      const ppid = Number(fields[1])
      ticks.set(pid, Number(fields[11]) + Number(fields[12]))
      children.set(ppid, [...(children.get(ppid) ?? []), pid])
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0
  const queue = [rootPid]
  while (queue.length > 0) {
    const pid = queue.pop()
    total += ticks.get(pid) ?? 0
    queue.push(...(children.get(pid) ?? []))
  }
  return total
}

/**
 * Waits until the browser has finished starting: a new headless Chromium builds its own interface
 * (the "top-chrome" pages) for about a second and a half of CPU after launch, which would otherwise
 * run beside the page measured. Settled: no CPU used by any of its processes for half a second.
 */
async function settled(browser) {
  const pid = browser.process()?.pid
  if (!pid) return
  const deadline = Date.now() + 15_000
  let last = treeCpuTicks(pid)
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = treeCpuTicks(pid)
    if (now - last <= 1) return
    last = now
  }
}

/** The host's benchmark index, measured in the run's own browser: the median of three. */
async function benchmarkIndex(page) {
  const values = []
  for (let i = 0; i < 3; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex))
  return values.sort((a, b) => a - b)[1]
}

const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const results = []

for (const job of jobs.runs) {
  const browser = await puppeteer.launch({
    executablePath: jobs.chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    await settled(browser)
    // Calibrated: the phone's slowdown follows this host's speed, measured just before the run.
    let multiplier
    if (jobs.cpu === 'calibrated' && job.formFactor !== 'desktop') {
      job.benchmarkIndex = Math.round(await benchmarkIndex(page))
      multiplier = Math.round(calibratedMultiplier(job.benchmarkIndex) * 100) / 100
    }
    if (job.initScript) await page.evaluateOnNewDocument(job.initScript)
    const flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(job.formFactor === 'desktop' ? {} : { formFactor: 'mobile' }),
      ...(multiplier ? { throttling: { cpuSlowdownMultiplier: multiplier } } : {}),
    }
    const started = Date.now()
    const runner = await lighthouse(
      job.url,
      flags,
      job.formFactor === 'desktop' ? desktopConfig : undefined,
      page,
    )
    const lhr = runner.lhr
    const audit = (id) => lhr.audits[id]
    const failing = lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => ({
        id: a.id,
        nodes: (a.details?.items ?? []).slice(0, 5).map((item) => ({
          snippet: item.node?.snippet?.slice(0, 160),
          explanation: item.node?.explanation?.split('\n').slice(0, 2).join(' ').slice(0, 220),
        })),
      }))
    const shifts = (audit('layout-shifts')?.details?.items ?? []).map((item) => ({
      score: item.score,
      node: item.node?.snippet?.slice(0, 160),
    }))
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const result = {
      ...job,
      initScript: undefined,
      seconds: Math.round((Date.now() - started) / 1000),
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      hostBenchmarkIndex: lhr.environment.benchmarkIndex,
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      fcp: audit('first-contentful-paint').numericValue,
      lcp: audit('largest-contentful-paint').numericValue,
      tbt: audit('total-blocking-time').numericValue,
      cls: audit('cumulative-layout-shift').numericValue,
      si: audit('speed-index').numericValue,
      failing,
      shifts,
      runtimeError: lhr.runtimeError?.message,
    }
    results.push(result)
    if (jobs.reportDir) writeFileSync(join(jobs.reportDir, `${job.name}-${job.run}.json`), runner.report)
    // The trace Lighthouse simulated the phone from (unthrottled), for Chromium's performance panel.
    if (jobs.reportDir && jobs.saveTraces)
      writeFileSync(
        join(jobs.reportDir, `${job.name}-${job.run}.trace.json`),
        JSON.stringify(runner.artifacts.Trace),
      )
    console.log(
      `${job.name} #${job.run}: performance ${Math.round(result.performance * 100)}, accessibility ${Math.round(result.accessibility * 100)}, CLS ${result.cls.toFixed(3)}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CPU ${result.cpuSlowdown}x, host index ${Math.round(result.hostBenchmarkIndex)} (${result.seconds} s)`,
    )
  } catch (error) {
    results.push({ ...job, initScript: undefined, error: String(error) })
    console.log(`${job.name} #${job.run}: failed: ${error}`)
  } finally {
    await browser.close()
  }
  writeFileSync(jobs.resultsPath, JSON.stringify(results, null, 2))
}
