import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { runAs } from '../db/pglite-turns'
import { sessions, users } from '../db/schema'
import { createConcurrencyLimit } from '../infra/limits'
import { buildTestApp, createUser, testConfig } from '../testing/build-test-app'
import { DEVICE_COOKIE, OPEN_HASHING_SLOTS, passwordHashing } from './auth.service'

/** The clock by which the embedded database judges how long requests have been in flight. */
let databaseClockMs = 1_000_000
const app = await buildTestApp({
  config: {
    limits: { ...testConfig().limits, registerPerHour: 3, restaurantsPerDay: 2 },
    cookieSecure: true,
  },
  turns: { now: () => databaseClockMs, maxWaitMs: 5000, minInFlight: 1 },
})
const known = await createUser(app)

function signIn(username: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress })
}

let registered = 0
function register(remoteAddress: string, username = `newcomer_${process.pid}_${++registered}`) {
  return app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress,
    payload: { username, password: 'secret123', fullName: 'New Comer', email: `${username}@example.com` },
  })
}

describe('sign-in failures per address', () => {
  it('answers 429 once one address has failed 20 times, whatever usernames it tried', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++)
      statuses.push((await signIn(`victim_${i}`, 'secret123', '10.0.0.1')).statusCode)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(statuses.slice(20)).toEqual(Array(20).fill(429))
    const refused = await signIn(known.user.username, known.password, '10.0.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json().message).toMatch(/Too many failed sign-ins from this address/)
    // Another address signs in as usual.
    expect((await signIn(known.user.username, known.password, '10.0.0.2')).statusCode).toBe(200)
  })

  it('does not count successful sign-ins', async () => {
    for (let i = 0; i < 19; i++)
      expect((await signIn(`nobody_${i}`, 'secret123', '10.0.1.1')).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) {
      const ok = await signIn(known.user.username, known.password, '10.0.1.1')
      expect(ok.statusCode).toBe(200)
    }
    expect((await signIn('nobody_last', 'secret123', '10.0.1.1')).statusCode).toBe(401)
    expect((await signIn('nobody_after', 'secret123', '10.0.1.1')).statusCode).toBe(429)
  })
})

describe('registrations per address', () => {
  it('creates REGISTER_LIMIT_PER_HOUR accounts from one address, then answers 429 and creates nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await register('10.0.2.1')).statusCode)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    expect((await register('10.0.2.2')).statusCode).toBe(201)
  })
})

describe('restaurants per user', () => {
  it('lets one user create RESTAURANTS_PER_DAY restaurants a day, then answers 429', async () => {
    const owner = await createUser(app)
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/restaurants',
        headers: owner.headers,
        payload: {
          name: 'Corner Bistro',
          description: 'Small plates from an open kitchen.',
          cuisine: 'French',
          address: '5 Corner Street, Austin',
          priceRange: '$$',
        },
      })
    expect([(await create()).statusCode, (await create()).statusCode, (await create()).statusCode]).toEqual([
      201, 201, 429,
    ])
  })
})

describe('the session cookie', () => {
  it('is Secure when COOKIE_SECURE says so, also over plain HTTP', async () => {
    const res = await signIn(known.user.username, known.password, '10.0.3.1')
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/)
  })
})

describe('password hashing', () => {
  it('runs at most two hashes at once; the rest wait their turn', async () => {
    const limit = createConcurrencyLimit(2)
    let peak = 0
    const task = () =>
      limit.run(async () => {
        peak = Math.max(peak, limit.running)
        await new Promise((r) => setTimeout(r, 5))
      })
    await Promise.all(Array.from({ length: 8 }, task))
    expect(peak).toBe(2)
    expect(limit.running).toBe(0)
  })
})

