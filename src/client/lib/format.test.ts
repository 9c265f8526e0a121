import { describe, expect, it } from 'vitest'
import { countOf, formatCount, formatDate, formatTime } from './utils'

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12480, 1234567, 100000000, 1234.5])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
  })
})

describe('countOf', () => {
  it('says one review in the singular and any other count in the plural', () => {
    expect(countOf(1, 'review')).toBe('1 review')
    expect(countOf(0, 'review')).toBe('0 reviews')
    expect(countOf(2, 'review')).toBe('2 reviews')
    expect(countOf(1204, 'review')).toBe('1,204 reviews')
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

describe('formatTime', () => {
  it('reads as en-US does, midnight and noon included', () => {
    for (const [h, m, sec] of [
      [0, 0, 0],
      [0, 5, 9],
      [9, 41, 30],
      [12, 0, 0],
      [13, 7, 59],
      [23, 59, 1],
    ] as const) {
      const date = new Date(2026, 10, 27, h, m, sec)
      expect(formatTime(date)).toBe(
        date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace(/\s/g, ' '),
      )
      expect(formatTime(date, { seconds: true })).toBe(date.toLocaleTimeString('en-US').replace(/\s/g, ' '))
    }
  })
})
