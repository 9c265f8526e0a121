import { z } from 'zod'
import { ADD_FUNDS_LIMITS_CENTS, TIP_LIMITS_CENTS, TIP_MESSAGE_MAX } from '../constants'
import { dollarsSchema, idField, multilineText, singleLineText } from './common'

export const walletBalanceSchema = z.object({ balance: z.number() })

export const walletTransactionSchema = z.object({
  id: z.number(),
  userId: z.number(),
  type: z.string(),
  /** Signed dollars: deposits positive, charges negative. */
  amount: z.number(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
})
export type WalletTransaction = z.infer<typeof walletTransactionSchema>

export const ADD_FUNDS_INVALID = 'Invalid Amount: Please enter a valid amount greater than 0.'
export const addFundsSchema = z.object({
  amount: dollarsSchema(
    ADD_FUNDS_LIMITS_CENTS.min / 100,
    ADD_FUNDS_LIMITS_CENTS.max / 100,
    'Amount must be between $0.01 and $1,000.00',
  ),
  description: singleLineText().max(100, 'Description must be at most 100 characters').optional(),
})
export type AddFundsInput = z.infer<typeof addFundsSchema>
export const addFundsResponseSchema = z.object({ balance: z.number(), transaction: walletTransactionSchema })
export type AddFundsResult = z.infer<typeof addFundsResponseSchema>

export const TIP_INVALID = 'Please enter a valid tip amount'
export const tipSchema = z.object({
  /** Sent by the client as the spec says; the server uses the signed-in user. */
  userId: idField().optional(),
  amount: dollarsSchema(
    TIP_LIMITS_CENTS.min / 100,
    TIP_LIMITS_CENTS.max / 100,
    'Tips are between $0.50 and $100.00',
  ),
  message: multilineText()
    .max(TIP_MESSAGE_MAX, `Message must be at most ${TIP_MESSAGE_MAX} characters`)
    .default(''),
})
export type TipInput = z.input<typeof tipSchema>
export const tipResponseSchema = z.object({
  /** The tip's id: the live `chef_tip` message that announces it carries the same. */
  tipId: z.number().int(),
  tipAmount: z.number(),
  newBalance: z.number(),
})
export type TipResponse = z.infer<typeof tipResponseSchema>
