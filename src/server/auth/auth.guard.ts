import type { FastifyRequest } from 'fastify'
import { SESSION_COOKIE, sessionIdOf, toUser } from './auth.service'

/**
 * Who is asking, if anyone. Routes that require a user say so in their options (`access.ts`).
 */
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

export { toUser }
