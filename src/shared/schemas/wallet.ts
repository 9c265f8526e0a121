import { z } from 'zod'
import {
  ADD_FUNDS_LIMITS_CENTS,
  TIP_LIMITS_CENTS,
  TIP_MESSAGE_MAX,
  TIP_RANGE,
  TOP_UP_LIMITS_CENTS,
} from '../constants'
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

export const tipSchema = z.object({
  /** Sent by the client as the spec says; the server uses the signed-in user. */
  userId: idField().optional(),
  amount: dollarsSchema(TIP_LIMITS_CENTS.min / 100, TIP_LIMITS_CENTS.max / 100, TIP_RANGE),
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

export const TOP_UP_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number]

export const TOP_UP_INVALID = 'Top-ups are between $5.00 and $500.00'
export const createTopUpSchema = z.object({
  amount: dollarsSchema(TOP_UP_LIMITS_CENTS.min / 100, TOP_UP_LIMITS_CENTS.max / 100, TOP_UP_INVALID),
})
export type CreateTopUp = z.infer<typeof createTopUpSchema>

export const topUpSchema = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(TOP_UP_STATUSES),
  provider: z.enum(['test', 'stripe']),
  failureReason: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  createdAt: z.string(),
})
export type TopUp = z.infer<typeof topUpSchema>

export const createdTopUpSchema = z.object({
  topUp: topUpSchema,
  /** Test provider: our own payment page. */
  payUrl: z.string().optional(),
  /** Stripe: what the Payment Element confirms, with the publishable key it needs. */
  clientSecret: z.string().optional(),
  publishableKey: z.string().optional(),
})
export type CreatedTopUp = z.infer<typeof createdTopUpSchema>

export const testPaymentSchema = z.object({
  cardNumber: z
    .string({ error: 'Enter a card number' })
    .trim()
    .regex(/^[0-9][0-9 -]{11,22}[0-9]$/, 'Enter a card number'),
})

export const webhookAnswerSchema = z.object({ received: z.literal(true) })
