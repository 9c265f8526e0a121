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

export const AMOUNT_DECIMALS = 'Amounts have at most two decimals'

/**
 * What is wrong with an amount a diner or an owner types, or null: `message` when it is not a
 * number between `min` and `max` dollars, then when it is finer than a cent. The rule of every
 * amount field; the schemas check it, and a form reads it without loading them.
 */
export function dollarsProblem(dollars: number, min: number, max: number, message: string): string | null {
  if (!Number.isFinite(dollars) || dollars < min || dollars > max) return message
  return hasAtMostTwoDecimals(dollars) ? null : AMOUNT_DECIMALS
}

/** "$12.50"; negative amounts as "-$12.50". */
export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : ''
  return `${sign}$${Math.abs(dollars).toFixed(2)}`
}

export function formatCents(cents: number): string {
  return formatMoney(toDollars(cents))
}
