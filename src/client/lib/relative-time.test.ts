import { describe, expect, it } from 'vitest'
import { relativeTime } from './utils'

describe('relativeTime', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

  it('says "just now" under a minute', () => {
    expect(relativeTime(ago(0), now)).toBe('just now')
    expect(relativeTime(ago(59), now)).toBe('just now')
  })

  it('counts minutes, hours and days ago', () => {
    expect(relativeTime(ago(60), now)).toBe('1 minute ago')
    expect(relativeTime(ago(45 * 60), now)).toBe('45 minutes ago')
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago')
    expect(relativeTime(ago(23 * 3600 + 59 * 60), now)).toBe('23 hours ago')
    expect(relativeTime(ago(2 * 86400), now)).toBe('2 days ago')
  })

  it('treats a time slightly in the future as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('just now')
  })
})
