/** The Earnings section's ranges, sums and words. No React here. */
import type { EarningLine, EarningLineKind, Payout } from '@shared/schemas/earnings'

export const EARNINGS_PRESETS = [
  { id: 'week', label: 'This week' },
  { id: 'last-week', label: 'Last week' },
  { id: '30d', label: '30 days' },
  { id: 'month', label: 'This month' },
] as const
export type EarningsPreset = (typeof EARNINGS_PRESETS)[number]['id']

/** Local dates, both included, as the date inputs show them (YYYY-MM-DD). */
export interface DayRange {
  from: string
  to: string
}

export const KIND_LABELS: Record<EarningLineKind, string> = {
  order: 'Order',
  add_on: 'Add-on',
  tip: 'Tip',
  shout: 'Chef shout',
  refund: 'Refund',
  payout: 'Payout',
}

export const PAYOUT_STATUS_LABELS: Record<Payout['status'], string> = {
  pending: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
}

const pad = (n: number) => String(n).padStart(2, '0')
/** YYYY-MM-DD of a local date. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
/** Local midnight of a YYYY-MM-DD. */
const midnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d)
}
const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)

/** Monday 00:00 (local) of the week holding `now`. */
export function weekStart(now: Date): Date {
  const today = addDays(now, 0)
  return addDays(today, -((today.getDay() + 6) % 7))
}

/** The local days a preset covers, both included. */
export function presetDays(preset: EarningsPreset, now: Date): DayRange {
  const today = addDays(now, 0)
  switch (preset) {
    case 'week':
      return { from: dayOf(weekStart(now)), to: dayOf(today) }
    case 'last-week': {
      const monday = weekStart(now)
      return { from: dayOf(addDays(monday, -7)), to: dayOf(addDays(monday, -1)) }
    }
    case '30d':
      return { from: dayOf(addDays(today, -29)), to: dayOf(today) }
    case 'month':
      return { from: dayOf(new Date(today.getFullYear(), today.getMonth(), 1)), to: dayOf(today) }
  }
}

/** What the API takes: from the first day's local midnight up to (not including) the day after the last. */
export function apiRange(days: DayRange): { from: string; to: string } {
  return {
    from: midnight(days.from).toISOString(),
    to: addDays(midnight(days.to), 1).toISOString(),
  }
}

/** This week so far and the whole of last week, as one API range (Monday a week ago to tomorrow). */
export function twoWeeksRange(now: Date): { from: string; to: string } {
  const monday = weekStart(now)
  return { from: addDays(monday, -7).toISOString(), to: addDays(now, 1).toISOString() }
}

/** What the restaurant earned (payouts are not earnings): the sum of the other lines, in cents. */
function earnedCents(lines: EarningLine[]): number {
  return lines.reduce((sum, line) => (line.kind === 'payout' ? sum : sum + Math.round(line.amount * 100)), 0)
}

/** This week's earnings so far against last week's whole, from lines covering both. */
export function weekAgainstWeek(lines: EarningLine[], now: Date): { thisWeek: number; lastWeek: number } {
  const monday = weekStart(now).getTime()
  const before = addDays(weekStart(now), -7).getTime()
  const at = (line: EarningLine) => Date.parse(line.createdAt)
  return {
    thisWeek: earnedCents(lines.filter((l) => at(l) >= monday)) / 100,
    lastWeek: earnedCents(lines.filter((l) => at(l) >= before && at(l) < monday)) / 100,
  }
}

/** "+$12.40 on last week", "−$3.00 on last week", "Same as last week". */
export function weekChange(thisWeek: number, lastWeek: number, money: (n: number) => string): string {
  const delta = Math.round((thisWeek - lastWeek) * 100) / 100
  if (delta === 0) return 'Same as last week'
  return `${delta > 0 ? '+' : '−'}${money(Math.abs(delta))} on last week`
}

/** Money on its way to the restaurant: payouts sent but not yet confirmed. */
export function pendingPayouts(payouts: Payout[]): number {
  return (
    payouts.filter((p) => p.status === 'pending').reduce((sum, p) => sum + Math.round(p.amount * 100), 0) /
    100
  )
}

/** A line's date and time as an owner reads it: "Nov 24, 7:42 PM". */
export function lineTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}
