/**
 * Search as a diner types: `GET /api/search?q=` on the seeded data (12 restaurants, about 150
 * dishes), against the cached menu read of the same app in the same run.
 *
 *   npm run bench:search
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search   # on PostgreSQL too
 *
 * Two measures, each on the app started in-process on a fresh, migrated and seeded database:
 * - typing: one diner, one request at a time, every prefix of a few searches ("m", "ma", "mar",
 *   ... "margarita"), BENCH_SEARCH_PASSES times: the latency a diner sees per keystroke;
 * - load: autocannon with BENCH_CONNECTIONS (10) connections for BENCH_DURATION (10) seconds,
 *   cycling through the same queries, then the cached `GET /api/restaurants/1/menu` the same way.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import pg from 'pg'
import { seedDemo } from '../src/demo/seed'
import { demoWorld } from '../src/demo/world'
import { buildApp } from '../src/server/app'
import { parseConfig } from '../src/server/config'
import { type Database, openDatabase } from '../src/server/db/client'

const env = process.env
const duration = Number(env.BENCH_DURATION ?? 10)
const connections = Number(env.BENCH_CONNECTIONS ?? 10)
const passes = Number(env.BENCH_SEARCH_PASSES ?? 5)
const SEARCHES = ['margarita', 'tiramisù', 'spagetti', 'garlic', 'japanese', 'creme brulee', 'ramen', 'tacos']
const prefixes = SEARCHES.flatMap((word) =>
  Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)),
)

async function start(database: Database) {
  const config = parseConfig({
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    KITCHEN_ENABLED: 'false',
    CAMERAS_ENABLED: 'false',
  })
  const app = await buildApp({ world: demoWorld, config, database, logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function typing(baseUrl: string) {
  const times: number[] = []
  for (let pass = 0; pass < passes; pass++) {
    for (const q of prefixes) {
      const t0 = performance.now()
      const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(q)}`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`search "${q}" answered ${res.status}`)
      if (pass > 0) times.push(performance.now() - t0) // the first pass warms up
    }
  }
  times.sort((a, b) => a - b)
  return { samples: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! }
}

async function load(baseUrl: string, paths: string[]) {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }))
  await autocannon({ url: baseUrl, connections, duration: 2, requests })
  const result = await autocannon({ url: baseUrl, connections, duration, requests })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  }
}

async function run(label: string, database: Database) {
  await database.migrate()
  await seedDemo(database.db)
  const { app, baseUrl } = await start(database)
  try {
    const typed = await typing(baseUrl)
    const searchLoad = await load(
      baseUrl,
      prefixes.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
    )
    const menuLoad = await load(baseUrl, ['/api/restaurants/1/menu'])
    console.log(
      `\n${label}: ${prefixes.length} prefixes of ${SEARCHES.length} searches; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
    console.log(
      `  typing, one request at a time (${typed.samples} samples): p50 ${typed.p50.toFixed(1)} ms, p99 ${typed.p99.toFixed(1)} ms, max ${typed.max.toFixed(1)} ms`,
    )
    console.log(
      `  search under load (${connections} connections, ${duration} s): ${Math.round(searchLoad.rps)} req/s, p50 ${searchLoad.p50} ms, p99 ${searchLoad.p99} ms, non-2xx ${searchLoad.non2xx}`,
    )
    console.log(
      `  cached menu, same run:             ${Math.round(menuLoad.rps)} req/s, p50 ${menuLoad.p50} ms, p99 ${menuLoad.p99} ms`,
    )
    console.log(`  search p99 / cached read p99: ${(searchLoad.p99 / Math.max(1, menuLoad.p99)).toFixed(1)}x`)
  } finally {
    await app.close()
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-search-bench-'))
const pglite = await openDatabase({ dataDir })
try {
  await run('PGlite', pglite)
} finally {
  await pglite.close()
  rmSync(dataDir, { recursive: true, force: true })
}

if (env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: env.BENCH_DATABASE_URL })
  await admin.connect()
  const name = `clearplate_search_${randomBytes(4).toString('hex')}`
  await admin.query(`create database ${name}`)
  const url = new URL(env.BENCH_DATABASE_URL)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  try {
    await run('PostgreSQL', database)
  } finally {
    await database.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}
