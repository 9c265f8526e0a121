import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../config'
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys'

const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-vapid-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('VAPID keys', () => {
  it('are generated into the data folder on first start, readable by this user only, and reused after', () => {
    const config = { ...parseConfig({}), dataDir }
    const first = loadVapidKeys(config)
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const path = join(dataDir, VAPID_KEYS_FILE)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    })
    expect(loadVapidKeys(config)).toEqual(first)
  })

  it('come from the environment when given there, whatever the data folder holds', () => {
    const given = {
      VAPID_PUBLIC_KEY: 'B'.padEnd(87, 'x'),
      VAPID_PRIVATE_KEY: 'k'.padEnd(43, 'y'),
      VAPID_SUBJECT: 'https://clearplate.example/contact',
    }
    const keys = loadVapidKeys({ ...parseConfig(given), dataDir })
    expect(keys).toEqual({
      publicKey: given.VAPID_PUBLIC_KEY,
      privateKey: given.VAPID_PRIVATE_KEY,
      subject: 'https://clearplate.example/contact',
    })
  })
})
