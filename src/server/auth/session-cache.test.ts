import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { demoWorld } from '../../demo/world'
import { buildApp } from '../app'
import { sessions } from '../db/schema'
import type { Bus } from '../infra/bus'
import { createMemoryBus } from '../infra/bus.memory'
import { createRedisBus } from '../infra/bus.redis'
import { buildTestApp, createUser, type TestApp, testConfig } from '../testing/build-test-app'
import { sessionIdOf } from './auth.service'
import { createSessionCache } from './session-cache'

const bus = createMemoryBus()
const app = await buildTestApp({ bus })
/** A second instance: same database, same bus. */
const other = await buildApp({
  world: demoWorld,
  config: testConfig(),
  database: app.testDatabase,
  bus,
  logger: false,
})
afterAll(() => other.close())

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)
const me = (instance: TestApp | typeof other, cookie: string) =>
  instance.inject({ url: '/api/user', headers: { cookie } })

describe('signed-in requests resolve sessions from memory', () => {
  it('answers from memory once the session is known, without reading it again', async () => {
    const diner = await createUser(app)
    expect((await me(app, diner.cookie)).statusCode).toBe(200)
    // Removed behind the app's back: this instance still knows the session (for up to a minute).
    await app.db.delete(sessions).where(eq(sessions.id, sessionIdOf(tokenOf(diner.cookie))))
    expect((await me(app, diner.cookie)).statusCode).toBe(200)
    // An instance that had not seen it reads the database and finds nothing.
    expect((await me(other, diner.cookie)).statusCode).toBe(401)
  })

  it('signs a session out on every instance as soon as it signs out on one', async () => {
    const diner = await createUser(app)
    expect((await me(app, diner.cookie)).statusCode).toBe(200)
    expect((await me(other, diner.cookie)).statusCode).toBe(200)
    const out = await other.inject({ method: 'POST', url: '/api/logout', headers: { cookie: diner.cookie } })
    expect(out.statusCode).toBe(200)
    expect((await me(app, diner.cookie)).statusCode).toBe(401)
    expect((await me(other, diner.cookie)).statusCode).toBe(401)
    expect(
      (await app.inject({ url: `/api/users/${diner.user.id}/wallet-balance`, headers: diner.headers }))
        .statusCode,
    ).toBe(401)
  })

  it('keeps another session of the same diner signed in', async () => {
    const diner = await createUser(app)
    const second = `clearplate_session=${(await app.authRepo.createSession(diner.user.id)).token}`
    await me(app, diner.cookie)
    await me(app, second)
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: diner.cookie } })
    expect((await me(app, diner.cookie)).statusCode).toBe(401)
    expect((await me(app, second)).statusCode).toBe(200)
  })
})

describe('the session cache', () => {
  async function sessionFor(expiresInMs: number) {
    const diner = await createUser(app)
    const id = `s-${randomBytes(6).toString('hex')}`
    await app.db
      .insert(sessions)
      .values({ id, userId: diner.user.id, expiresAt: new Date(Date.now() + expiresInMs) })
    return { id, userId: diner.user.id }
  }

  it('forgets a session when its time is up, without asking the database', async () => {
    let now = Date.now()
    const cache = await createSessionCache({
      bus: createMemoryBus(),
      load: (id) => app.authRepo.findSession(id),
      now: () => now,
    })
    const session = await sessionFor(60 * 60_000)
    expect((await cache.get(session.id))?.userId).toBe(session.userId)
    now += 61 * 60_000
    expect(await cache.get(session.id)).toBeUndefined()
    expect(cache.size()).toBe(0)
  })

  it('reads a remembered session again after the recheck interval', async () => {
    let now = Date.now()
    const cache = await createSessionCache({
      bus: createMemoryBus(),
      load: (id) => app.authRepo.findSession(id),
      recheckMs: 1000,
      now: () => now,
    })
    const session = await sessionFor(60 * 60_000)
    expect(await cache.get(session.id)).toBeDefined()
    await app.db.delete(sessions).where(eq(sessions.id, session.id))
    now += 500
    expect(await cache.get(session.id)).toBeDefined()
    now += 600
    expect(await cache.get(session.id)).toBeUndefined()
  })

  it('does not keep a session that was revoked while it was being read', async () => {
    const session = await sessionFor(60 * 60_000)
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const cache = await createSessionCache({
      bus: createMemoryBus(),
      load: async (id) => {
        const found = await app.authRepo.findSession(id)
        await gate
        return found
      },
    })
    const reading = cache.get(session.id)
    await cache.revoke(session.id)
    release()
    expect(await reading).toBeUndefined()
    expect(cache.size()).toBe(0)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
describe.runIf(redisUrl)('sessions across instances through Redis', () => {
  it('signs out everywhere when two instances share only the database and Redis', async () => {
    const url = `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=test-${randomBytes(4).toString('hex')}:`
    const buses: Bus[] = [await createRedisBus(url), await createRedisBus(url)]
    const [a, b] = await Promise.all(
      buses.map((instanceBus) =>
        buildApp({
          world: demoWorld,
          config: testConfig(),
          database: app.testDatabase,
          bus: instanceBus,
          logger: false,
        }),
      ),
    )
    try {
      const diner = await createUser(app)
      expect((await me(a!, diner.cookie)).statusCode).toBe(200)
      expect((await me(b!, diner.cookie)).statusCode).toBe(200)
      await b!.inject({ method: 'POST', url: '/api/logout', headers: { cookie: diner.cookie } })
      const deadline = Date.now() + 2000
      let status = 200
      while (status === 200 && Date.now() < deadline) {
        status = (await me(a!, diner.cookie)).statusCode
        if (status === 200) await new Promise((r) => setTimeout(r, 10))
      }
      expect(status).toBe(401)
    } finally {
      await a!.close()
      await b!.close()
      await Promise.all(buses.map((x) => x.close()))
    }
  })
})
