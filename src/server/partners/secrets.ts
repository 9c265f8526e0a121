import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'

const VERSION = 'v1'
const IV_BYTES = 12
const MIN_SECRET_LENGTH = 32
export const APP_SECRET_FILE = 'app-secret'

/**
 * APP_SECRET when set; otherwise a random secret generated once into the data folder (readable
 * by this user only) and reused on every start. Several instances sharing one database must all
 * be given the same APP_SECRET.
 */
export function loadAppSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret
  const path = join(config.dataDir, APP_SECRET_FILE)
  const existing = readSecretFile(path)
  if (existing !== undefined) return existing
  mkdirSync(config.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(path)!
    throw error
  }
}

function readSecretFile(path: string): string | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (text.length < MIN_SECRET_LENGTH)
    throw new Error(`${path} must hold at least ${MIN_SECRET_LENGTH} characters`)
  return text
}

/**
 * AES-256-GCM for secrets stored in the database. The key is derived from the app secret with
 * HKDF; the field name is bound as associated data, so a value copied into another column does
 * not decrypt. Format: `v1:<iv>:<tag>:<ciphertext>`, each base64.
 */
export interface SecretBox {
  seal(plaintext: string, field: string): string
  open(sealed: string, field: string): string
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'clearplate', 'integration-secrets/v1', 32))
  return {
    seal(plaintext, field) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(field))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':')
    },
    open(sealed, field) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split(':')
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0)
        throw new Error('Not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      decipher.setAAD(Buffer.from(field))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

export const MASK = '••••'

/** "••••" and the last four characters; secrets shorter than eight characters show nothing of themselves. */
export function maskSecret(plaintext: string | null): string | null {
  if (plaintext === null) return null
  return plaintext.length >= 8 ? `${MASK}${plaintext.slice(-4)}` : MASK
}
