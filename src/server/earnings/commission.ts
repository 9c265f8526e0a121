/**
 * What the platform keeps of a line a diner pays a restaurant: the commission on food (order
 * subtotals and add-ons), nothing of tips and chef shouts. The delivery fee is the platform's
 * and never part of a line's gross.
 */
export const DEFAULT_COMMISSION_PERCENT = 15

/** The kinds of line a diner's payment earns a restaurant. */
export type EarningKind = 'order' | 'add_on' | 'tip' | 'shout'

const COMMISSIONED: Record<EarningKind, boolean> = { order: true, add_on: true, tip: false, shout: false }

/** The platform's commission on `grossCents` of `kind`, rounded to the cent. */
export function commissionCents(kind: EarningKind, grossCents: number, percent: number): number {
  if (!COMMISSIONED[kind]) return 0
  return Math.round((grossCents * percent) / 100)
}
