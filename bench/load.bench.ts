/**
 * The database under load: one real server process per database (PGlite, then PostgreSQL), the
 * kitchen driving a backlog of active orders, and simulated diners who each place an order, tip
 * on it, think, and start again. Each request waits at most 30 s: one without an answer by then
 * counts as unanswered (the diner has given up). The server samples its event-loop delay
 * (`bench/lag-sampler.mjs`, `perf_hooks.monitorEventLoopDelay`) per phase:
 *
 *   kitchen  the kitchen's passes over the backlog, no diners (a /healthz probe every 250 ms)
 *   load     the diners on top of the kitchen
 *
 *   npm run bench:load                                 # 200 diners for 60 s, PGlite and PostgreSQL
 *   npm run bench:load -- --diners 50 --seconds 15     # shorter, while developing
 *
 * Options (or environment): --diners (BENCH_DINERS, 200), --seconds of load (BENCH_SECONDS, 60),
 * --kitchen-seconds without diners (BENCH_KITCHEN_SECONDS, 20), --backlog of active orders before
 * the run (BENCH_BACKLOG, 2000), --think-ms between a diner's rounds (BENCH_THINK_MS, 1000),
 * --db pglite,postgres (BENCH_DB; PostgreSQL from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test, left out when unreachable).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { type RunningServer, startServer } from '../e2e/support/server'
import { seedDemo } from '../src/demo/seed'
import { createAuthRepository } from '../src/server/auth/auth.repository'
import { type Database, openDatabase } from '../src/server/db/client'
import { menuItems, orders, restaurants, users } from '../src/server/db/schema'
import { vapidEnv } from '../src/server/testing/vapid-env'

const { values: args } = parseArgs({
  options: {
    diners: { type: 'string' },
    seconds: { type: 'string' },
    'kitchen-seconds': { type: 'string' },
    backlog: { type: 'string' },
    'think-ms': { type: 'string' },
    db: { type: 'string' },
  },
})
const env = process.env
const settings = {
  diners: Number(args.diners ?? env.BENCH_DINERS ?? 200),
  seconds: Number(args.seconds ?? env.BENCH_SECONDS ?? 60),
  kitchenSeconds: Number(args['kitchen-seconds'] ?? env.BENCH_KITCHEN_SECONDS ?? 20),
  backlog: Number(args.backlog ?? env.BENCH_BACKLOG ?? 2000),
  thinkMs: Number(args['think-ms'] ?? env.BENCH_THINK_MS ?? 1000),
  db: (args.db ?? env.BENCH_DB ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>,
}
const ANSWER_WITHIN_MS = 30_000
/** Long enough that nothing the run places or backs up completes during it. */
const ORDER_SECONDS = 3600
const SAMPLER = fileURLToPath(new URL('./lag-sampler.mjs', import.meta.url))

interface Diner {
  cookie: string
}
interface Dish {
  restaurantId: number
  menuItemId: number
}

/** Diners with money and a session each, and a backlog of active orders in autopilot kitchens. */
async function populate(database: Database): Promise<{ diners: Diner[]; dishes: Dish[] }> {
  const db = database.db
  const dishes = await db
    .select({
      restaurantId: menuItems.restaurantId,
      menuItemId: menuItems.id,
      priceCents: menuItems.priceCents,
      name: menuItems.name,
    })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .where(and(eq(restaurants.kitchenMode, 'autopilot'), eq(menuItems.isAvailable, true)))
  if (dishes.length === 0) throw new Error('The seeded database has no dishes in autopilot kitchens')
  const tag = randomBytes(3).toString('hex')
  const auth = createAuthRepository(db)
  const diners: Diner[] = []
  const userIds: number[] = []
  for (let i = 0; i < settings.diners; i++) {
    const name = `load_${tag}_${i}`
    const [user] = await db
      .insert(users)
      .values({
        username: name,
        email: `${name}@example.com`,
        fullName: `Diner ${i}`,
        passwordHash: 'x',
        walletBalanceCents: 10_000_000,
      })
      .returning({ id: users.id })
    userIds.push(user!.id)
    const { token } = await auth.createSession(user!.id)
    diners.push({ cookie: `clearplate_session=${token}` })
  }
  const now = Date.now()
  for (let start = 0; start < settings.backlog; start += 500) {
    const rows = []
    for (let i = start; i < Math.min(settings.backlog, start + 500); i++) {
      const dish = dishes[i % dishes.length]!
      rows.push({
        userId: userIds[i % userIds.length]!,
        restaurantId: dish.restaurantId,
        status: 'preparing',
        progress: 0,
        // Spread over the first minutes, so passes move some of them from one status to the next.
        kitchenStartedAt: new Date(now - (i % 600) * 1000),
        totalPriceCents: dish.priceCents,
        fulfilment: 'pickup' as const,
        items: [{ menuItemId: dish.menuItemId, name: dish.name, quantity: 1, price: dish.priceCents / 100 }],
      })
    }
    await db.insert(orders).values(rows)
  }
  return { diners, dishes: dishes.map(({ restaurantId, menuItemId }) => ({ restaurantId, menuItemId })) }
}

