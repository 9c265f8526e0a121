import { createHash, randomBytes } from 'node:crypto'

/** Marks a string as a Clearplate device key, so that secret scanners and people recognise it. */
export const DEVICE_KEY_PREFIX = 'cpd_'
const KEY_PATTERN = /^cpd_[A-Za-z0-9_-]{43}$/

/** A new device key: 32 random bytes, URL-safe base64, with a recognisable prefix. */
export function generateDeviceKey(): { key: string; hash: string; last4: string } {
  const key = `${DEVICE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { key, hash: hashDeviceKey(key), last4: key.slice(-4) }
}

/**
 * SHA-256 of the key. The key is 256 random bits, so a fast hash is enough: nothing can be
 * guessed from the stored value, and the lookup stays one indexed read per request.
 */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url')
}

/** The key of an `Authorization: Bearer <key>` header; undefined when there is none. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1]
}

export const looksLikeDeviceKey = (key: string) => KEY_PATTERN.test(key)
