import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { APP_SECRET_FILE, createSecretBox, loadAppSecret, maskSecret } from './secrets'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clearplate-secrets-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('integration secrets', () => {
  const box = createSecretBox('a-long-application-secret-of-32-chars!!')

  it('seals a value into authenticated ciphertext that opens only for the same field and key', () => {
    const sealed = box.seal('sk_live_1234567890', 'apiKey')
    expect(sealed).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/)
    expect(sealed).not.toContain('sk_live')
    expect(box.seal('sk_live_1234567890', 'apiKey')).not.toBe(sealed)
    expect(box.open(sealed, 'apiKey')).toBe('sk_live_1234567890')
    expect(() => box.open(sealed, 'clientSecret')).toThrow()
    expect(() => createSecretBox('another-application-secret-of-32-chars').open(sealed, 'apiKey')).toThrow()
    const [v, iv, tag, ct] = sealed.split(':')
    const flipped = Buffer.from(ct!, 'base64')
    flipped[0]! ^= 1
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'), 'apiKey')).toThrow()
    expect(() => box.open('plaintext', 'apiKey')).toThrow()
  })

  it('masks all but the last four characters, and short secrets entirely', () => {
    expect(maskSecret('sk_live_1234567890')).toBe('••••7890')
    expect(maskSecret('abc123')).toBe('••••')
    expect(maskSecret(null)).toBeNull()
  })

  it('generates a private app secret into the data folder once and reuses it', () => {
    const dataDir = join(tempDir(), 'nested', 'data')
    const first = loadAppSecret({ appSecret: undefined, dataDir })
    expect(first.length).toBeGreaterThanOrEqual(32)
    const path = join(dataDir, APP_SECRET_FILE)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readFileSync(path, 'utf8').trim()).toBe(first)
    expect(loadAppSecret({ appSecret: undefined, dataDir })).toBe(first)
    expect(loadAppSecret({ appSecret: 'configured-secret-configured-secret!', dataDir })).toBe(
      'configured-secret-configured-secret!',
    )
  })

  it('refuses a secret file too short to be a key', () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, APP_SECRET_FILE), 'short\n')
    expect(() => loadAppSecret({ appSecret: undefined, dataDir })).toThrow(/at least 32/)
  })
})
