import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { promisify } from 'node:util'
import { toDollars } from '../../shared/money'
import type { User } from '../../shared/schemas/auth'
import type { users } from '../db/schema'
import { createConcurrencyLimit } from '../infra/limits'

const scryptAsync = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>

/**
 * Hashes anyone may start at once: one core fewer than the machine has, so that a flood keeping
 * every open slot busy leaves a core for the event loop and for the account's owner; at most two,
 * as scrypt runs on libuv's thread pool (4 threads), which file reads, DNS and compression share.
 */
export const OPEN_HASHING_SLOTS = Math.min(2, Math.max(1, availableParallelism() - 1))

/**
 * Requests hash in slots and never queue for one: OPEN_HASHING_SLOTS are open to anyone, and one
 * more is kept for a sign-in from a device the account has signed in on before (a signed device
 * cookie), so a flood of failing sign-ins from many addresses is answered 429 at once instead of
 * queueing, and the account's owner still gets through. Work of the server's own (the seed, the
 * dummy hash) waits for an open slot.
 */
export const passwordHashing = {
  open: createConcurrencyLimit(OPEN_HASHING_SLOTS),
  knownDevice: createConcurrencyLimit(1),
  /**
   * Whether a sign-in from anyone may start a hash now: an open slot is free and no known device's
   * hash is running. While the account's owner hashes, the open slots start nothing new, so on a
   * small machine their hash does not share the cores with a flood's (on two cores it did: 629 ms
   * p99 instead of about 190).
   */
  get openFree() {
    return this.open.free && this.knownDevice.running === 0
  },
}
export type HashingLane = 'open' | 'known-device'

/**
 * A hash in a free slot of `lane` (a known device falls back to the open slots), undefined when
 * there is none; `lane` undefined waits for an open slot.
 */
function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
  lane: HashingLane | undefined,
): Promise<Buffer> | undefined {
  const task = () => scryptAsync(password, salt, keylen, options)
  if (!lane) return passwordHashing.open.run(task)
  if (lane === 'known-device')
    return passwordHashing.knownDevice.tryRun(task) ?? passwordHashing.open.tryRun(task)
  return passwordHashing.openFree ? passwordHashing.open.tryRun(task) : undefined
}

/** scrypt, N=2^15, r=8, p=1: about 32 MiB and ~50 ms per hash. */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
export const SESSION_COOKIE = 'clearplate_session'

/** Waits for a hashing slot: for the server's own work (the seed, fixtures). */
export async function hashPassword(password: string): Promise<string> {
  return (await tryHashPassword(password, undefined))!
}

/** The hash in a free slot of `lane`; undefined when every slot is taken (nothing was done). */
export function tryHashPassword(
  password: string,
  lane: HashingLane | undefined,
): Promise<string> | undefined {
  const salt = randomBytes(16)
  const key = scrypt(password, salt, KEY_LENGTH, SCRYPT, lane)
  return key?.then(
    (k) =>
      `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${k.toString('base64url')}`,
  )
}

/** Whether `password` matches `stored`, in a free slot of `lane`; undefined when every slot is taken. */
export function tryVerifyPassword(
  password: string,
  stored: string,
  lane: HashingLane,
): Promise<boolean> | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return Promise.resolve(false)
  const expected = Buffer.from(key, 'base64url')
  const actual = scrypt(
    password,
    Buffer.from(salt, 'base64url'),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem },
    lane,
  )
  return actual?.then((a) => a.length === expected.length && timingSafeEqual(a, expected))
}

/**
 * A device cookie: proof that this browser signed in to the account before. Signed with the
 * account's stored password hash (secret, shared by every instance, and void once the password
 * changes); it only moves the account's sign-ins to the slot kept for known devices.
 */
export const DEVICE_COOKIE = 'clearplate_device'
export const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000
const deviceMac = (userId: number, expires: number, passwordHash: string) =>
  createHmac('sha256', passwordHash).update(`device:${userId}:${expires}`).digest('base64url')

export function deviceToken(user: { id: number; passwordHash: string }, now = Date.now()): string {
  const expires = Math.floor((now + DEVICE_TTL_MS) / 1000)
  return `${user.id}.${expires}.${deviceMac(user.id, expires, user.passwordHash)}`
}

export function isKnownDevice(
  token: string | undefined,
  user: { id: number; passwordHash: string },
  now = Date.now(),
): boolean {
  const [id, expires, mac] = (token ?? '').split('.')
  if (!id || !expires || !mac || Number(id) !== user.id || Number(expires) * 1000 < now) return false
  const expected = Buffer.from(deviceMac(user.id, Number(expires), user.passwordHash))
  const given = Buffer.from(mac)
  return given.length === expected.length && timingSafeEqual(given, expected)
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
