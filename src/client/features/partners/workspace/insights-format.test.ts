import { describe, expect, it } from 'vitest'
import {
  change,
  csvHref,
  duration,
  localToday,
  money,
  presetRange,
  rangeLabel,
  sortItems,
} from './insights-format'

// 05:30 UTC on Tuesday 17 November 2026 is still Monday the 16th in Austin.
const NOW = new Date('2026-11-17T05:30:00Z')

describe('insights ranges', () => {
  it('takes today from the restaurant’s wall clock, not from UTC', () => {
    expect(localToday(NOW, 'America/Chicago')).toBe('2026-11-16')
    expect(localToday(NOW, 'UTC')).toBe('2026-11-17')
  })

  it('ends every preset today and counts today in', () => {
    expect(presetRange('today', NOW, 'America/Chicago')).toEqual({ from: '2026-11-16', to: '2026-11-16' })
    expect(presetRange('7d', NOW, 'America/Chicago')).toEqual({ from: '2026-11-10', to: '2026-11-16' })
    expect(presetRange('30d', NOW, 'America/Chicago')).toEqual({ from: '2026-10-18', to: '2026-11-16' })
    expect(presetRange('month', NOW, 'America/Chicago')).toEqual({ from: '2026-11-01', to: '2026-11-16' })
  })

  it('crosses a month and a year in the 30-day preset', () => {
    expect(presetRange('30d', new Date('2027-01-10T12:00:00Z'), 'UTC')).toEqual({
      from: '2026-12-12',
      to: '2027-01-10',
    })
  })

  it('writes a range as short as it can be read', () => {
    expect(rangeLabel({ from: '2026-11-16', to: '2026-11-22' })).toBe('Nov 16 – 22, 2026')
    expect(rangeLabel({ from: '2026-11-28', to: '2026-12-04' })).toBe('Nov 28 – Dec 4, 2026')
    expect(rangeLabel({ from: '2026-12-28', to: '2027-01-03' })).toBe('Dec 28, 2026 – Jan 3, 2027')
    expect(rangeLabel({ from: '2026-11-16', to: '2026-11-16' })).toBe('Nov 16, 2026')
  })

  it('asks for the CSV of the range shown in the restaurant’s time zone', () => {
    expect(csvHref(7, 'items', { from: '2026-11-16', to: '2026-11-22' }, 'America/Chicago')).toBe(
      '/api/restaurants/7/insights.csv?section=items&from=2026-11-16&to=2026-11-22&tz=America%2FChicago',
    )
  })
})

describe('insights figures', () => {
  it('writes money with thousands separators and cents', () => {
    expect(money(1234567.5)).toBe('$1,234,567.50')
    expect(money(0)).toBe('$0.00')
    expect(money(-18.5)).toBe('-$18.50')
  })

  it('writes durations in minutes and seconds, hours past the hour', () => {
    expect(duration(45)).toBe('45s')
    expect(duration(1176)).toBe('19m 36s')
    expect(duration(3720)).toBe('1h 02m')
    expect(duration(null)).toBe('—')
  })

  it('compares with the previous range as a rounded percentage', () => {
    expect(change(57.5, 18.5)).toEqual({ text: '+211%', direction: 'up' })
    expect(change(9, 10)).toEqual({ text: '−10%', direction: 'down' })
    expect(change(100.2, 100)).toEqual({ text: 'No change', direction: 'flat' })
    expect(change(5, 0)).toEqual({ text: 'New', direction: 'up' })
    expect(change(0, 0)).toEqual({ text: '—', direction: 'none' })
    expect(change(null, 4)).toEqual({ text: '—', direction: 'none' })
  })

  it('sorts the item mix by any column, ties by name', () => {
    const items = [
      { name: 'Fries', quantity: 2, revenue: 8.5 },
      { name: 'Brisket', quantity: 2, revenue: 37 },
      { name: 'Pie', quantity: 3, revenue: 12 },
    ]
    expect(sortItems(items, 'revenue', 'desc').map((i) => i.name)).toEqual(['Brisket', 'Pie', 'Fries'])
    expect(sortItems(items, 'quantity', 'asc').map((i) => i.name)).toEqual(['Brisket', 'Fries', 'Pie'])
    expect(sortItems(items, 'name', 'desc').map((i) => i.name)).toEqual(['Pie', 'Fries', 'Brisket'])
    expect(items[0]!.name).toBe('Fries')
  })
})
