import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../infra/errors'
import { SESSION_COOKIE, toUser } from './auth.service'

type SessionUser = NonNullable<Awaited<ReturnType<FastifyRequest['server']['authRepo']['userForSession']>>>
const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>()

/** The signed-in user's row, or undefined. Looked up once per request, only when asked. */
export function currentUser(request: FastifyRequest): Promise<SessionUser | undefined> {
  let pending = resolved.get(request)
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE]
    pending = token ? request.server.authRepo.userForSession(token) : Promise.resolve(undefined)
    resolved.set(request, pending)
  }
  return pending
}

/** The signed-in user, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request)
  if (!user) throw unauthorized()
  return user
}

/** The signed-in user when it is `userId` (the `{id}` of `/api/users/{id}/...`); 401 or 403 otherwise. */
export async function requireSelf(request: FastifyRequest, userId: number): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.id !== userId) throw forbidden()
  return user
}

export { toUser }
