import { z } from 'zod'
import { hasAtMostTwoDecimals } from '../money'

/** A positive integer id in a path, query or body; accepts numeric strings from URLs. */
export const idSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Is too large')

export const idParams = z.object({ id: idSchema })

/**
 * A dollar amount as the API speaks it: a finite JSON number with at most two decimals,
 * within [min, max] dollars. Rejects strings, NaN, negative and absurd values with one message.
 */
export function dollarsSchema(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .refine((n) => Number.isFinite(n), message)
    .refine((n) => n >= min && n <= max, message)
    .refine((n) => hasAtMostTwoDecimals(n), 'Amounts have at most two decimals')
}

/** An optional text field where an empty string means "not given". */
export function optionalText(max: number, message = `Must be at most ${max} characters`) {
  return z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
}

export const messageResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ErrorBody = z.infer<typeof messageResponse>
