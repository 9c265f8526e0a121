import { TIP_DEFAULT } from '@shared/constants'
import { TIP_INVALID, tipSchema } from '@shared/schemas/wallet'

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

/** Send is disabled while the amount is empty, not a number or outside what the server takes. */
export function canSendTip(choice: TipChoice): boolean {
  return tipSchema.shape.amount.safeParse(tipAmount(choice)).success
}

/** The error to show for this amount (the server's own rule and message), or null when it is fine. */
export function tipError(choice: TipChoice): string | null {
  const amount = tipAmount(choice)
  if (!Number.isFinite(amount) || amount <= 0) return TIP_INVALID
  const checked = tipSchema.shape.amount.safeParse(amount)
  return checked.success ? null : (checked.error.issues[0]?.message ?? TIP_INVALID)
}
