import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loginSchema, registerSchema, userSchema } from '../../shared/schemas/auth'
import { conflict, tooManyRequests, unauthorized } from '../infra/errors'
import { createAttemptCounter } from '../infra/limits'
import { signedIn, userOf } from './access'
import { SIGN_IN_BUSY_RETRY_SECONDS, signInBusy } from './auth.errors'
import {
  DEVICE_COOKIE,
  DEVICE_TTL_MS,
  deviceToken,
  dummyPasswordHash,
  isKnownDevice,
  passwordHashing,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionIdOf,
  toUser,
  tryHashPassword,
  tryVerifyPassword,
} from './auth.service'

const LOGIN_LIMIT = { max: 10, timeWindow: '1 minute' }

/** Rate-limit key: the client's address and the username it tries. */
function limitKey(request: { ip: string; body?: unknown }) {
  const username = (request.body as { username?: unknown } | undefined)?.username
  return `${request.ip}|${typeof username === 'string' ? username.toLowerCase() : ''}`
}

const FIFTEEN_MINUTES = 15 * 60_000

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.authRepo
  const { limits, cookieSecure } = app.config
  /** Failed sign-ins per address, whatever usernames it tries; successes do not count. */
  const failedSignIns = createAttemptCounter({
    max: limits.loginFailuresPerAddress,
    windowMs: FIFTEEN_MINUTES,
  })
  /** Accounts created per address. */
  const registrations = createAttemptCounter({ max: limits.registerPerHour, windowMs: 60 * 60_000 })

  const refuseWhenExhausted = (
    counter: ReturnType<typeof createAttemptCounter>,
    key: string,
    reply: FastifyReply,
    what: string,
  ) => {
    if (!counter.exhausted(key)) return
    const seconds = counter.retryAfterSeconds(key)
    reply.header('retry-after', String(seconds))
    throw tooManyRequests(`${what} Please try again in ${Math.ceil(seconds / 60)} minutes.`)
  }

  const busy = (reply: FastifyReply) => {
    reply.header('retry-after', String(SIGN_IN_BUSY_RETRY_SECONDS))
    return signInBusy()
  }
  /** The hash, or 429 with Retry-After when every hashing slot is taken (nothing is done then). */
  const inHashingSlot = <T>(pending: Promise<T> | undefined, reply: FastifyReply): Promise<T> => {
    if (pending) return pending
    throw busy(reply)
  }
  /**
   * 429 before anything is read (the body, the database) when every open slot is taken and
   * nothing asks for the slot kept for known browsers: a flood's refusals cost as little as can be.
   */
  const refuseWhenNoSlot = (reply: FastifyReply, knownBrowser: boolean) => {
    if (!knownBrowser && !passwordHashing.openFree) throw busy(reply)
  }

  // COOKIE_SECURE forces the flag; otherwise Secure when the request came over HTTPS, as judged
  // with TRUST_PROXY (X-Forwarded-Proto behind a proxy).
  const setSessionCookie = (reply: FastifyReply, token: string, https: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure ?? https,
      maxAge: SESSION_TTL_MS / 1000,
    })
  /** This browser has signed in to the account: its next sign-ins use the slot kept for known devices. */
  const setDeviceCookie = (reply: FastifyReply, user: { id: number; passwordHash: string }, https: boolean) =>
    reply.setCookie(DEVICE_COOKIE, deviceToken(user), {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure ?? https,
      maxAge: DEVICE_TTL_MS / 1000,
    })

  app.post(
    '/register',
    {
      onRequest: async (_request, reply) => refuseWhenNoSlot(reply, false),
      config: { rateLimit: { ...LOGIN_LIMIT, keyGenerator: limitKey } },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const input = request.body
      refuseWhenExhausted(registrations, request.ip, reply, 'Too many new accounts from this address.')
      const taken = await repo.usernameOrEmailTaken(input.username, input.email)
      if (taken.username)
        throw conflict('That username is already taken', { username: 'That username is already taken' })
      if (taken.email)
        throw conflict('An account with that email already exists', {
          email: 'An account with that email already exists',
        })
      const passwordHash = await inHashingSlot(tryHashPassword(input.password, 'open'), reply)
      const row = await repo
        .createUser({ username: input.username, passwordHash, email: input.email, fullName: input.fullName })
        .catch((error: unknown) => {
          // Two registrations racing for the same name: the unique index decides.
          if (
            String(
              (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
            ) === '23505'
          )
            throw conflict('That username or email is already taken')
          throw error
        })
      registrations.record(request.ip)
      const session = await repo.createSession(row.id)
      setSessionCookie(reply, session.token, request.protocol === 'https')
      setDeviceCookie(reply, row, request.protocol === 'https')
      return reply.code(201).send(toUser(row))
    },
  )

  app.post(
    '/login',
    {
      onRequest: async (request, reply) =>
        refuseWhenNoSlot(reply, request.cookies[DEVICE_COOKIE] !== undefined),
      config: { rateLimit: { ...LOGIN_LIMIT, keyGenerator: limitKey } },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body
      refuseWhenExhausted(failedSignIns, request.ip, reply, 'Too many failed sign-ins from this address.')
      const row = await repo.findUserByUsername(username)
      const lane = row && isKnownDevice(request.cookies[DEVICE_COOKIE], row) ? 'known-device' : 'open'
      const stored = row?.passwordHash ?? (await dummyPasswordHash())
      const ok = await inHashingSlot(tryVerifyPassword(password, stored, lane), reply)
      if (!row || !ok) {
        failedSignIns.record(request.ip)
        throw unauthorized('Invalid username or password')
      }
      const session = await repo.createSession(row.id)
      setSessionCookie(reply, session.token, request.protocol === 'https')
      setDeviceCookie(reply, row, request.protocol === 'https')
      return toUser(row)
    },
  )

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE]
      if (token) {
        await repo.deleteSession(token)
        await app.sessions.revoke(sessionIdOf(token))
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      return { message: 'Logged out' }
    },
  )

  app.get(
    '/user',
    { ...signedIn, schema: { tags: ['auth'], response: { 200: userSchema } } },
    async (request) => {
      const row = await repo.findUserById(userOf(request).id)
      if (!row) throw unauthorized()
      return toUser(row)
    },
  )
}
