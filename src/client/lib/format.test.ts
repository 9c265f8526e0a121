import { describe, expect, it } from 'vitest'
import { formatCount, formatDate } from './utils'

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12480, 1234567, 100000000, 1234.5])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
  })
})

describe('formatDate', () => {
  it('writes the day as en-US short dates do, in the local time zone', () => {
    for (const iso of [
      '2026-11-24T12:00:00',
      '2026-01-01T00:00:00',
      '2026-12-31T23:59:00',
      '2024-02-29T08:00:00',
    ])
      expect(formatDate(iso)).toBe(
        new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      )
  })
})
