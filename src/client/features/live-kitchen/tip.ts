import { TIP_DEFAULT } from '@shared/constants'
import { TIP_INVALID } from '@shared/schemas/wallet'

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

/** Send is disabled while the custom amount is empty, zero or not a number. */
export function canSendTip(choice: TipChoice): boolean {
  const amount = tipAmount(choice)
  return Number.isFinite(amount) && amount !== 0
}

/** The error to show for this amount, or null when it is a number above 0. */
export function tipError(choice: TipChoice): string | null {
  const amount = tipAmount(choice)
  return Number.isFinite(amount) && amount > 0 ? null : TIP_INVALID
}
