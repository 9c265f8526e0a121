import { describe, expect, it } from 'vitest'
import { createConcurrencyLimit } from '../infra/limits'
import { buildTestApp, createUser, testConfig } from '../testing/build-test-app'

const app = await buildTestApp({
  config: {
    limits: { ...testConfig().limits, registerPerHour: 3, restaurantsPerDay: 2 },
    cookieSecure: true,
  },
})
const known = await createUser(app)

function signIn(username: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress })
}

let registered = 0
function register(remoteAddress: string) {
  registered++
  const username = `newcomer_${process.pid}_${registered}`
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
