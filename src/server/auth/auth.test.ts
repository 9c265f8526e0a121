import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../db/schema'
import { buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp()

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie
  return header?.split(';')[0] ?? ''
}

describe('accounts and sessions', () => {
  it('registers a diner, signs them in, and answers /api/user with them', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'newdiner',
        password: 'secret123',
        fullName: 'New Diner',
        email: 'New@Example.com',
      },
    })
    expect(res.statusCode).toBe(201)
    const user = res.json()
    expect(user).toMatchObject({
      username: 'newdiner',
      fullName: 'New Diner',
      email: 'new@example.com',
      walletBalance: 0,
    })
    expect(user).not.toHaveProperty('password')
    expect(user).not.toHaveProperty('passwordHash')
    const setCookie = res.headers['set-cookie']
    expect(String(setCookie)).toMatch(/HttpOnly/i)
    expect(String(setCookie)).toMatch(/SameSite=Lax/i)

    const me = await app.inject({ url: '/api/user', headers: { cookie: sessionCookie(setCookie) } })
    expect(me.statusCode).toBe(200)
    expect(me.json().id).toBe(user.id)
  })

  it('refuses a taken username or email with 409 and a message a person understands', async () => {
    const first = {
      username: 'twinname',
      password: 'secret123',
      fullName: 'Twin One',
      email: 'twin@example.com',
    }
    expect((await app.inject({ method: 'POST', url: '/api/register', payload: first })).statusCode).toBe(201)
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...first, username: 'TwinName', email: 'other@example.com' },
    })
    expect(sameName.statusCode).toBe(409)
    expect(sameName.json().message).toBe('That username is already taken')
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...first, username: 'twin2' },
    })
    expect(sameEmail.statusCode).toBe(409)
    expect(sameEmail.json().message).toBe('An account with that email already exists')
  })

  it.each([
    [
      { username: 'ab', password: 'secret123', fullName: 'Some One', email: 'a@b.co' },
      'username',
      'Username must be at least 3 characters',
    ],
    [
      { username: 'abc', password: 'short', fullName: 'Some One', email: 'a@b.co' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { username: 'abc', password: 'secret123', fullName: 'Al', email: 'a@b.co' },
      'fullName',
      'Full name is required',
    ],
    [
      { username: 'abc', password: 'secret123', fullName: 'Some One', email: 'not-an-email' },
      'email',
      'Please enter a valid email address',
    ],
    [
      { password: 'secret123', fullName: 'Some One', email: 'a@b.co' },
      'username',
      'Username must be at least 3 characters',
    ],
  ])('validates registration: %o gives "%s: %s"', async (payload, field, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(res.json().message).toBe(message)
  })

  it('signs in with the right password only, and the demo diner can sign in', async () => {
    const demo = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo', password: 'demo1234' },
    })
    expect(demo.statusCode).toBe(200)
    expect(demo.json()).toMatchObject({ id: 1, username: 'demo' })
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo', password: 'wrong-pass' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe('Invalid username or password')
    const nobody = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'whatever' },
    })
    expect(nobody.statusCode).toBe(401)
  })

  it('clears a diner’s expired sessions when they sign in, keeping the live ones', async () => {
    const diner = await createUser(app)
    await app.db
      .insert(sessions)
      .values({ id: 'expired-session', userId: diner.user.id, expiresAt: new Date(Date.now() - 1000) })
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: diner.user.username, password: diner.password },
    })
    expect(res.statusCode).toBe(200)
    const left = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, diner.user.id))
    expect(left.map((s) => s.id)).not.toContain('expired-session')
    expect(left).toHaveLength(2)
    expect((await app.inject({ url: '/api/user', headers: diner.headers })).statusCode).toBe(200)
  })

  it('validates login fields with the spec messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ab', password: '123' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    })
  })

  it('answers 401 on /api/user when signed out, and logout ends the session', async () => {
    expect((await app.inject({ url: '/api/user' })).statusCode).toBe(401)
    const { headers } = await createUser(app)
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(200)
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers })
    expect(out.statusCode).toBe(200)
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401)
  })

  it('rate-limits repeated sign-in attempts for one username with 429', async () => {
    const payload = { username: 'ratelimited', password: 'wrong-pass' }
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push((await app.inject({ method: 'POST', url: '/api/login', payload })).statusCode)
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true)
    const last = await app.inject({ method: 'POST', url: '/api/login', payload })
    expect(last.statusCode).toBe(429)
    expect(last.json().message).toMatch(/Too many attempts/)
  })

  it('answers unknown API paths and malformed JSON with JSON errors', async () => {
    const missing = await app.inject({ url: '/api/nope' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toMatch(/No route/)
    const bad = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'request.invalid_json',
    })
  })
})
