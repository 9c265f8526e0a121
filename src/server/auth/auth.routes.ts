import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loginSchema, registerSchema, userSchema } from '../../shared/schemas/auth'
import { conflict, unauthorized } from '../infra/errors'
import { requireUser } from './auth.guard'
import {
  dummyPasswordHash,
  hashPassword,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionIdOf,
  toUser,
  verifyPassword,
} from './auth.service'

const LOGIN_LIMIT = { max: 10, timeWindow: '1 minute' }

/** Rate-limit key: the client's address and the username it tries. */
function limitKey(request: { ip: string; body?: unknown }) {
  const username = (request.body as { username?: unknown } | undefined)?.username
  return `${request.ip}|${typeof username === 'string' ? username.toLowerCase() : ''}`
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.authRepo

  const setSessionCookie = (reply: FastifyReply, token: string, secure: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_TTL_MS / 1000,
    })

  app.post(
    '/register',
    {
      config: { rateLimit: { ...LOGIN_LIMIT, keyGenerator: limitKey } },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const input = request.body
      const taken = await repo.usernameOrEmailTaken(input.username, input.email)
      if (taken.username)
        throw conflict('That username is already taken', { username: 'That username is already taken' })
      if (taken.email)
        throw conflict('An account with that email already exists', {
          email: 'An account with that email already exists',
        })
      const passwordHash = await hashPassword(input.password)
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
      const session = await repo.createSession(row.id)
      setSessionCookie(reply, session.token, request.protocol === 'https')
      return reply.code(201).send(toUser(row))
    },
  )

  app.post(
    '/login',
    {
      config: { rateLimit: { ...LOGIN_LIMIT, keyGenerator: limitKey } },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body
      const row = await repo.findUserByUsername(username)
      const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()))
      if (!row || !ok) throw unauthorized('Invalid username or password')
      const session = await repo.createSession(row.id)
      setSessionCookie(reply, session.token, request.protocol === 'https')
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

  app.get('/user', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (request) => {
    const row = await repo.findUserById((await requireUser(request)).id)
    if (!row) throw unauthorized()
    return toUser(row)
  })
}
