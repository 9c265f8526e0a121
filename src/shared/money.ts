/** Money is integer cents everywhere inside; the API speaks dollars with at most two decimals. */

export function toCents(dollars: number): number {
  return Math.round(dollars * 100)
}

export function toDollars(cents: number): number {
  return cents / 100
}

/** True when `dollars` has no more than two decimals (tolerant of binary floating point). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6
}

/** "$12.50"; negative amounts as "-$12.50". */
export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : ''
  return `${sign}$${Math.abs(dollars).toFixed(2)}`
}

export function formatCents(cents: number): string {
  return formatMoney(toDollars(cents))
}
