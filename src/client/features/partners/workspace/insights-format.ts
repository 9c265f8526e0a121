/** The Insights section's ranges and the way its figures are written. No React here. */

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: 'month', label: 'This month' },
] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]['id']

export interface DateRange {
  from: string
  to: string
}

const DAY_MS = 86_400_000

/** YYYY-MM-DD of `now` on the wall clock of `timeZone`. */
export function localToday(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The dates a preset covers, both included, ending today in `timeZone`. */
export function presetRange(preset: RangePreset, now: Date, timeZone: string): DateRange {
  const today = localToday(now, timeZone)
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case '30d':
      return { from: addDays(today, -29), to: today }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today }
  }
}

/** The browser's time zone, which is the restaurant's for an owner at the restaurant. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Nov 16" (the year is left out: a chart's axis has no room for it). */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`
}

/** "Nov 16 – 22, 2026", "Nov 28 – Dec 4, 2026", "Dec 28, 2026 – Jan 3, 2027", "Nov 16, 2026". */
export function rangeLabel({ from, to }: DateRange): string {
  const [fy, fm] = [from.slice(0, 4), from.slice(5, 7)]
  const [ty, tm] = [to.slice(0, 4), to.slice(5, 7)]
  if (from === to) return `${shortDate(from)}, ${fy}`
  if (fy !== ty) return `${shortDate(from)}, ${fy} – ${shortDate(to)}, ${ty}`
  if (fm !== tm) return `${shortDate(from)} – ${shortDate(to)}, ${ty}`
  return `${shortDate(from)} – ${Number(to.slice(8, 10))}, ${ty}`
}

/** "$1,234.50": dollars with thousands separators (written out: no locale data to load). */
export function money(dollars: number): string {
  const sign = dollars < 0 ? '-' : ''
  const [whole, cents] = Math.abs(dollars).toFixed(2).split('.')
  return `${sign}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
}

/** "12,345". */
export function count(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** "64.3%" from 0.6435. */
export function percent(share: number | null, digits = 1): string {
  return share === null ? '—' : `${(share * 100).toFixed(digits)}%`
}

/** Seconds as "14m 05s", "1h 02m" or "45s"; null as a dash. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—'
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

/** "14:00" for hour 14. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`
}

export interface Change {
  /** "+12%", "−5%", "New", "No change" or "—" (nothing either time). */
  text: string
  direction: 'up' | 'down' | 'flat' | 'none'
}

/** How `current` compares with `previous`, as a headline card says it. */
export function change(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { text: '—', direction: 'none' }
  if (previous === 0)
    return current === 0 ? { text: '—', direction: 'none' } : { text: 'New', direction: 'up' }
  const ratio = (current - previous) / Math.abs(previous)
  const rounded = Math.round(ratio * 100)
  if (rounded === 0) return { text: 'No change', direction: 'flat' }
  return rounded > 0
    ? { text: `+${rounded}%`, direction: 'up' }
    : { text: `−${-rounded}%`, direction: 'down' }
}

export type SortKey = 'name' | 'quantity' | 'revenue'
export type SortDirection = 'asc' | 'desc'

/** The item mix sorted by a column; ties by name, so the order never jumps. */
export function sortItems<T extends { name: string; quantity: number; revenue: number }>(
  items: readonly T[],
  key: SortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1
  return [...items].sort((a, b) => {
    const primary = key === 'name' ? a.name.localeCompare(b.name) : a[key] - b[key]
    return primary !== 0 ? sign * primary : a.name.localeCompare(b.name)
  })
}

/** The CSV address of one section for the range shown. */
export function csvHref(
  restaurantId: number,
  section: 'sales' | 'items' | 'service' | 'reviews',
  range: DateRange,
  timeZone: string,
): string {
  const q = new URLSearchParams({ section, from: range.from, to: range.to, tz: timeZone })
  return `/api/restaurants/${restaurantId}/insights.csv?${q}`
}
