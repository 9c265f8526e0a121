import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll } from 'vitest'
import webpush from 'web-push'
import { demoWorld } from '../../demo/world'
import { buildApp } from '../app'
import { hashPassword } from '../auth/auth.service'
import { type Config, parseConfig } from '../config'
import type { PgliteTurnsOptions } from '../db/pglite-turns'
import { addresses, users, walletTransactions } from '../db/schema'
import type { Bus } from '../infra/bus'
import { openTestDatabase } from './test-database'

export type TestConfigOverrides = Partial<Omit<Config, 'kitchen' | 'cameras' | 'push' | 'webrtc'>> & {
  kitchen?: Partial<Config['kitchen']>
  webrtc?: Partial<Config['webrtc']>
  push?: Partial<Config['push']>
  cameras?: Partial<Config['cameras']>
}

const testVapidKeys = webpush.generateVAPIDKeys()

/** Port 9 (discard) of this machine, where nothing listens: a connection there is refused at once. */
export const NO_PLATFORM = 'http://127.0.0.1:9'

export function testConfig(overrides: TestConfigOverrides = {}): Config {
  const base = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-000',
  })
  // One switch for every outbound URL: `cameras.allowPrivateHosts` and `outbound` stay the same.
  const allowPrivateHosts =
    overrides.outbound?.allowPrivateHosts ?? overrides.cameras?.allowPrivateHosts ?? false
  return {
    ...base,
    ...overrides,
    // Test apps sign with a key pair of their own, never one written into the data folder.
    push: { ...base.push, vapid: testVapidKeys, ...overrides.push },
    kitchen: { ...base.kitchen, enabled: false, ...overrides.kitchen },
    cameras: { ...base.cameras, enabled: false, ...overrides.cameras, allowPrivateHosts },
    // WebRTC in tests stays on this machine: host candidates on loopback only.
    webrtc: { ...base.webrtc, bindAddress: '127.0.0.1', ...overrides.webrtc },
    outbound: { allowPrivateHosts },
    // The delivery platforms answer on this machine or nowhere: a test that starts no local
    // marketplace (marketplace-fake.ts) has its calls to Uber Eats or DoorDash refused here.
    platforms: overrides.platforms ?? {
      ...base.platforms,
      ubereatsApiUrl: NO_PLATFORM,
      ubereatsAuthUrl: NO_PLATFORM,
      doordashApiUrl: NO_PLATFORM,
    },
    // Pictures drawn once for every test app on the machine, never into the data folder.
    mediaCacheDir: overrides.mediaCacheDir ?? join(tmpdir(), 'clearplate-test-media'),
  }
}

/**
 * The real app on a fresh copy of the migrated, seeded test database (PGlite, or PostgreSQL when
 * TEST_DB=postgres). Closed after the file's tests. The kitchen engine and cameras are off unless
 * asked for.
 */
export async function buildTestApp(
  options: { config?: TestConfigOverrides; bus?: Bus; turns?: PgliteTurnsOptions } = {},
) {
  const database = await openTestDatabase({ turns: options.turns })
  const app = await buildApp({
    world: demoWorld,
    config: testConfig(options.config),
    database,
    bus: options.bus,
    logger: false,
  })
  await app.ready()
  let closed = false
  // Kept before `close` is replaced below, which would otherwise call itself.
  const closeApp = app.close.bind(app)
  const close = async () => {
    if (closed) return
    closed = true
    await closeApp()
    await database.close()
  }
  afterAll(close)
  return Object.assign(app, { close, testDatabase: database })
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>

let counter = 0
let fastHash: Promise<string> | undefined

/** Where test diners live unless told otherwise: downtown Austin, near the seeded restaurants. */
export const TEST_HOME = { latitude: 30.2672, longitude: -97.7431 }

/**
 * A new diner with a session, created directly in the database (registration has its own tests).
 * `balance` is in dollars and is recorded as a deposit, so the ledger adds up. The diner has a
 * default delivery address downtown unless `address: false`.
 */
export async function createUser(
  app: TestApp,
  options: { balance?: number; username?: string; address?: boolean } = {},
) {
  fastHash ??= hashPassword('password123')
  counter++
  const username = options.username ?? `diner_${process.pid}_${counter}_${Date.now().toString(36)}`
  const balanceCents = Math.round((options.balance ?? 0) * 100)
  const [user] = await app.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      fullName: `Test Diner ${counter}`,
      passwordHash: await fastHash,
      walletBalanceCents: balanceCents,
    })
    .returning()
  if (balanceCents > 0) {
    await app.db.insert(walletTransactions).values({
      userId: user!.id,
      amountCents: balanceCents,
      type: 'deposit',
      description: 'Opening balance',
    })
  }
  if (options.address !== false) {
    await app.db.insert(addresses).values({
      userId: user!.id,
      label: 'Home',
      line1: '100 Congress Ave',
      city: 'Austin',
      postcode: '78701',
      ...TEST_HOME,
      isDefault: true,
    })
  }
  const session = await app.authRepo.createSession(user!.id)
  const cookie = `clearplate_session=${session.token}`
  return { user: user!, cookie, headers: { cookie }, password: 'password123' }
}
export type TestUser = Awaited<ReturnType<typeof createUser>>

export async function balanceCents(app: TestApp, userId: number): Promise<number> {
  const [row] = await app.db.select({ b: users.walletBalanceCents }).from(users).where(eq(users.id, userId))
  return row!.b
}
