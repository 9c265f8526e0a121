import { randomBytes } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { SESSION_TTL_MS, sessionIdOf } from './auth.service'
import type { SessionIdentity } from './session-cache'

/** Users and their sessions: every query of sign-in, registration and the session lookup. */
export function createAuthRepository(db: Db) {
  const sessionById = db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('auth_session_by_id')
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id')

  return {
    async findUserByUsername(username: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`)
      return row
    },
    async findUserById(id: number) {
      const [row] = await userById.execute({ id })
      return row
    },
    /** Who a stored session belongs to, while it has not run out. */
    async findSession(id: string): Promise<SessionIdentity | undefined> {
      const [row] = await sessionById.execute({ id })
      return row && { userId: row.userId, expiresAt: row.expiresAt.getTime() }
    },
    async usernameOrEmailTaken(username: string, email: string) {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`)
      return {
        username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      }
    },
    async createUser(input: { username: string; passwordHash: string; email: string; fullName: string }) {
      const [row] = await db.insert(users).values(input).returning()
      return row!
    },
    /** Returns the cookie token; only its hash is stored. */
    async createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
      // Signing in tidies up this user's sessions that have run out.
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())))
      await db.insert(sessions).values({ id: sessionIdOf(token), userId, expiresAt })
      return { token, expiresAt }
    },
    async userForSession(token: string) {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionIdOf(token)), gt(sessions.expiresAt, new Date())))
      return row?.user
    },
    async deleteSession(token: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)))
    },
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
