import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import type { Config } from '../config'

export const VAPID_KEYS_FILE = 'vapid-keys.json'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/**
 * The key pair that signs every push (VAPID, RFC 8292). VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when
 * set (required with DATABASE_URL: browsers subscribed with one public key, and every instance must
 * sign with its private half); otherwise a pair generated once into the data folder, readable by
 * this user only, and reused on every start, like the app secret.
 */
export function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir'>): VapidKeys {
  const subject = config.push.subject
  if (config.push.vapid) return { ...config.push.vapid, subject }
  const path = join(config.dataDir, VAPID_KEYS_FILE)
  const existing = readKeysFile(path)
  if (existing) return { ...existing, subject }
  mkdirSync(config.dataDir, { recursive: true })
  const keys = webpush.generateVAPIDKeys()
  try {
    writeFileSync(path, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' })
    return { ...keys, subject }
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ...readKeysFile(path)!, subject }
    throw error
  }
}

function readKeysFile(path: string): { publicKey: string; privateKey: string } | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown }
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`${path} must hold {"publicKey", "privateKey"}`)
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
}
