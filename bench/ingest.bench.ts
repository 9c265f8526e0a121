/**
 * Sensor ingest: one real server process, N devices each sending a reading a second to
 * POST /api/telemetry while V WebSocket viewers watch those orders; then the ceiling of
 * readings a second with batches of 1 and of 100, and the app's own cached read in the same run.
 *
 *   npm run bench:ingest                                    # embedded PGlite in a temporary folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ingest -- --db postgres
 *
 * Options (or environment): --devices (BENCH_DEVICES, 200), --viewers (BENCH_VIEWERS, 1000),
 * --seconds of the sustained phase (BENCH_SECONDS, 20), --ceiling-seconds per ceiling row
 * (BENCH_CEILING_SECONDS, 10), --connections for the ceiling (BENCH_CONNECTIONS, 50),
 * --db pglite|postgres (BENCH_DB, pglite). BENCH_SERVER_NODE_OPTIONS is given to the server as
 * NODE_OPTIONS (for example `--import` of a module that starts the CPU profiler).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import WebSocket from 'ws'
import { type RunningServer, startServer } from '../e2e/support/server'
import { ovenCurve } from '../scripts/device'
import { seedDemo } from '../src/demo/seed'
import { createAuthRepository } from '../src/server/auth/auth.repository'
import { type Database, openDatabase } from '../src/server/db/client'
import { menuItems, orders, users } from '../src/server/db/schema'
import { vapidEnv } from '../src/server/testing/vapid-env'

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string' },
    viewers: { type: 'string' },
    seconds: { type: 'string' },
    'ceiling-seconds': { type: 'string' },
    connections: { type: 'string' },
    db: { type: 'string' },
  },
})
const env = process.env
const settings = {
  devices: Number(args.devices ?? env.BENCH_DEVICES ?? 200),
  viewers: Number(args.viewers ?? env.BENCH_VIEWERS ?? 1000),
  seconds: Number(args.seconds ?? env.BENCH_SECONDS ?? 20),
  ceilingSeconds: Number(args['ceiling-seconds'] ?? env.BENCH_CEILING_SECONDS ?? 10),
  connections: Number(args.connections ?? env.BENCH_CONNECTIONS ?? 50),
  db: (args.db ?? env.BENCH_DB ?? 'pglite') as 'pglite' | 'postgres',
}
const ORDER_SECONDS = 1800

interface Fixture {
  orderId: number
  cookie: string
}

/** Diners with one order each, cooking through the whole run, and a session for each. */
async function createOrders(database: Database, count: number): Promise<Fixture[]> {
  const db = database.db
  const [item] = await db.select().from(menuItems).where(eq(menuItems.restaurantId, 1)).limit(1)
  if (!item) throw new Error('The seeded database has no menu for restaurant 1')
  const tag = randomBytes(3).toString('hex')
  const auth = createAuthRepository(db)
  const out: Fixture[] = []
  const now = Date.now()
  for (let i = 0; i < count; i++) {
    const name = `ingest_${tag}_${i}`
    const [user] = await db
      .insert(users)
      .values({ username: name, email: `${name}@example.com`, fullName: `Bench ${i}`, passwordHash: 'x' })
      .returning({ id: users.id })
    const [order] = await db
      .insert(orders)
      .values({
        userId: user!.id,
        restaurantId: 1,
        status: 'cooking',
        progress: 40,
        kitchenStartedAt: new Date(now - 0.4 * ORDER_SECONDS * 1000),
        totalPriceCents: item.priceCents + 299,
        items: [{ menuItemId: item.id, name: item.name, quantity: 1, price: item.priceCents / 100 }],
      })
      .returning({ id: orders.id })
    const { token } = await auth.createSession(user!.id)
    out.push({ orderId: order!.id, cookie: `clearplate_session=${token}` })
  }
  return out
}

