/**
 * Read-path throughput of the API against a bare node:http server on the same machine.
 *
 *   npm run bench:api                      # starts the app in-process on a fresh seeded PGlite
 *   BENCH_URL=http://host:5000 npm run bench:api
 *
 * Environment: BENCH_DURATION (seconds, 10), BENCH_CONNECTIONS (50), BENCH_PIPELINING (1),
 * BENCH_WORKERS (load-generator threads, 1), BENCH_WARMUP (seconds, 2), BENCH_ROUNDS (1; the table shows
 * medians). Every scenario runs right after a run of the bare server and is compared with it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { buildApp } from '../src/server/app'
import { parseConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { seedDemo } from '../src/server/demo/seed'

const env = process.env
const settings = {
  duration: Number(env.BENCH_DURATION ?? 10),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  pipelining: Number(env.BENCH_PIPELINING ?? 1),
  workers: Number(env.BENCH_WORKERS ?? 1),
  warmup: Number(env.BENCH_WARMUP ?? 2),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS ?? 1)),
}
const TARGET_RATIO = 0.6
const DEMO = { username: 'demo', password: 'demo1234' }

interface Target {
  baseUrl: string
  close(): Promise<void>
}

async function startApp(): Promise<Target> {
  if (env.BENCH_URL) return { baseUrl: env.BENCH_URL.replace(/\/$/, ''), close: async () => {} }
  const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-bench-'))
  const config = parseConfig({
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    KITCHEN_ENABLED: 'false',
    CAMERAS_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const app = await buildApp({ config, database, logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function printTable(rows: Row[]) {
  const header = ['scenario', 'status', 'req/s', 'p99 ms', 'vs bare', 'server busy', 'non-2xx', 'errors']
  const lines = rows.map((r) => {
    const ratio = median(r.ratios)
    const verdict = r.scenario.cached ? (ratio >= TARGET_RATIO ? ' ok' : ' LOW') : ''
    return [
      r.scenario.name,
      r.status,
      Math.round(median(r.runs.map((x) => x.requestsPerSecond))).toLocaleString('en-US'),
      median(r.runs.map((x) => x.p99)).toFixed(1),
      `${ratio.toFixed(2)}${verdict}`,
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
  const bare = await startBare(JSON.stringify({ status: 'ok', service: 'clearplate', items: [1, 2, 3] }))
  const target = await startApp()
  console.log(
    `app: ${target.baseUrl}${env.BENCH_URL ? '' : ' (in-process, fresh seeded PGlite, kitchen off)'}`,
  )
  // The same bytes as the restaurant list, to tell the cost of the payload from the cost of the app.
  const listBody = await (await fetch(`${target.baseUrl}/api/restaurants`)).text()
  const bareList = await startBare(listBody)
  try {
    const cookie = await signIn(target.baseUrl)
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
      { name: 'GET /api/restaurants/1/menu', url: `${target.baseUrl}/api/restaurants/1/menu`, cached: true },
      {
        name: 'GET /api/users/1/wallet-balance (signed in)',
        url: `${target.baseUrl}/api/users/1/wallet-balance`,
        headers: cookie ? { cookie } : {},
      },
    ]
    const rows: Row[] = []
    for (const scenario of scenarios)
      rows.push({ scenario, status: await probeStatus(scenario), runs: [], ratios: [] })
    const [bareRow, ...others] = rows as [Row, ...Row[]]
    bareRow.ratios.push(1)
    // Each scenario runs right after a run of the bare server and is compared with that run, so
    // that both see the same load from whatever else the machine is doing.
    for (let round = 1; round <= settings.rounds; round++) {
      for (const row of others) {
        process.stdout.write(`round ${round}: ${row.scenario.name} ...\n`)
        const bareRun = await measure(bareRow.scenario, round === 1 && row === others[0])
        const run = await measure(row.scenario, round === 1)
        bareRow.runs.push(bareRun)
        row.runs.push(run)
        row.ratios.push(run.requestsPerSecond / bareRun.requestsPerSecond)
      }
    }
    console.log()
    printTable(rows)
    for (const row of rows) {
      if (row.status !== '200')
        console.log(`note: ${row.scenario.name} answered ${row.status} before the run`)
    }
    const low = rows.filter((r) => r.scenario.cached && median(r.ratios) < TARGET_RATIO)
    if (low.length > 0)
      console.log(`below the ${TARGET_RATIO} target: ${low.map((r) => r.scenario.name).join(', ')}`)
  } finally {
    await target.close()
    for (const server of [bare.server, bareList.server]) await new Promise((resolve) => server.close(resolve))
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