function serverEnv(lagFile: string) {
  return {
    KITCHEN_ORDER_SECONDS: String(ORDER_SECONDS),
    KITCHEN_TICK_MS: '2000',
    CAMERAS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    BENCH_LAG_FILE: lagFile,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${SAMPLER}`.trim(),
  }
}

interface Prepared {
  server: RunningServer
  diners: Diner[]
  dishes: Dish[]
  lagFile: string
  close(): Promise<void>
}

async function prepare(kind: 'pglite' | 'postgres', adminUrl: string | undefined): Promise<Prepared> {
  const work = mkdtempSync(join(tmpdir(), 'clearplate-load-bench-'))
  const lagFile = join(work, 'lag.jsonl')
  if (kind === 'postgres') {
    const name = `clearplate_load_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(adminUrl!)
    url.pathname = `/${name}`
    const drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
    try {
      const database = await openDatabase({ url: url.toString(), poolSize: 2 })
      await database.migrate()
      await seedDemo(database.db)
      const { diners, dishes } = await populate(database)
      await database.close()
      const server = await startServer({
        ...serverEnv(lagFile),
        DATABASE_URL: url.toString(),
        APP_SECRET: randomBytes(24).toString('base64url'),
        ...vapidEnv(),
      })
      return {
        server,
        diners,
        dishes,
        lagFile,
        async close() {
          await server.stop()
          await drop()
          rmSync(work, { recursive: true, force: true })
        },
      }
    } catch (error) {
      await drop()
      throw error
    }
  }
  const dataDir = join(work, 'data')
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db)
  const { diners, dishes } = await populate(database)
  await database.close()
  const server = await startServer(serverEnv(lagFile), { dataDir })
  return {
    server,
    diners,
    dishes,
    lagFile,
    async close() {
      await server.stop()
      rmSync(work, { recursive: true, force: true })
    },
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

interface Tally {
  latencies: number[]
  ok: number
  failed: Map<number, number>
  unanswered: number
}
const tally = (): Tally => ({ latencies: [], ok: 0, failed: new Map(), unanswered: 0 })

/** One request with the 30 s patience of a diner; returns the JSON body when it succeeded. */
async function timed(t: Tally, url: string, init: RequestInit): Promise<unknown> {
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })
    const body = await res.json().catch(() => undefined)
    t.latencies.push(performance.now() - started)
    if (res.ok) {
      t.ok++
      return body
    }
    t.failed.set(res.status, (t.failed.get(res.status) ?? 0) + 1)
  } catch {
    t.unanswered++
  }
  return undefined
}

/** /healthz every 250 ms while `running()`. */
async function probeHealth(base: string, running: () => boolean): Promise<Tally> {
  const t = tally()
  while (running()) {
    await timed(t, `${base}/healthz`, {})
    await new Promise((r) => setTimeout(r, 250))
  }
  return t
}

async function setPhase(lagFile: string, phase: string, previous?: string) {
  writeFileSync(`${lagFile}.phase`, phase)
  // The sampler looks every 100 ms, when the server's event loop lets it.
  const deadline = Date.now() + 30_000
  do await new Promise((r) => setTimeout(r, 100))
  while (
    previous &&
    Date.now() < deadline &&
    !(existsSync(lagFile) && readFileSync(lagFile, 'utf8').includes(`"phase":"${previous}"`))
  )
}

function lagOf(lagFile: string, phase: string): { p50: number; p99: number; max: number } {
  const lines = readFileSync(lagFile, 'utf8').trim().split('\n')
  const found = lines.map((l) => JSON.parse(l)).find((r) => r.phase === phase)
  return found ?? { p50: Number.NaN, p99: Number.NaN, max: Number.NaN }
}

