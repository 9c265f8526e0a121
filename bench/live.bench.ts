/**
 * Live-channel fan-out: N WebSocket viewers against real server processes, with the kitchen
 * engine publishing at its normal rate. Two shapes: everyone on the showcase order (one hot
 * room), and viewers spread over many diners' orders. Latency is receive time minus the
 * message's `sentAt` (same machine clock).
 *
 *   npm run bench:live                          # 2,000 viewers, one instance, fresh PGlite
 *   npm run bench:live -- --viewers 10000
 *   npm run bench:live -- --instances 2         # two instances + Redis on a fresh PostgreSQL database
 *   BENCH_URL=http://127.0.0.1:5000 npm run bench:live   # an already running server (hot shape only)
 *
 * Options (or environment): --viewers (BENCH_VIEWERS, 2000), --seconds per shape (BENCH_SECONDS, 20),
 * --shape hot|spread|both (BENCH_SHAPE, both), --orders for the spread shape (BENCH_ORDERS, 200),
 * --tick-ms (BENCH_TICK_MS, 2000), --instances 1|2 (BENCH_INSTANCES, 1), --skip-baseline
 * (BENCH_BASELINE=0) to leave out the first row: a bare `ws` server with the same viewers,
 * --client-threads (BENCH_CLIENT_THREADS, 2): worker threads that hold the viewers,
 * --rounds (BENCH_ROUNDS, 1): with the floor and the hot shape, that many floor/app pairs, taken
 * alternately with both servers up, and the median of the pairs' ratios in the summary.
 * Two instances need BENCH_DATABASE_URL (or TEST_DATABASE_URL; a PostgreSQL URL whose user may
 * create databases) and BENCH_REDIS_URL (or TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import WebSocket from 'ws'
import { type RunningServer, startServer } from '../e2e/support/server'
import { seedDemo } from '../src/demo/seed'
import { createAuthRepository } from '../src/server/auth/auth.repository'
import { type Database, openDatabase } from '../src/server/db/client'
import { menuItems, orders, users } from '../src/server/db/schema'
import { vapidEnv } from '../src/server/testing/vapid-env'

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string' },
    seconds: { type: 'string' },
    shape: { type: 'string' },
    orders: { type: 'string' },
    'tick-ms': { type: 'string' },
    instances: { type: 'string' },
    'skip-baseline': { type: 'boolean' },
    'client-threads': { type: 'string' },
    rounds: { type: 'string' },
  },
})
const env = process.env
const settings = {
  viewers: Number(args.viewers ?? env.BENCH_VIEWERS ?? 2000),
  seconds: Number(args.seconds ?? env.BENCH_SECONDS ?? 20),
  shape: (args.shape ?? env.BENCH_SHAPE ?? 'both') as 'hot' | 'spread' | 'both',
  orders: Number(args.orders ?? env.BENCH_ORDERS ?? 200),
  tickMs: Number(args['tick-ms'] ?? env.BENCH_TICK_MS ?? 2000),
  instances: Number(args.instances ?? env.BENCH_INSTANCES ?? 1),
  clientThreads: Number(args['client-threads'] ?? env.BENCH_CLIENT_THREADS ?? 2),
  rounds: Math.max(1, Number(args.rounds ?? env.BENCH_ROUNDS ?? 1)),
  baseline: !args['skip-baseline'] && env.BENCH_BASELINE !== '0' && !env.BENCH_URL,
}
const ORDER_SECONDS = 900
const CONNECT_CONCURRENCY = 200
const TARGET_P99_MS = settings.instances > 1 ? 150 : 100
/** The app's p99 over the bare `ws` floor's, measured in the same run. */
const RATIO_TARGET = { single: 0.8, cluster: 1.2 }
const HTTP_P99_TARGET_MS = 50

interface Target {
  urls: string[]
  pids: number[]
  showcaseOrderId: number
  /** Order id and the cookie of its diner, for the spread shape. */
  spread: Array<{ orderId: number; cookie: string }>
  close(): Promise<void>
}

