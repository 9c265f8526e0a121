import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { toDollars } from '../../shared/money'
import type { User } from '../../shared/schemas/auth'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { createConcurrencyLimit } from '../infra/limits'
import type { SessionIdentity } from './session-cache'

const scryptAsync = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>

/**
 * scrypt runs on libuv's thread pool (4 threads), which file reads, DNS and compression share.
 * Two hashes at a time leave the rest free, so a burst of sign-ins queues behind itself instead
 * of slowing every other request.
 */
export const passwordHashing = createConcurrencyLimit(2)
const scrypt = (password: string, salt: Buffer, keylen: number, options: object) =>
  passwordHashing.run(() => scryptAsync(password, salt, keylen, options))

/** scrypt, N=2^15, r=8, p=1: about 32 MiB and ~50 ms per hash. */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
export const SESSION_COOKIE = 'clearplate_session'

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, SCRYPT)
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash to compare against when the username does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password')
  return dummyHash
}

/** The stored id of a session: the SHA-256 of its cookie token. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url')

export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    avatar: row.avatar,
    walletBalance: toDollars(row.walletBalanceCents),
  }
}

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