async function runOne(kind: 'pglite' | 'postgres', adminUrl: string | undefined) {
  console.log(`\n${kind}: preparing ${settings.diners} diners and ${settings.backlog} active orders...`)
  const prepared = await prepare(kind, adminUrl)
  const base = prepared.server.url
  try {
    // Kitchen only: its passes over the backlog.
    await setPhase(prepared.lagFile, 'kitchen')
    let kitchenRunning = true
    const kitchenHealth = probeHealth(base, () => kitchenRunning)
    await new Promise((r) => setTimeout(r, settings.kitchenSeconds * 1000))
    kitchenRunning = false
    const kitchen = await kitchenHealth

    // Diners on top.
    await setPhase(prepared.lagFile, 'load', 'kitchen')
    const placed = tally()
    const tipped = tally()
    const deadline = Date.now() + settings.seconds * 1000
    let loadRunning = true
    const loadHealth = probeHealth(base, () => loadRunning)
    await Promise.all(
      prepared.diners.map(async (diner, index) => {
        const headers = { 'content-type': 'application/json', cookie: diner.cookie }
        // Spread the first requests over a second, as diners do not all click at once.
        await new Promise((r) => setTimeout(r, (index * 1000) / prepared.diners.length))
        while (Date.now() < deadline) {
          const dish = prepared.dishes[Math.floor(Math.random() * prepared.dishes.length)]!
          const order = (await timed(placed, `${base}/api/orders`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
            body: JSON.stringify({
              restaurantId: dish.restaurantId,
              items: [{ menuItemId: dish.menuItemId, quantity: 1 }],
              fulfilment: 'pickup',
            }),
          })) as { id: number } | undefined
          if (order && Date.now() < deadline)
            await timed(tipped, `${base}/api/orders/${order.id}/tip-chef`, {
              method: 'POST',
              headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
              body: JSON.stringify({ amount: 1, message: 'Thanks!' }),
            })
          await new Promise((r) => setTimeout(r, settings.thinkMs * (0.5 + Math.random())))
        }
      }),
    )
    loadRunning = false
    const load = await loadHealth
    await setPhase(prepared.lagFile, 'done', 'load')
    // Nothing completes during the run: the backlog and every order placed are active.
    const active = String(settings.backlog + placed.ok)
    return {
      kind,
      kitchen: { lag: lagOf(prepared.lagFile, 'kitchen'), health: kitchen },
      load: { lag: lagOf(prepared.lagFile, 'load'), health: load, placed, tipped },
      active,
    }
  } finally {
    await prepared.close()
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

const adminUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const kinds: Array<'pglite' | 'postgres'> = []
for (const kind of settings.db) {
  if (kind === 'postgres' && !(await reachable(adminUrl))) {
    console.log(`PostgreSQL at ${adminUrl} is not reachable: left out`)
    continue
  }
  kinds.push(kind)
}
console.log(
  `${settings.diners} diners for ${settings.seconds} s (think ${settings.thinkMs} ms), ${settings.backlog} active orders, ` +
    `kitchen alone ${settings.kitchenSeconds} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
)
const results = []
for (const kind of kinds) results.push(await runOne(kind, adminUrl))

const ms = (n: number) =>
  Number.isNaN(n) ? '-' : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`
const failures = (t: Tally) => [...t.failed].map(([status, count]) => `${count}x${status}`).join(' ') || '0'
const rows: string[][] = [
  ['', ...results.map((r) => r.kind)],
  [
    'kitchen alone: event-loop lag p99 / max',
    ...results.map((r) => `${ms(r.kitchen.lag.p99)} / ${ms(r.kitchen.lag.max)}`),
  ],
  [
    'kitchen alone: /healthz p99 / max',
    ...results.map(
      (r) =>
        `${ms(percentile(r.kitchen.health.latencies, 99))} / ${ms(Math.max(...r.kitchen.health.latencies))}`,
    ),
  ],
  ['load: event-loop lag p99 / max', ...results.map((r) => `${ms(r.load.lag.p99)} / ${ms(r.load.lag.max)}`)],
  [
    'load: orders placed / refused / unanswered',
    ...results.map((r) => `${r.load.placed.ok} / ${failures(r.load.placed)} / ${r.load.placed.unanswered}`),
  ],
  [
    'load: order p50 / p99',
    ...results.map(
      (r) =>
        `${ms(percentile(r.load.placed.latencies, 50))} / ${ms(percentile(r.load.placed.latencies, 99))}`,
    ),
  ],
  [
    'load: tips sent / refused / unanswered',
    ...results.map((r) => `${r.load.tipped.ok} / ${failures(r.load.tipped)} / ${r.load.tipped.unanswered}`),
  ],
  [
    'load: tip p50 / p99',
    ...results.map(
      (r) =>
        `${ms(percentile(r.load.tipped.latencies, 50))} / ${ms(percentile(r.load.tipped.latencies, 99))}`,
    ),
  ],
  [
    'load: /healthz p99 / unanswered',
    ...results.map((r) => `${ms(percentile(r.load.health.latencies, 99))} / ${r.load.health.unanswered}`),
  ],
  ['active orders at the end', ...results.map((r) => r.active)],
]
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
console.log('')
for (const [index, row] of rows.entries()) {
  console.log(
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  )
  if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