describe('password hashing slots under a flood', () => {
  /** Takes every open hashing slot, as a flood of sign-ins would, until the returned function runs. */
  function holdOpenSlots() {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const held = Array.from({ length: OPEN_HASHING_SLOTS }, () => passwordHashing.open.tryRun(() => gate))
    expect(held.every((h) => h !== undefined)).toBe(true)
    expect(passwordHashing.open.free).toBe(false)
    return async () => {
      release()
      await Promise.all(held)
    }
  }
  const sessionCount = async (userId: number) =>
    Number(
      (
        await app.db.select({ n: sql<number>`count(*)` }).from(sessions).where(eq(sessions.userId, userId))
      )[0]!.n,
    )
  const cookieOf = (res: { headers: Record<string, unknown> }, name: string) =>
    String(res.headers['set-cookie'] ?? '')
      .split(/,(?=\s*\w+=)/)
      .map((c) => c.trim().split(';')[0]!)
      .find((c) => c.startsWith(`${name}=`))

  it('answers 429 with Retry-After when every slot is taken, and creates or changes nothing', async () => {
    const username = `flooded_${process.pid}`
    const sessionsBefore = await sessionCount(known.user.id)
    const release = holdOpenSlots()
    try {
      const refusedRegistration = await register('10.0.4.1', username)
      expect(refusedRegistration.statusCode).toBe(429)
      expect(refusedRegistration.headers['retry-after']).toBe('2')
      expect(refusedRegistration.json().message).toMatch(/Too many sign-ins at this moment/)
      expect(refusedRegistration.headers['set-cookie']).toBeUndefined()

      const refusedSignIn = await signIn(known.user.username, known.password, '10.0.4.2')
      expect(refusedSignIn.statusCode).toBe(429)
      expect(refusedSignIn.headers['retry-after']).toBe('2')
      expect(refusedSignIn.headers['set-cookie']).toBeUndefined()
    } finally {
      await release()
    }
    // Nothing was created: no account, no session; the refusals did not count as failures.
    expect(await app.db.select().from(users).where(eq(users.username, username))).toEqual([])
    expect(await sessionCount(known.user.id)).toBe(sessionsBefore)
    for (let i = 0; i < 19; i++)
      expect((await signIn(`nobody_${i}`, 'secret123', '10.0.4.2')).statusCode).toBe(401)

    // With the slots free again the same requests succeed.
    expect((await register('10.0.4.1', username)).statusCode).toBe(201)
    expect((await signIn(known.user.username, known.password, '10.0.4.2')).statusCode).toBe(200)
    expect(await sessionCount(known.user.id)).toBe(sessionsBefore + 1)
  })

  it('keeps a slot for a browser that signed in to the account before', async () => {
    const first = await signIn(known.user.username, known.password, '10.0.5.1')
    expect(first.statusCode).toBe(200)
    const device = cookieOf(first, DEVICE_COOKIE)
    expect(device).toBeDefined()
    expect(String(first.headers['set-cookie'])).toMatch(
      /clearplate_device=[^;]+; Max-Age=\d+; Path=\/api\/login; HttpOnly; Secure; SameSite=Lax/,
    )
    const withCookie = (cookie: string | undefined, password = known.password) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: known.user.username, password },
        remoteAddress: '10.0.5.2',
        headers: cookie ? { cookie } : {},
      })

    const release = holdOpenSlots()
    try {
      expect((await withCookie(device)).statusCode).toBe(200)
      // The known slot still checks the password.
      expect((await withCookie(device, 'wrong-password')).statusCode).toBe(401)
      expect((await withCookie(undefined)).statusCode).toBe(429)
      // A forged or altered cookie, or another account's, gets no slot.
      const [id, expires] = device!.slice(DEVICE_COOKIE.length + 1).split('.')
      expect((await withCookie(`${DEVICE_COOKIE}=${id}.${expires}.forged`)).statusCode).toBe(429)
      expect(
        (await withCookie(`${DEVICE_COOKIE}=${id}.${Number(expires) + 1}.${device!.split('.')[2]}`))
          .statusCode,
      ).toBe(429)
      const other = await createUser(app)
      const theirs = cookieOf(await signIn(other.user.username, other.password, '10.0.5.3'), DEVICE_COOKIE)
      expect((await withCookie(theirs)).statusCode).toBe(429)
    } finally {
      await release()
    }
  })

  it('starts no open hash while a known device is hashing, and opens again when it is done', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const held = passwordHashing.knownDevice.tryRun(() => gate)
    expect(held).toBeDefined()
    expect(passwordHashing.open.free).toBe(true)
    expect(passwordHashing.openFree).toBe(false)
    try {
      const refused = await signIn(known.user.username, known.password, '10.0.7.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('2')
    } finally {
      release()
      await held
    }
    expect(passwordHashing.openFree).toBe(true)
    expect((await signIn(known.user.username, known.password, '10.0.7.1')).statusCode).toBe(200)
  })

  it.skipIf(!app.database.turns)(
    'refuses an unknown browser at once when every open slot is taken, without asking the database',
    async () => {
      const first = await signIn(known.user.username, known.password, '10.0.6.1')
      const device = cookieOf(first, DEVICE_COOKIE)!
      // The embedded database behind on its requests: any request that asks it now gets a 503.
      const asker = app.database.turns!.request()
      let letGo = () => {}
      let started = () => {}
      const inside = new Promise<void>((resolve) => {
        started = resolve
      })
      const holding = runAs(asker, () =>
        app.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`)
          started()
          await new Promise<void>((resolve) => {
            letGo = resolve
          })
        }),
      )
      await inside
      databaseClockMs += 6000
      const release = holdOpenSlots()
      try {
        // 429, not 503: refused before the account was read.
        expect((await signIn(known.user.username, known.password, '10.0.6.2')).statusCode).toBe(429)
        expect((await register('10.0.6.3')).statusCode).toBe(429)
        // A known browser's sign-in reads the account for its slot: here the busy database refuses it.
        const knownBrowser = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: known.user.username, password: known.password },
          remoteAddress: '10.0.6.4',
          headers: { cookie: device },
        })
        expect(knownBrowser.statusCode).toBe(503)
      } finally {
        await release()
        letGo()
        await holding
        app.database.turns!.finish(asker)
      }
    },
  )
})
