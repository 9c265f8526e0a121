import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../e2e/support/server'
import { createKitchenEngine } from '../../demo/autopilot'
import { demoWorld } from '../../demo/world'
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { createEngineLock, KITCHEN_LOCK_KEY } from '../kitchen/engine-lock'
import { balanceCents, createUser, type TestApp, testConfig } from '../testing/build-test-app'
import { createMemoryBus } from './bus.memory'

/** The newest PostgreSQL server binaries installed the Debian way, or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
const asRoot = process.getuid?.() === 0
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
}

/**
 * A private PostgreSQL server in a temporary folder on its own port, stopped and started again
 * by the postmaster's pid; the machine's own server is never touched.
 */
async function privatePostgres(bin: string) {
  const dir = mkdtempSync(join(tmpdir(), 'clearplate-pg-'))
  const data = join(dir, 'data')
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const [initdb, initArgs] = command(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ])
  execFileSync(initdb, initArgs, { stdio: 'pipe' })
  const port = await freePort()
  let server: ChildProcess | undefined

  async function start() {
    const [cmd, args] = command(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=40',
    ])
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`postgres did not start: ${out}`)), 30_000)
      let out = ''
      const read = (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('ready to accept connections')) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout!.on('data', read)
      child.stderr!.on('data', read)
      child.once('exit', (code) => reject(new Error(`postgres exited with ${code}: ${out}`)))
    })
    child.removeAllListeners('exit')
    server = child
  }

  /** A fast shutdown of the postmaster (SIGINT): every session is cut, as in a database restart. */
  async function stop() {
    const child = server
    if (!child || child.exitCode !== null) return
    server = undefined
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(pid, 'SIGINT')
    await exited
  }

  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A request that does not answer in 10 s counts as hanging. */
function withoutHanging<T>(request: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    request,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} hung`)), 10_000)),
  ])
}

// The PostgreSQL run of the server suite owns this test (on PGlite there is no server to restart);
// that run exists whenever TEST_DATABASE_URL is set, and CI always sets it.
describe.runIf(process.env.TEST_DB === 'postgres')('the database restarted under a running app', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  })

  it('answers 503 while it is down, reports it in /healthz, and recovers with the kitchen lock re-taken', {
    timeout: 120_000,
  }, async () => {
    const bin = postgresBin()
    if (!bin)
      throw new Error('PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are needed for this test')
    const postgres = await privatePostgres(bin)
    cleanups.push(() => postgres.remove())
    const database = await openDatabase({ url: postgres.url })
    cleanups.push(() => database.close())
    await database.migrate()
    const bus = createMemoryBus()
    const app = (await buildApp({
      world: demoWorld,
      config: testConfig(),
      database,
      bus,
      logger: false,
    })) as unknown as TestApp
    cleanups.push(() => app.close())
    await app.ready()
    const engine = createKitchenEngine({
      db: database.db,
      bus,
      config: testConfig(),
      lock: createEngineLock(database, postgres.url),
      orderStatus: app.orderStatus,
      upsells: app.upsells,
      shouts: app.chef,
    })
    cleanups.push(() => engine.stop())
    engine.start()
    await until(() => engine.driving, 10_000, 'the kitchen engine to take the lock')

    const diner = await createUser(app, { balance: 20 })
    const balanceUrl = `/api/users/${diner.user.id}/wallet-balance`
    const addFunds = (key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/users/${diner.user.id}/wallet/add-funds`,
        headers: { ...diner.headers, 'idempotency-key': key },
        payload: { amount: 5 },
      })
    expect((await app.inject({ url: balanceUrl, headers: diner.headers })).json().balance).toBe(20)
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)

    await postgres.stop()

    // The balance read above is kept in memory until the diner's next movement, and none can
    // happen while the database is away: it still answers, with the same figure.
    const cached = await withoutHanging(
      app.inject({ url: balanceUrl, headers: diner.headers }),
      'the cached balance',
    )
    expect(cached.statusCode).toBe(200)
    expect(cached.json().balance).toBe(20)

    for (const [what, request] of [
      [
        'a signed-in read',
        () => app.inject({ url: `/api/users/${diner.user.id}/orders`, headers: diner.headers }),
      ],
      ['a public read', () => app.inject({ url: '/api/restaurants/424242' })],
      ['a top-up', () => addFunds('top-up-during-outage')],
    ] as const) {
      const res = await withoutHanging(request(), what)
      expect(res.statusCode, `${what}: ${res.body}`).toBe(503)
      expect(res.json()).toEqual({
        message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      })
      expect(res.headers['retry-after']).toBe('5')
    }
    const health = await withoutHanging(app.inject({ url: '/healthz' }), 'healthz')
    expect(health.statusCode).toBe(503)
    expect(health.json()).toMatchObject({ status: 'unavailable', database: { kind: 'postgres', ok: false } })
    await until(() => !engine.driving, 15_000, 'the kitchen engine to notice it lost the lock')

    await postgres.start()

    // The same app, not restarted: its pool reconnects, the retried top-up is charged once.
    await until(
      async () => (await app.inject({ url: '/healthz' })).statusCode === 200,
      15_000,
      'healthz to report the database back',
    )
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ready' })
    expect((await app.inject({ url: balanceUrl, headers: diner.headers })).json().balance).toBe(20)
    const retried = await addFunds('top-up-during-outage')
    expect(retried.statusCode).toBe(200)
    expect((await addFunds('top-up-during-outage')).json()).toEqual(retried.json())
    expect(await balanceCents(app, diner.user.id)).toBe(2500)
    expect((await app.inject({ url: '/api/restaurants/424242' })).statusCode).toBe(404)

    await until(() => engine.driving, 15_000, 'the kitchen engine to take the lock again')
    const held = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
          and ((classid::bigint << 32) | objid::bigint) = ${KITCHEN_LOCK_KEY}::bigint`,
    )
    expect(held.rows[0]?.n).toBe(1)
  })
})
