import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../infra/errors'
import { SESSION_COOKIE, sessionIdOf, toUser } from './auth.service'

/** Who is asking. Routes that need more of the user read it themselves. */
export interface SignedInUser {
  id: number
}

const resolved = new WeakMap<FastifyRequest, Promise<SignedInUser | undefined>>()

/**
 * The signed-in user, or undefined. Resolved once per request, only when asked, from this
 * instance's session cache (sessions are read from the database once, then kept until they
 * expire, are revoked on any instance, or a minute has passed).
 */
export function currentUser(request: FastifyRequest): Promise<SignedInUser | undefined> {
  let pending = resolved.get(request)
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE]
    pending = token
      ? request.server.sessions.get(sessionIdOf(token)).then((s) => (s ? { id: s.userId } : undefined))
      : Promise.resolve(undefined)
    resolved.set(request, pending)
  }
  return pending
}

/** The signed-in user, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<SignedInUser> {
  const user = await currentUser(request)
  if (!user) throw unauthorized()
  return user
}

/** The signed-in user when it is `userId` (the `{id}` of `/api/users/{id}/...`); 401 or 403 otherwise. */
export async function requireSelf(request: FastifyRequest, userId: number): Promise<SignedInUser> {
  const user = await requireUser(request)
  if (user.id !== userId) throw forbidden()
  return user
}

export { toUser }