async function prepare(): Promise<{ server: RunningServer; fixtures: Fixture[]; close(): Promise<void> }> {
  const serverEnv = {
    KITCHEN_ORDER_SECONDS: String(ORDER_SECONDS),
    KITCHEN_TICK_MS: '2000',
    CAMERAS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // Every viewer connects from 127.0.0.1: the per-address cap would refuse all but 20.
    LIVE_CONNECTIONS_PER_ADDRESS: String(settings.viewers + 100),
    ...(env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: env.BENCH_SERVER_NODE_OPTIONS } : {}),
  }
  if (settings.db === 'postgres') {
    const adminUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL (a URL that may create databases)')
    const name = `clearplate_ingest_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ url: url.toString(), poolSize: 2 })
    await database.migrate()
    await seedDemo(database.db)
    const fixtures = await createOrders(database, settings.devices)
    await database.close()
    let server: RunningServer
    try {
      // One instance: any 32+ character secret will do.
      server = await startServer({
        ...serverEnv,
        DATABASE_URL: url.toString(),
        APP_SECRET: randomBytes(24).toString('base64url'),
        ...vapidEnv(),
      })
    } catch (error) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
      throw error
    }
    return {
      server,
      fixtures,
      async close() {
        await server.stop()
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      },
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-ingest-bench-'))
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const fixtures = await createOrders(database, settings.devices)
  await database.close()
  const server = await startServer(serverEnv, { dataDir })
  return {
    server,
    fixtures,
    async close() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chef', password: 'chef1234' }),
  })
  if (!res.ok) throw new Error(`chef could not sign in: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function registerDevices(base: string, cookie: string, count: number): Promise<string[]> {
  const keys: string[] = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/restaurants/1/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: `Oven ${keys.length + 1}`, kind: 'oven' }),
    })
    if (res.status !== 201)
      throw new Error(`registering a device answered ${res.status}: ${await res.text()}`)
    keys.push(((await res.json()) as { key: string }).key)
  }
  return keys
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** Viewers, spread evenly over the orders; each records how late every sensor reading arrived. */
async function openViewers(base: string, fixtures: Fixture[], count: number) {
  const wsUrl = `${base.replace('http', 'ws')}/ws`
  const lateness: number[] = []
  let measuring = false
  const sockets: WebSocket[] = []
  const opening: Promise<void>[] = []
  for (let i = 0; i < count; i++) {
    const fixture = fixtures[i % fixtures.length]!
    const ws = new WebSocket(wsUrl, { headers: { cookie: fixture.cookie } })
    sockets.push(ws)
    opening.push(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => {
          ws.send(JSON.stringify({ type: 'subscribe', orderId: fixture.orderId }))
        })
        ws.on('message', (data: Buffer) => {
          const text = data.toString()
          if (text.includes('"subscribed"')) resolve()
          if (!measuring || !text.includes('"source":"sensor"')) return
          const recordedAt = /"recordedAt":"([^"]+)"/.exec(text)?.[1]
          if (recordedAt) lateness.push(Date.now() - Date.parse(recordedAt))
        })
        ws.once('error', reject)
      }),
    )
    if (opening.length % 100 === 0) await Promise.all(opening.slice(-100))
  }
  await Promise.all(opening)
  return {
    lateness,
    start() {
      measuring = true
    },
    stop() {
      measuring = false
    },
    close() {
      for (const ws of sockets) ws.terminate()
    },
  }
}

