/**
 * What Vite's injected modulepreload links bring the pages the app renders in the browser (every
 * page but home, a restaurant and a stream): the client is built twice, with the project's
 * setting (those pages' chunks preloaded) and with `build.modulePreload` off, and each build is
 * served by its own app over one seeded database. Chromium loads each page from each app in turn, on a simulated
 * mid-range phone (150 ms latency, 1.6 Mbit/s down, 4x CPU slowdown, empty cache), and times the
 * page's heading appearing (from the start of the navigation).
 *
 *   npm run bench:plain-page
 *
 * Environment: BENCH_ROUNDS (5; loads of each page per build, the table shows medians),
 * BENCH_PAGES (/faq,/discover,/restaurant-partners), CHROME_PATH (/usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { seedDemo } from '../src/demo/seed'
import { demoWorld } from '../src/demo/world'
import { buildApp } from '../src/server/app'
import { parseConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { median } from './stats'

const env = process.env
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 5))
const PAGES = (env.BENCH_PAGES ?? '/faq,/discover,/restaurant-partners').split(',')
const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium'
const PHONE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }

const work = mkdtempSync(join(tmpdir(), 'clearplate-plain-page-'))
const variants = [
  { name: 'project (page chunks preloaded)', modulePreload: undefined },
  { name: 'modulepreload off', modulePreload: false },
] as const

async function main() {
  const builds = []
  for (const variant of variants) {
    const outDir = join(work, variant.modulePreload === false ? 'off' : 'project')
    await build({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        ...(variant.modulePreload === false ? { modulePreload: false } : {}),
      },
    })
    builds.push({ ...variant, outDir })
  }

  const dataDir = join(work, 'data')
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const apps = []
  for (const variant of builds) {
    const config = parseConfig({
      ...env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      KITCHEN_ENABLED: 'false',
      CAMERAS_ENABLED: 'false',
      PAGES_RENDERED_AHEAD: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
    })
    const app = await buildApp({
      world: demoWorld,
      config: { ...config, clientDir: variant.outDir },
      database,
      logger: false,
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    apps.push({ ...variant, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })
  }

  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const times = new Map<string, number[]>()
  const preloads = new Map<string, number>()
  const load = loadavg()[0]!.toFixed(1)
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PAGES) {
        // Each round starts with the other build, so neither always goes first.
        const order = round % 2 ? [...apps].reverse() : apps
        for (const app of order) {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
          const page = await context.newPage()
          const cdp = await context.newCDPSession(page)
          await cdp.send('Network.enable')
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE })
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
          await page.goto(`${app.url}${path}`, { waitUntil: 'commit' })
          const ms = await page.waitForFunction(
            () => (document.querySelector('#main h1') ? performance.now() : 0),
            undefined,
            { polling: 'raf', timeout: 60_000 },
          )
          const key = `${path}\t${app.name}`
          times.set(key, [...(times.get(key) ?? []), Math.round((await ms.jsonValue()) as number)])
          // The builds differ as meant: links inserted by the build's preload helper, or none.
          const links = await page.evaluate(() => document.querySelectorAll('link[rel=modulepreload]').length)
          preloads.set(key, Math.max(preloads.get(key) ?? 0, links))
          await context.close()
        }
      }
    }
  } finally {
    await browser.close()
    for (const { app } of apps) await app.close()
    await database.close()
    rmSync(work, { recursive: true, force: true })
  }

  console.log(
    `\nHeading shown, ms from the start of the navigation (median of ${ROUNDS}; load average ${load} at the start)\n`,
  )
  console.log('| page | build | median | runs | modulepreload links |')
  console.log('| --- | --- | ---: | --- | ---: |')
  for (const [key, values] of times) {
    const [path, name] = key.split('\t')
    console.log(`| \`${path}\` | ${name} | ${median(values)} | ${values.join(', ')} | ${preloads.get(key)} |`)
  }
  for (const path of PAGES) {
    const project = median(times.get(`${path}\t${variants[0].name}`)!)
    const off = median(times.get(`${path}\t${variants[1].name}`)!)
    console.log(`${path}: project / off = ${(project / off).toFixed(2)}`)
  }
}

await main()