/** Diners with one active order each, mid-run, and a session cookie for each. */
async function createSpreadOrders(database: Database, count: number) {
  const db = database.db
  const [item] = await db.select().from(menuItems).where(eq(menuItems.restaurantId, 1)).limit(1)
  if (!item) throw new Error('The seeded database has no menu for restaurant 1')
  const tag = randomBytes(3).toString('hex')
  const auth = createAuthRepository(db)
  const out: Array<{ orderId: number; cookie: string }> = []
  const now = Date.now()
  for (let i = 0; i < count; i++) {
    const name = `bench_${tag}_${i}`
    const [user] = await db
      .insert(users)
      .values({
        username: name,
        email: `${name}@example.com`,
        fullName: `Bench Diner ${i}`,
        passwordHash: 'disabled',
      })
      .returning({ id: users.id })
    const [order] = await db
      .insert(orders)
      .values({
        userId: user!.id,
        restaurantId: item.restaurantId,
        status: 'preparing',
        progress: 0,
        // Spread over the first half of the run, so every order stays in the kitchen during the benchmark.
        kitchenStartedAt: new Date(now - ((i % 50) / 100) * ORDER_SECONDS * 1000),
        totalPriceCents: item.priceCents + 299,
        items: [{ menuItemId: item.id, name: item.name, quantity: 1, price: item.priceCents / 100 }],
      })
      .returning({ id: orders.id })
    const { token } = await auth.createSession(user!.id)
    out.push({ orderId: order!.id, cookie: `clearplate_session=${token}` })
  }
  return out
}

async function showcaseId(db: Database['db']): Promise<number> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.isShowcase, true)).limit(1)
  if (!row) throw new Error('The seeded database has no showcase order')
  return row.id
}

const serverEnv = () => ({
  KITCHEN_ORDER_SECONDS: String(ORDER_SECONDS),
  KITCHEN_TICK_MS: String(settings.tickMs),
  CAMERAS_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  // Every simulated viewer comes from 127.0.0.1.
  LIVE_CONNECTIONS_PER_ADDRESS: '100000',
})

/**
 * The floor: a bare `ws` server that sends the same telemetry message to every client each tick,
 * with nothing else to do. What it cannot beat on this machine, the app cannot either.
 */
const BARE_SERVER = `
const { WebSocketServer } = require('ws')
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
wss.on('listening', () => console.log('port=' + wss.address().port))
wss.on('connection', (ws) => ws.on('message', () => ws.send(JSON.stringify({ type: 'subscribed', orderId: 1 }))))
setInterval(() => {
  const data = Buffer.from(JSON.stringify({ type: 'telemetry', orderId: 1,
    data: { temperature: 375.4, cookingTime: 312, status: 'On schedule' }, sentAt: Date.now() }))
  for (const ws of wss.clients) ws.send(data, { binary: false })
}, Number(process.env.TICK_MS))
`

