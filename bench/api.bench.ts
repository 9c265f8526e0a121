/**
 * Read-path throughput of the API against a bare node:http server and, for the signed-in reads,
 * against a plain Express 5 + `pg` peer (bench/peer.ts) on the same machine.
 *
 *   npm run bench:api                      # starts the app in-process on a fresh seeded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:api   # and on PostgreSQL
 *   BENCH_URL=http://host:5000 npm run bench:api
 *
 * Environment: BENCH_DURATION (seconds, 10), BENCH_CONNECTIONS (50), BENCH_PIPELINING (1),
 * BENCH_WORKERS (load-generator threads, 1), BENCH_WARMUP (seconds, 2), BENCH_ROUNDS (1; the table shows
 * medians), BENCH_ONLY (a regular expression: only the scenarios whose name matches),
 * BENCH_KITCHEN=true (the app's kitchen drivers run, moving the seeded orders every tick, which
 * clears the cached active orders of their diners; off by default).
 * BENCH_DATABASE_URL: a PostgreSQL URL allowed to create databases; the app then also runs on a
 * fresh database there. The peer always runs on PostgreSQL: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (left out when unreachable).
 * Cached reads run right after a run of the bare server and are compared with it; signed-in
 * reads run right after the peer's run of the same read and are compared with that.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { seedDemo } from '../src/demo/seed'
import { demoWorld } from '../src/demo/world'
import { buildApp } from '../src/server/app'
import { createAuthRepository } from '../src/server/auth/auth.repository'
import { parseConfig } from '../src/server/config'
import { type Database, openDatabase } from '../src/server/db/client'
import { users } from '../src/server/db/schema'
import { startPeer } from './peer'
import { median } from './stats'

const env = process.env
const settings = {
  duration: Number(env.BENCH_DURATION ?? 10),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  pipelining: Number(env.BENCH_PIPELINING ?? 1),
  workers: Number(env.BENCH_WORKERS ?? 1),
  warmup: Number(env.BENCH_WARMUP ?? 2),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS ?? 1)),
  only: env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined,
}
/** Cached reads against the bare server. */
const TARGET_RATIO = 0.6
/** Signed-in reads against the Express + pg peer: as fast on PGlite, twice as fast on PostgreSQL. */
const PEER_TARGET = { pglite: 1, postgres: 2 } as const
const DEMO = { username: 'demo', password: 'demo1234' }
const postgresAdminUrl =
  env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

interface Target {
  baseUrl: string
  close(): Promise<void>
}

