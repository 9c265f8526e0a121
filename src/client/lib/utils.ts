import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/** "#0007": order numbers are shown zero-padded to 4 digits. */
export function orderNumber(id: number): string {
  return `#${String(id).padStart(4, '0')}`
}

export { formatMoney } from '@shared/money'

export function fahrenheitToCelsius(f: number): number {
  return Math.round(((f - 32) * 5) / 9)
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function relativeTime(iso: string | Date, now: Date = new Date()): string {
  const then = typeof iso === 'string' ? new Date(iso) : iso
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  const days = Math.floor(hours / 24)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

/**
 * "7:05 PM" (or "7:05:09 PM" with seconds), in the viewer's time zone. Written out rather than
 * through `Intl`, as `formatDate` below: on the live page it is the first `Intl` formatter, and
 * loading the browser's locale data for it was a long task on a phone.
 */
export function formatTime(date: Date, options: { seconds?: boolean } = {}): string {
  const hours = date.getHours()
  const pad = (n: number) => String(n).padStart(2, '0')
  const seconds = options.seconds ? `:${pad(date.getSeconds())}` : ''
  return `${hours % 12 || 12}:${pad(date.getMinutes())}${seconds} ${hours < 12 ? 'AM' : 'PM'}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * "Nov 24, 2026", in the viewer's time zone. Written out rather than through `Intl`: the first
 * `Intl` formatter a page creates loads the browser's locale data, a long task on a phone during
 * the takeover; and the page reads the same whatever the browser's language.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
}

/** "12,480": a count with thousands separators (without `Intl`, as `formatDate`). */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** "1 review", "2 reviews", "1,204 reviews": the count grouped, the noun singular for one. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`
}

/** The one-line form of an address, as the checkout and the order show it. */
export function formatAddress(a: { line1: string; line2?: string | null; city: string; postcode: string }) {
  return [a.line1, a.line2, `${a.city} ${a.postcode}`].filter(Boolean).join(', ')
}
