// Runs Lighthouse for `bench/web.bench.ts`. It is started as
//   npx --yes --package lighthouse@12.8 -- node bench/lighthouse-runner.mjs <jobs.json>
// so Lighthouse (and the puppeteer-core it ships with) come from npx, not from the project's
// dependencies. Each run gets a fresh Chromium profile; a page can be given a script that runs
// before the app's own (a stream grant in sessionStorage, a theme in localStorage).
import { readFileSync, writeFileSync } from 'node:fs'
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
    if (job.initScript) await page.evaluateOnNewDocument(job.initScript)
    const flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(job.formFactor === 'desktop' ? {} : { formFactor: 'mobile' }),
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
    console.log(
      `${job.name} #${job.run}: performance ${Math.round(result.performance * 100)}, accessibility ${Math.round(result.accessibility * 100)}, CLS ${result.cls.toFixed(3)}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms (${result.seconds} s)`,
    )
  } catch (error) {
    results.push({ ...job, initScript: undefined, error: String(error) })
    console.log(`${job.name} #${job.run}: failed: ${error}`)
  } finally {
    await browser.close()
  }
  writeFileSync(jobs.resultsPath, JSON.stringify(results, null, 2))
}