/** Every device sends one reading a second, evenly spread over the second. */
async function sustain(base: string, keys: string[], fixtures: Fixture[], seconds: number) {
  const curves = keys.map((_, i) => ovenCurve({ seed: i + 1 }))
  const started = Date.now()
  const statuses = new Map<number, number>()
  const latencies: number[] = []
  const sends: Promise<void>[] = []
  let sent = 0
  for (let second = 0; second < seconds; second++) {
    for (let i = 0; i < keys.length; i++) {
      const at = started + second * 1000 + (i * 1000) / keys.length
      const wait = at - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const t0 = performance.now()
      const reading = curves[i]!((Date.now() - started) / 1000)
      sent++
      sends.push(
        fetch(`${base}/api/telemetry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i]}` },
          body: JSON.stringify({
            readings: [
              {
                orderId: fixtures[i]!.orderId,
                temperatureF: reading.temperatureF,
                cookingTimeLeft: reading.cookingTimeLeft,
                recordedAt: new Date().toISOString(),
              },
            ],
          }),
        })
          .then(async (res) => {
            await res.arrayBuffer()
            latencies.push(performance.now() - t0)
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          })
          .catch(() => {
            statuses.set(0, (statuses.get(0) ?? 0) + 1)
          }),
      )
    }
  }
  await Promise.all(sends)
  const elapsed = (Date.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { sent, elapsed, statuses, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

/** autocannon against the ingest with `batch` readings a request, keys taken round robin. */
async function ceiling(base: string, keys: string[], fixtures: Fixture[], batch: number) {
  let next = 0
  const bodyFor = (i: number) =>
    JSON.stringify({
      readings: Array.from({ length: batch }, (_, j) => ({
        orderId: fixtures[i % fixtures.length]!.orderId,
        temperatureF: 380 + (j % 40),
        recordedAt: new Date(Date.now() - (batch - j) * 10).toISOString(),
      })),
    })
  const result = await autocannon({
    url: `${base}/api/telemetry`,
    connections: settings.connections,
    duration: settings.ceilingSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = next++ % keys.length
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[i]}` },
            body: bodyFor(i),
          }
        },
      },
    ],
  })
  const accepted = result['2xx']
  return {
    reqPerSec: accepted / settings.ceilingSeconds,
    readingsPerSec: (accepted * batch) / settings.ceilingSeconds,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', '),
  }
}

async function cachedRead(base: string) {
  const result = await autocannon({
    url: `${base}/api/restaurants`,
    connections: settings.connections,
    duration: settings.ceilingSeconds,
  })
  return { reqPerSec: result['2xx'] / settings.ceilingSeconds, p99: result.latency.p99 }
}

/** Waits until the server answers a health check within 200 ms (its queue is empty). */
async function drained(base: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const t0 = performance.now()
    await fetch(`${base}/healthz`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined)
    if (performance.now() - t0 < 200) return
    await new Promise((r) => setTimeout(r, 500))
  }
}

function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

async function main() {
  console.log(
    `Ingest benchmark: ${settings.devices} devices, ${settings.viewers} viewers, ${settings.db}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  const target = await prepare()
  const base = target.server.url
  const pid = target.server.process.pid!
  try {
    const cookie = await signIn(base)
    const keys = await registerDevices(base, cookie, settings.devices)
    // The ceiling spreads its requests over more keys, so that no device passes its 20 a second.
    const ceilingKeys = [...keys, ...(await registerDevices(base, cookie, Math.max(0, 500 - keys.length)))]
    const viewers = await openViewers(base, target.fixtures, settings.viewers)
    console.log(`${keys.length} devices registered, ${settings.viewers} viewers subscribed`)

    // Sustained: N devices at one reading a second, viewers measuring delivery.
    const cpu0 = cpuSeconds(pid)
    viewers.start()
    const run = await sustain(base, keys, target.fixtures, settings.seconds)
    await new Promise((r) => setTimeout(r, 1500))
    viewers.stop()
    const cpu = (cpuSeconds(pid) - cpu0) / run.elapsed
    const late = [...viewers.lateness].sort((a, b) => a - b)
    const expected = (run.statuses.get(202) ?? 0) * (settings.viewers / settings.devices)
    const withinSecond = late.filter((ms) => ms <= 1000).length
    viewers.close()

    // Each row starts on a drained server: requests still queued from the previous one would
    // otherwise count against the next.
    await drained(base)
    const read = await cachedRead(base)
    await drained(base)
    const one = await ceiling(base, ceilingKeys, target.fixtures, 1)
    await drained(base)
    const hundred = await ceiling(base, ceilingKeys, target.fixtures, 100)

    const statuses = [...run.statuses].map(([s, n]) => `${s || 'error'}×${n}`).join(', ')
    console.log('\nSustained load')
    console.log(
      `  requests sent            ${run.sent} in ${run.elapsed.toFixed(1)} s (${(run.sent / run.elapsed).toFixed(0)}/s): ${statuses}`,
    )
    console.log(`  ingest latency           p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms`)
    console.log(`  readings delivered       ${late.length} of ${expected} expected to viewers`)
    console.log(
      `  delivery (recordedAt→ws) p50 ${percentile(late, 50)} ms, p99 ${percentile(late, 99)} ms, max ${late.at(-1)} ms; within 1 s: ${((100 * withinSecond) / Math.max(1, expected)).toFixed(2)} %`,
    )
    console.log(`  server CPU               ${(cpu * 100).toFixed(0)} % of one core`)
    console.log(
      `  load average now         ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
    console.log('\nCeiling (same run)')
    console.log('  row                                 req/s  readings/s  p99 ms  non-2xx')
    const row = (
      name: string,
      r: { reqPerSec: number; readingsPerSec?: number; p99: number; non2xx?: number },
    ) =>
      console.log(
        `  ${name.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(6)}  ${(r.readingsPerSec ?? Number.NaN).toFixed(0).padStart(10)}  ${String(r.p99).padStart(6)}  ${String(r.non2xx ?? 0).padStart(7)}`,
      )
    row('GET /api/restaurants (cached read)', read)
    row('POST /api/telemetry, batch of 1', one)
    row('POST /api/telemetry, batch of 100', hundred)
    for (const [name, r] of [
      ['batch of 1', one],
      ['batch of 100', hundred],
    ] as const)
      if (r.statuses) console.log(`  ${name}: non-2xx answers ${r.statuses}`)
  } finally {
    await target.close()
  }
}

void main().catch((error) => {
  console.error(error)
  process.exit(1)
})
