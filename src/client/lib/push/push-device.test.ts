import { describe, expect, it } from 'vitest'
import { keyBytes } from './push-device'

describe('keyBytes', () => {
  it('reads a base64url VAPID key (no padding, - and _) into its 65 bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 250) % 256)
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expect(encoded).toMatch(/[-_]/)
    expect([...keyBytes(encoded)]).toEqual([...bytes])
  })
})