async function startApp(database: Database, dataDir?: string): Promise<Target> {
  const config = parseConfig({
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir ?? tmpdir(),
    LOG_LEVEL: 'silent',
    KITCHEN_ENABLED: env.BENCH_KITCHEN === 'true' ? 'true' : 'false',
    CAMERAS_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  const app = await buildApp({ world: demoWorld, config, database, logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close()
    },
  }
}

async function startPgliteApp(): Promise<Target> {
  if (env.BENCH_URL) return { baseUrl: env.BENCH_URL.replace(/\/$/, ''), close: async () => {} }
  const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-bench-'))
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const app = await startApp(database, dataDir)
  return {
    baseUrl: app.baseUrl,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A fresh, migrated and seeded PostgreSQL database, dropped on close; undefined when PostgreSQL is unreachable. */
async function createPostgresDatabase(): Promise<
  { url: string; database: Database; close(): Promise<void> } | undefined
> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl })
  try {
    await admin.connect()
  } catch (error) {
    console.log(`note: PostgreSQL at ${postgresAdminUrl} is unreachable (${(error as Error).message})`)
    return undefined
  }
  const name = `clearplate_bench_${randomBytes(4).toString('hex')}`
  await admin.query(`create database ${name}`)
  const url = new URL(postgresAdminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  await database.migrate()
  await seedDemo(database.db)
  return {
    url: url.toString(),
    database,
    async close() {
      await database.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** A session cookie for the demo diner, made directly in the database (the peer has no sign-in). */
async function demoCookie(database: Database): Promise<string> {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'))
  if (!user) throw new Error('The seeded database has no demo user')
  const { token } = await createAuthRepository(database.db).createSession(user.id)
  return `clearplate_session=${token}`
}

async function startBare(body: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}

async function signIn(baseUrl: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  if (!res.ok) {
    console.warn(`Signing in as ${DEMO.username} failed: ${res.status} ${await res.text()}`)
    return undefined
  }
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

interface Scenario {
  name: string
  url: string
  headers?: Record<string, string>
  /** Reads served from the read cache; the target applies to them. */
  cached?: boolean
  /** Compared with this scenario (run right before it in each round) instead of the bare server. */
  against?: Row
  /** The ratio this row should reach against its reference. */
  target?: number
}

interface Run {
  /** Share of the run the server's event loop was busy (in-process only). */
  busy: number
  requestsPerSecond: number
  p99: number
  non2xx: number
  errors: number
}

interface Row {
  scenario: Scenario
  status: string
  runs: Run[]
  /** Per round: this scenario's req/s over the bare server's in the same round. */
  ratios: number[]
}

async function probeStatus(scenario: Scenario): Promise<string> {
  const res = await fetch(scenario.url, { headers: scenario.headers }).catch((error: Error) => error)
  return res instanceof Error ? `unreachable (${res.message})` : String(res.status)
}

async function measure(scenario: Scenario, warmup: boolean): Promise<Run> {
  const options = {
    url: scenario.url,
    headers: scenario.headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
    workers: settings.workers > 0 ? settings.workers : undefined,
  }
  if (warmup && settings.warmup > 0) await autocannon({ ...options, duration: settings.warmup })
  const loopBefore = performance.eventLoopUtilization()
  const result = await autocannon({ ...options, duration: settings.duration })
  const busy = performance.eventLoopUtilization(loopBefore).utilization
  return {
    busy,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

function targetOf(row: Row): number | undefined {
  return row.scenario.target ?? (row.scenario.cached ? TARGET_RATIO : undefined)
}

function printTable(rows: Row[]) {
  const header = [
    'scenario',
    'status',
    'req/s',
    'p99 ms',
    'ratio',
    'against',
    'server busy',
    'non-2xx',
    'errors',
  ]
  const lines = rows.map((r) => {
    const ratio = median(r.ratios)
    const target = targetOf(r)
    const verdict = target === undefined ? '' : ratio >= target ? ` ok (>= ${target})` : ` LOW (< ${target})`
    return [
      r.scenario.name,
      r.status,
      Math.round(median(r.runs.map((x) => x.requestsPerSecond))).toLocaleString('en-US'),
      median(r.runs.map((x) => x.p99)).toFixed(1),
      `${r.ratios.length ? ratio.toFixed(2) : '-'}${verdict}`,
      r.scenario.against ? 'peer' : r.ratios.length === 0 || r === rows[0] ? '' : 'bare',
      env.BENCH_URL ? '-' : `${Math.round(100 * median(r.runs.map((x) => x.busy)))}%`,
      String(r.runs.reduce((sum, x) => sum + x.non2xx, 0)),
      String(r.runs.reduce((sum, x) => sum + x.errors, 0)),
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(format(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const line of lines) console.log(format(line))
}

async function main() {
  const [load] = loadavg()
  console.log(
    `autocannon: ${settings.duration} s per run (${settings.warmup} s warm-up first), ${settings.rounds} round(s), ` +
      `${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.workers} load thread(s); ` +
      `${availableParallelism()} cores, load average ${load!.toFixed(1)}`,
  )
  if (load! > availableParallelism() / 2)
    console.log('note: the machine is busy; figures will be noisy (try BENCH_ROUNDS=5 BENCH_DURATION=3)')
  const closers: Array<() => Promise<void>> = []
  try {
    const bare = await startBare(JSON.stringify({ status: 'ok', service: 'clearplate', items: [1, 2, 3] }))
    closers.push(() => new Promise((resolve) => bare.server.close(() => resolve())))
    const target = await startPgliteApp()
    closers.push(() => target.close())
    console.log(
      `app: ${target.baseUrl}${env.BENCH_URL ? '' : ` (in-process, fresh seeded PGlite, kitchen ${env.BENCH_KITCHEN === 'true' ? 'on' : 'off'})`}`,
    )
    // The same bytes as the restaurant list, to tell the cost of the payload from the cost of the app.
    const listBody = await (await fetch(`${target.baseUrl}/api/restaurants`)).text()
    // A later page of a filtered list, as "Load more" on the discover page asks for it.
    const firstLive = (await (await fetch(`${target.baseUrl}/api/restaurants?live=true&limit=4`)).json()) as {
      nextCursor: string | null
    }
    const nextPagePath = `/api/restaurants?live=true&limit=4${firstLive.nextCursor ? `&cursor=${firstLive.nextCursor}` : ''}`
    const bareList = await startBare(listBody)
    closers.push(() => new Promise((resolve) => bareList.server.close(() => resolve())))
    const cookie = await signIn(target.baseUrl)

    // The peer, and the app again, on a fresh PostgreSQL database with the same seed.
    const postgres = env.BENCH_URL ? undefined : await createPostgresDatabase()
    if (postgres) closers.push(() => postgres.close())
    const peer = postgres ? await startPeer(postgres.url) : undefined
    if (peer) closers.push(() => peer.close())
    const peerCookie = postgres ? await demoCookie(postgres.database) : undefined
    const pgApp = postgres && env.BENCH_DATABASE_URL ? await startApp(postgres.database) : undefined
    if (pgApp) closers.push(() => pgApp.close())
    if (peer) console.log(`peer: ${peer.url} (Express 5 + pg on a fresh seeded PostgreSQL database)`)
    if (pgApp) console.log(`app on PostgreSQL: ${pgApp.baseUrl} (in-process, same database as the peer)`)

    const demoId = 1
    const activeOrders = (await (
      await fetch(`${target.baseUrl}/api/users/${demoId}/active-orders`, {
        headers: cookie ? { cookie } : {},
      })
    ).json()) as Array<{ id: number }>
    const orderId = activeOrders[0]?.id ?? 1
    const signedInReads = [
      { label: 'wallet balance', path: `/api/users/${demoId}/wallet-balance` },
      { label: 'transactions', path: `/api/users/${demoId}/wallet/transactions` },
      { label: 'active orders', path: `/api/users/${demoId}/active-orders` },
      { label: 'chef shouts', path: `/api/orders/${orderId}/chef-shouts` },
    ]

    const scenarios: Scenario[] = [
      { name: 'bare node:http (constant JSON)', url: bare.url },
      { name: `bare node:http (the list's ${Buffer.byteLength(listBody)} bytes)`, url: bareList.url },
      { name: 'GET /api/restaurants', url: `${target.baseUrl}/api/restaurants`, cached: true },
      {
        name: 'GET /api/restaurants, Accept-Encoding: br',
        url: `${target.baseUrl}/api/restaurants`,
        headers: { 'accept-encoding': 'br' },
        cached: true,
      },
      {
        name: 'GET /api/restaurants?live=true&limit=4&cursor=…',
        url: `${target.baseUrl}${nextPagePath}`,
        cached: true,
      },
      { name: 'GET /api/restaurants/1/menu', url: `${target.baseUrl}/api/restaurants/1/menu`, cached: true },
    ]
    const rows: Row[] = []
    const add = (scenario: Scenario) => {
      const row: Row = { scenario, status: '', runs: [], ratios: [] }
      rows.push(row)
      return row
    }
    for (const scenario of scenarios) add(scenario)
    for (const read of signedInReads) {
      const peerRow = peer
        ? add({
            name: `peer (Express+pg): ${read.label}`,
            url: `${peer.url}${read.path}`,
            headers: { cookie: peerCookie! },
          })
        : undefined
      add({
        name: `app (PGlite): ${read.label}, signed in`,
        url: `${target.baseUrl}${read.path}`,
        headers: cookie ? { cookie } : {},
        against: peerRow,
        target: peerRow ? PEER_TARGET.pglite : undefined,
      })
      if (pgApp && peerRow)
        add({
          name: `app (PostgreSQL): ${read.label}, signed in`,
          url: `${pgApp.baseUrl}${read.path}`,
          headers: { cookie: peerCookie! },
          against: peerRow,
          target: PEER_TARGET.postgres,
        })
    }
    for (const row of rows) row.status = await probeStatus(row.scenario)
    const [bareRow, ...others] = rows as [Row, ...Row[]]
    bareRow.ratios.push(1)
    const peerRows = new Set(rows.map((r) => r.scenario.against).filter((r): r is Row => r !== undefined))
    const selected = others.filter(
      (r) => !peerRows.has(r) && (!settings.only || settings.only.test(r.scenario.name)),
    )
    // Each scenario runs right after a run of its reference (the bare server, or the peer's same
    // read) and is compared with that run, so that both see the same load from whatever else the
    // machine is doing.
    for (let round = 1; round <= settings.rounds; round++) {
      for (const row of selected) {
        process.stdout.write(`round ${round}: ${row.scenario.name} ...\n`)
        const reference = row.scenario.against ?? bareRow
        const referenceRun = await measure(reference.scenario, round === 1 && reference.runs.length === 0)
        const run = await measure(row.scenario, round === 1)
        reference.runs.push(referenceRun)
        row.runs.push(run)
        row.ratios.push(run.requestsPerSecond / referenceRun.requestsPerSecond)
      }
    }
    console.log()
    printTable(rows.filter((r) => r.runs.length > 0))
    for (const row of rows) {
      if (row.status !== '200')
        console.log(`note: ${row.scenario.name} answered ${row.status} before the run`)
    }
    const low = rows.filter(
      (r) => r.runs.length > 0 && targetOf(r) !== undefined && median(r.ratios) < targetOf(r)!,
    )
    console.log(
      low.length > 0
        ? `below target: ${low.map((r) => r.scenario.name).join(', ')}`
        : 'every measured row meets its target',
    )
  } finally {
    for (const close of closers.reverse()) await close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
