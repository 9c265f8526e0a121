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
 * --tick-ms (BENCH_TICK_MS, 2000), --instances 1|2 (BENCH_INSTANCES, 1).
 * Two instances need BENCH_DATABASE_URL (or TEST_DATABASE_URL; a PostgreSQL URL whose user may
 * create databases) and BENCH_REDIS_URL (or TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import WebSocket from 'ws'
import { type RunningServer, startServer } from '../e2e/support/server'
import { createAuthRepository } from '../src/server/auth/auth.service'
import { type Database, openDatabase } from '../src/server/db/client'
import { menuItems, orders, users } from '../src/server/db/schema'
import { seedDemo } from '../src/server/db/seed'

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string' },
    seconds: { type: 'string' },
    shape: { type: 'string' },
    orders: { type: 'string' },
    'tick-ms': { type: 'string' },
    instances: { type: 'string' },
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
}
const ORDER_SECONDS = 900
const CONNECT_CONCURRENCY = 200
const TARGET_P99_MS = settings.instances > 1 ? 150 : 100

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
})

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
  problems: string
}

async function runShape(target: Target, shape: 'hot' | 'spread'): Promise<Row> {
  const stats: Stats = {
    latencies: [],
    received: 0,
    measuring: false,
    windowStart: 0,
    errors: new Map(),
    closedEarly: 0,
  }
  const plan = Array.from({ length: settings.viewers }, (_, i) => {
    const url = target.urls[i % target.urls.length]!
    if (shape === 'hot') return { url, orderId: target.showcaseOrderId, cookie: undefined }
    const spot = target.spread[i % target.spread.length]!
    return { url, orderId: spot.orderId, cookie: spot.cookie }
  })
  const sockets: WebSocket[] = []
  const connectStart = Date.now()
  let next = 0
  let failed = 0
  let firstFailure = ''
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
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
  const connectS = (Date.now() - connectStart) / 1000
  process.stdout.write(
    `  ${shape}: ${sockets.length} viewers subscribed in ${connectS.toFixed(1)} s${failed ? ` (${failed} failed: ${firstFailure})` : ''}; measuring ${settings.seconds} s\n`,
  )

  const cpuBefore = target.pids.map(cpuSeconds)
  const clientBefore = process.cpuUsage()
  let rssMb = 0
  const sampler = setInterval(() => {
    rssMb = Math.max(
      rssMb,
      target.pids.reduce((sum, pid) => sum + memoryMb(pid).rss, 0),
    )
  }, 1000)
  stats.windowStart = Date.now()
  stats.measuring = true
  await new Promise((r) => setTimeout(r, settings.seconds * 1000))
  stats.measuring = false
  clearInterval(sampler)
  rssMb = Math.max(
    rssMb,
    target.pids.reduce((sum, pid) => sum + memoryMb(pid).rss, 0),
  )
  const elapsed = (Date.now() - stats.windowStart) / 1000
  const cpu = target.pids
    .map((pid, i) => ((cpuSeconds(pid) - cpuBefore[i]!) / elapsed) * 100)
    .reduce((a, b) => a + b, 0)
  const clientUsage = process.cpuUsage(clientBefore)
  const clientCpu = ((clientUsage.user + clientUsage.system) / 1e6 / elapsed) * 100

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
    shape: shape === 'hot' ? 'one hot room (showcase)' : `spread over ${target.spread.length} orders`,
    instances: target.urls.length,
    viewers: sockets.length,
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

async function main() {
  console.log(
    `Live benchmark: ${settings.viewers} viewers, ${settings.seconds} s per shape, ${settings.instances} instance(s), telemetry every ${settings.tickMs} ms`,
  )
  console.log(`Machine load average (1 min) at the start: ${loadavg()[0]!.toFixed(1)}`)
  const target = await startTarget()
  const rows: Row[] = []
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
  printTable(rows)
  const worst = Math.max(...rows.map((r) => r.p99))
  if (rows.some((r) => r.messages === 0)) process.exitCode = 1
  if (worst >= TARGET_P99_MS) console.log(`p99 ${worst.toFixed(0)} ms is above the target.`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