async function startBareTarget(): Promise<Target> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, TICK_MS: String(settings.tickMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const match = /port=(\d+)/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`The bare ws server exited with ${code}`)))
  })
  return {
    urls: [`http://127.0.0.1:${port}`],
    pids: [child.pid!],
    showcaseOrderId: 1,
    spread: [],
    async close() {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

async function startTarget(): Promise<Target> {
  if (env.BENCH_URL) {
    const base = env.BENCH_URL.replace(/\/$/, '')
    const showcase = (await (await fetch(`${base}/api/showcase`)).json()) as { orderId: number }
    return {
      urls: [base],
      pids: env.BENCH_PID ? [Number(env.BENCH_PID)] : [],
      showcaseOrderId: showcase.orderId,
      spread: [],
      close: async () => {},
    }
  }
  if (settings.instances > 1) return startCluster()

  const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-live-bench-'))
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const spread = settings.shape === 'hot' ? [] : await createSpreadOrders(database, settings.orders)
  const showcaseOrderId = await showcaseId(database.db)
  await database.close()
  const server = await startServer(serverEnv(), { dataDir })
  return {
    urls: [server.url],
    pids: [server.process.pid!],
    showcaseOrderId,
    spread,
    async close() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function startCluster(): Promise<Target> {
  const adminUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL
  if (!adminUrl)
    throw new Error('Two instances need BENCH_DATABASE_URL (a PostgreSQL URL that may create databases)')
  const redisUrl = env.BENCH_REDIS_URL ?? env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const name = `clearplate_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), poolSize: 2 })
  await database.migrate()
  await seedDemo(database.db)
  const spread = settings.shape === 'hot' ? [] : await createSpreadOrders(database, settings.orders)
  const showcaseOrderId = await showcaseId(database.db)
  await database.close()
  const shared = {
    ...serverEnv(),
    DATABASE_URL: url.toString(),
    APP_SECRET: 'bench-secret-shared-by-every-instance-01',
    ...vapidEnv(),
    REDIS_URL: `${redisUrl}${redisUrl.includes('?') ? '&' : '?'}channelPrefix=${name}:`,
  }
  const servers: RunningServer[] = []
  for (let i = 0; i < settings.instances; i++) servers.push(await startServer(shared))
  return {
    urls: servers.map((s) => s.url),
    pids: servers.map((s) => s.process.pid!),
    showcaseOrderId,
    spread,
    async close() {
      await Promise.all(servers.map((s) => s.stop()))
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

interface Stats {
  latencies: number[]
  received: number
  measuring: boolean
  windowStart: number
  errors: Map<string, number>
  closedEarly: number
}

const SENT_AT = Buffer.from('"sentAt":')

/** `sentAt` straight from the frame's bytes: the client must cost as little as possible. */
function sentAtOf(data: Buffer): number | undefined {
  const at = data.indexOf(SENT_AT)
  if (at < 0) return undefined
  let n = 0
  for (let i = at + SENT_AT.length; i < data.length; i++) {
    const c = data[i]!
    if (c < 48 || c > 57) break
    n = n * 10 + (c - 48)
  }
  return n
}

function openViewer(
  url: string,
  orderId: number,
  cookie: string | undefined,
  stats: Stats,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
      headers: cookie ? { cookie } : {},
      perMessageDeflate: false,
      skipUTF8Validation: true,
    })
    let subscribed = false
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', orderId })))
    ws.on('message', (data: Buffer) => {
      if (!subscribed) {
        if (data.includes('"subscribed"')) {
          subscribed = true
          resolve(ws)
        } else if (data.includes('"error"')) {
          reject(new Error(`subscribe refused: ${data.toString()}`))
        }
        return
      }
      if (!stats.measuring) return
      const sentAt = sentAtOf(data)
      // Snapshots sent on subscribe carry an older sentAt; count live messages only.
      if (sentAt === undefined || sentAt < stats.windowStart) return
      stats.received++
      stats.latencies.push(Date.now() - sentAt)
    })
    ws.on('error', (error: NodeJS.ErrnoException) => {
      const key = error.code ?? error.message
      stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1)
      if (!subscribed) reject(error)
    })
    ws.on('close', () => {
      if (subscribed && stats.measuring) stats.closedEarly++
    })
  })
}

function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return { rss: Number.NaN, peak: Number.NaN }
  }
}

/** CPU seconds (user + system) a process has used. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

interface Row {
  shape: string
  instances: number
  viewers: number
  rooms: number
  connectS: number
  messages: number
  perSecond: number
  p50: number
  p99: number
  max: number
  rssMb: number
  cpu: number
  clientCpu: number
  /** p99 of a page request sent every 50 ms during the window. */
  httpP99: number
  problems: string
}

interface ViewerPlan {
  url: string
  orderId: number
  cookie: string | undefined
}

type ToWorker = { type: 'measure'; windowStart: number } | { type: 'stop' }
type FromWorker =
  | { type: 'connected'; count: number; failed: number; firstFailure: string }
  | {
      type: 'result'
      latencies: Float64Array
      received: number
      errors: Array<[string, number]>
      closedEarly: number
    }
  | { type: 'closed' }

/** A worker thread's share of the viewers: connects them, measures on request, closes them. */
async function viewerWorker(plan: ViewerPlan[]) {
  const port = parentPort!
  const stats: Stats = {
    latencies: [],
    received: 0,
    measuring: false,
    windowStart: 0,
    errors: new Map(),
    closedEarly: 0,
  }
  const sockets: WebSocket[] = []
  let next = 0
  let failed = 0
  let firstFailure = ''
  const concurrency = Math.max(1, Math.ceil(CONNECT_CONCURRENCY / settings.clientThreads))
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < plan.length) {
        const p = plan[next++]!
        try {
          sockets.push(await openViewer(p.url, p.orderId, p.cookie, stats))
        } catch (error) {
          failed++
          firstFailure ||= (error as Error).message
        }
      }
    }),
  )
  const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
  port.on('message', async (message: ToWorker) => {
    if (message.type === 'measure') {
      stats.windowStart = message.windowStart
      stats.measuring = true
      return
    }
    stats.measuring = false
    const latencies = Float64Array.from(stats.latencies)
    post(
      {
        type: 'result',
        latencies,
        received: stats.received,
        errors: [...stats.errors],
        closedEarly: stats.closedEarly,
      },
      [latencies.buffer as ArrayBuffer],
    )
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve()
            ws.once('close', () => resolve())
            ws.close()
            setTimeout(() => {
              ws.terminate()
              resolve()
            }, 5000).unref()
          }),
      ),
    )
    post({ type: 'closed' })
    port.close()
  })
  post({ type: 'connected', count: sockets.length, failed, firstFailure })
}

async function runShape(target: Target, shape: 'hot' | 'spread', label?: string): Promise<Row> {
  const plan: ViewerPlan[] = Array.from({ length: settings.viewers }, (_, i) => {
    const url = target.urls[i % target.urls.length]!
    if (shape === 'hot') return { url, orderId: target.showcaseOrderId, cookie: undefined }
    const spot = target.spread[i % target.spread.length]!
    return { url, orderId: spot.orderId, cookie: spot.cookie }
  })
  const threads = Math.max(1, Math.min(settings.clientThreads, plan.length))
  const connectStart = Date.now()
  const workers = Array.from({ length: threads }, (_, t) => {
    // Node 20 does not hand the tsx loader to worker threads: the worker registers it itself.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}) })`
    const worker = new Worker(bootstrap, {
      eval: true,
      argv: process.argv.slice(2),
      workerData: { plan: plan.filter((_, i) => i % threads === t) },
    })
    const inbox: FromWorker[] = []
    const waiters: Array<() => void> = []
    worker.on('message', (m: FromWorker) => {
      inbox.push(m)
      for (const wake of waiters.splice(0)) wake()
    })
    worker.on('error', (error) => {
      console.error('viewer thread failed:', error)
    })
    const receive = async <T extends FromWorker['type']>(
      type: T,
    ): Promise<Extract<FromWorker, { type: T }>> => {
      for (;;) {
        const at = inbox.findIndex((m) => m.type === type)
        if (at >= 0) return inbox.splice(at, 1)[0] as Extract<FromWorker, { type: T }>
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    }
    return { worker, receive, send: (m: ToWorker) => worker.postMessage(m) }
  })
  const connected = await Promise.all(workers.map((w) => w.receive('connected')))
  const viewers = connected.reduce((sum, c) => sum + c.count, 0)
  const failed = connected.reduce((sum, c) => sum + c.failed, 0)
  const firstFailure = connected.find((c) => c.firstFailure)?.firstFailure ?? ''
  const connectS = (Date.now() - connectStart) / 1000
  process.stdout.write(
    `  ${shape}: ${viewers} viewers subscribed in ${connectS.toFixed(1)} s${failed ? ` (${failed} failed: ${firstFailure})` : ''}; measuring ${settings.seconds} s\n`,
  )

  const cpuBefore = target.pids.map(cpuSeconds)
  const clientBefore = process.cpuUsage()
  let rssMb = 0
  const sampleRss = () => {
    rssMb = Math.max(
      rssMb,
      target.pids.reduce((sum, pid) => sum + memoryMb(pid).rss, 0),
    )
  }
  const sampler = setInterval(sampleRss, 1000)
  // The event loop must keep answering HTTP during the fan-out: a page request every 50 ms.
  const httpLatencies: number[] = []
  let probing = true
  const probe = (async () => {
    // The bare floor answers 426 to a plain request, as quickly as its event loop allows.
    const probeUrl = `${target.urls[0]}/api/restaurants`
    while (probing) {
      const started = performance.now()
      try {
        const res = await fetch(probeUrl)
        await res.arrayBuffer()
        httpLatencies.push(performance.now() - started)
      } catch {
        httpLatencies.push(Number.POSITIVE_INFINITY)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const windowStart = Date.now()
  for (const w of workers) w.send({ type: 'measure', windowStart })
  await new Promise((r) => setTimeout(r, settings.seconds * 1000))
  probing = false
  await probe
  for (const w of workers) w.send({ type: 'stop' })
  const results = await Promise.all(workers.map((w) => w.receive('result')))
  const elapsed = (Date.now() - windowStart) / 1000
  clearInterval(sampler)
  sampleRss()
  const cpu = target.pids
    .map((pid, i) => ((cpuSeconds(pid) - cpuBefore[i]!) / elapsed) * 100)
    .reduce((a, b) => a + b, 0)
  const clientUsage = process.cpuUsage(clientBefore)
  const clientCpu = ((clientUsage.user + clientUsage.system) / 1e6 / elapsed) * 100
  await Promise.all(workers.map((w) => w.receive('closed')))

  const stats = {
    latencies: results.flatMap((r) => Array.from(r.latencies)),
    received: results.reduce((sum, r) => sum + r.received, 0),
    closedEarly: results.reduce((sum, r) => sum + r.closedEarly, 0),
    errors: new Map<string, number>(),
  }
  for (const r of results) for (const [k, v] of r.errors) stats.errors.set(k, (stats.errors.get(k) ?? 0) + v)
  const sorted = Float64Array.from(stats.latencies).sort()
  const asArray = Array.from(sorted)
  const problems = [
    failed ? `${failed} could not connect` : '',
    stats.closedEarly ? `${stats.closedEarly} closed early` : '',
    ...[...stats.errors].map(([k, v]) => `${v}x ${k}`),
  ]
    .filter(Boolean)
    .join('; ')
  return {
    shape:
      label ?? (shape === 'hot' ? 'one hot room (showcase)' : `spread over ${target.spread.length} orders`),
    instances: target.urls.length,
    viewers,
    rooms: shape === 'hot' ? 1 : Math.min(target.spread.length, settings.viewers),
    connectS,
    messages: stats.received,
    perSecond: stats.received / elapsed,
    p50: percentile(asArray, 50),
    p99: percentile(asArray, 99),
    max: asArray.at(-1) ?? Number.NaN,
    rssMb,
    cpu,
    clientCpu,
    httpP99: percentile(
      [...httpLatencies].sort((a, b) => a - b),
      99,
    ),
    problems,
  }
}

function printTable(rows: Row[]) {
  const header = [
    'shape',
    'inst',
    'viewers',
    'connect s',
    'msgs',
    'msgs/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'server RSS MB',
    'server CPU %',
    'client CPU %',
    'HTTP p99 ms',
  ]
  const lines = rows.map((r) => [
    r.shape,
    String(r.instances),
    String(r.viewers),
    r.connectS.toFixed(1),
    String(r.messages),
    r.perSecond.toFixed(0),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.max.toFixed(0),
    r.rssMb.toFixed(0),
    r.cpu.toFixed(0),
    r.clientCpu.toFixed(0),
    r.httpP99.toFixed(0),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  console.log(`\n${fmt(header)}`)
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  )
  for (const l of lines) console.log(fmt(l))
  for (const r of rows) if (r.problems) console.log(`  ${r.shape}: ${r.problems}`)
  console.log(
    `\nTarget: p99 < ${TARGET_P99_MS} ms (${settings.instances > 1 ? 'two instances + Redis' : 'one instance'}). ` +
      `Telemetry every ${settings.tickMs} ms per order; the benchmark client shares the machine's cores with the server.`,
  )
  console.log(`Machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`)
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/**
 * The targets as ratios to the bare `ws` floor measured in the same run: the app's p99 at most
 * 0.8x the floor's on one instance and 1.2x on two, and the event loop answering HTTP within 50 ms.
 * Each app row is compared with the floor row taken just before it; over several rounds, the
 * summary gives the median of those ratios and of the HTTP p99s.
 */
function summaryLine(rows: Row[]): string {
  const target = settings.instances > 1 ? RATIO_TARGET.cluster : RATIO_TARGET.single
  const byShape = new Map<string, { ratios: number[]; http: number[] }>()
  let floor: Row | undefined
  for (const r of rows) {
    if (r.shape.startsWith('floor')) {
      floor = r
      continue
    }
    const shape = r.shape.replace(/, round \d+$/, '')
    const entry = byShape.get(shape) ?? { ratios: [], http: [] }
    if (floor) entry.ratios.push(r.p99 / floor.p99)
    entry.http.push(r.httpP99)
    byShape.set(shape, entry)
  }
  const parts = [...byShape].map(([shape, { ratios, http }]) => {
    const ratio = median(ratios)
    const rounds = ratios.length > 1 ? ` (median of ${ratios.map((x) => x.toFixed(2)).join(', ')})` : ''
    const ratioText =
      ratios.length > 0
        ? `p99 ${ratio.toFixed(2)}x floor${rounds} ${ratio <= target ? 'ok' : 'HIGH'} (<= ${target})`
        : 'no floor row'
    const httpP99 = median(http)
    const httpText = `HTTP p99 ${httpP99.toFixed(0)} ms${http.length > 1 ? ' (median)' : ''} ${httpP99 <= HTTP_P99_TARGET_MS ? 'ok' : 'HIGH'} (<= ${HTTP_P99_TARGET_MS})`
    return `${shape}: ${ratioText}, ${httpText}`
  })
  return `Summary (${settings.instances} instance(s), ${settings.viewers} viewers): ${parts.join('; ')}`
}

/** Floor and app alternately, both servers up the whole time, so that each pair shares a moment. */
async function alternateRounds(rows: Row[]) {
  const bare = await startBareTarget()
  try {
    const target = await startTarget()
    try {
      for (let round = 1; round <= settings.rounds; round++) {
        rows.push(await runShape(bare, 'hot', `floor: bare ws server, one room, round ${round}`))
        await new Promise((r) => setTimeout(r, 1000))
        rows.push(await runShape(target, 'hot', `one hot room (showcase), round ${round}`))
        await new Promise((r) => setTimeout(r, 1000))
      }
    } finally {
      await target.close()
    }
  } finally {
    await bare.close()
  }
}

async function main() {
  console.log(
    `Live benchmark: ${settings.viewers} viewers on ${settings.clientThreads} client thread(s), ${settings.seconds} s per shape, ${settings.instances} instance(s), telemetry every ${settings.tickMs} ms`,
  )
  console.log(`Machine load average (1 min) at the start: ${loadavg()[0]!.toFixed(1)}`)
  const rows: Row[] = []
  if (settings.rounds > 1) {
    if (!settings.baseline || settings.shape !== 'hot')
      throw new Error('--rounds needs the floor and --shape hot')
    await alternateRounds(rows)
  } else {
    if (settings.baseline) {
      const bare = await startBareTarget()
      try {
        rows.push(await runShape(bare, 'hot', 'floor: bare ws server, one room'))
      } finally {
        await bare.close()
      }
    }
    const target = await startTarget()
    try {
      const shapes: Array<'hot' | 'spread'> =
        settings.shape === 'both' ? ['hot', 'spread'] : [settings.shape === 'spread' ? 'spread' : 'hot']
      for (const shape of shapes) {
        if (shape === 'spread' && target.spread.length === 0) {
          console.log('  spread: skipped (needs diners with sessions; not available against BENCH_URL)')
          continue
        }
        rows.push(await runShape(target, shape))
        await new Promise((r) => setTimeout(r, 1000))
      }
    } finally {
      await target.close()
    }
  }
  printTable(rows)
  if (rows.some((r) => r.messages === 0)) process.exitCode = 1
  console.log(summaryLine(rows))
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
} else {
  viewerWorker((workerData as { plan: ViewerPlan[] }).plan).catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
