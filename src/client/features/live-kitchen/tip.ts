import { TIP_DEFAULT, TIP_INVALID, TIP_LIMITS_CENTS, TIP_RANGE } from '@shared/constants'
import { dollarsProblem } from '@shared/money'

export interface TipChoice {
  /** A preset or the slider's value. */
  amount: number
  /** The custom amount as typed; used instead of `amount` when `useCustom`. */
  custom: string
  useCustom: boolean
}

export const INITIAL_TIP: TipChoice = { amount: TIP_DEFAULT, custom: '', useCustom: false }

/** The amount the diner means to tip: the custom field when chosen, else the preset or slider. */
export function tipAmount(choice: TipChoice): number {
  if (!choice.useCustom) return choice.amount
  const text = choice.custom.trim()
  return text === '' ? Number.NaN : Number(text)
}

/** The server's own rule for a tip's amount (the tip schema checks the same), and its message. */
const amountProblem = (amount: number) =>
  dollarsProblem(amount, TIP_LIMITS_CENTS.min / 100, TIP_LIMITS_CENTS.max / 100, TIP_RANGE)

/** Send is disabled while the amount is empty, not a number or outside what the server takes. */
export function canSendTip(choice: TipChoice): boolean {
  return amountProblem(tipAmount(choice)) === null
}

/** The error to show for this amount (the server's own rule and message), or null when it is fine. */
export function tipError(choice: TipChoice): string | null {
  const amount = tipAmount(choice)
  if (!Number.isFinite(amount) || amount <= 0) return TIP_INVALID
  return amountProblem(amount)
}
