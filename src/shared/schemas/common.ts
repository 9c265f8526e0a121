import { z } from 'zod'
import { dollarsProblem } from '../money'

/** Ids are PostgreSQL `integer` serials: 1 to 2^31-1. */
export const MAX_ID = 2_147_483_647

/**
 * A positive integer id in a JSON body or a live message: a JSON number and nothing else, so
 * `true`, `"1"`, `"0x1"` or `1.5` are refused rather than read as some id. `message`, when
 * given, replaces every message.
 */
export function idField(message?: string) {
  return z
    .number({ error: message ?? 'Must be a number' })
    .int(message ?? 'Must be a whole number')
    .positive(message ?? 'Must be a positive number')
    .max(MAX_ID, message ?? 'Is too large')
}

/**
 * A positive integer id in a path or query string: decimal digits only (no sign, spaces, leading
 * zeros, hex or exponent), then a number.
 */
export function idParam(message?: string) {
  return z
    .string({ error: message ?? 'Must be a number' })
    .regex(/^[0-9]+$/, message ?? 'Must be a number')
    .refine((v) => !/^0+$/.test(v), message ?? 'Must be a positive number')
    .refine((v) => !v.startsWith('0'), message ?? 'Must be a number without leading zeros')
    .refine((v) => v.length <= 10 && Number(v) <= MAX_ID, message ?? 'Is too large')
    .transform(Number)
}

/**
 * An id given either way: a JSON number, or the digits a form or a path sends. Kept for route
 * params declared with it and the order number typed on the home page.
 */
export const idSchema = z.union([idField(), idParam()], { error: 'Must be a number' })
/** `{ id }` of a path such as `/api/orders/{id}`. */
export const idParams = z.object({ id: idParam() })

/** Code points no text field stores: C0 controls (NUL, ESC...), DEL and the C1 controls. */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters'

/** True when `value` has a control character; `allowLines` lets tab, line feed and carriage return through. */
export function hasControlCharacters(value: string, allowLines = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x20) {
      if (allowLines && (c === 0x09 || c === 0x0a || c === 0x0d)) continue
      return true
    }
    if (c >= 0x7f && c <= 0x9f) return true
  }
  return false
}

/**
 * Text on one line (names, addresses, ids of other systems): trimmed, and refused with a field
 * message when it holds a control character. Chain `.min()` / `.max()` as usual.
 */
export function singleLineText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .trim()
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
}

/** Text that may span lines (a message to the chef, instructions): tabs and newlines allowed. */
export function multilineText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .trim()
    .refine((v) => !hasControlCharacters(v, true), CONTROL_CHARACTER_MESSAGE)
}

/** Text kept exactly as typed (passwords): not trimmed, control characters refused. */
export function exactText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
}

/**
 * A dollar amount as the API speaks it: a finite JSON number with at most two decimals,
 * within [min, max] dollars. Rejects strings, NaN, negative and absurd values with one message.
 */
export function dollarsSchema(min: number, max: number, message: string) {
  return z.number({ error: message }).check((ctx) => {
    const problem = dollarsProblem(ctx.value, min, max, message)
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value })
  })
}

/** An optional one-line text field where an empty string means "not given". */
export function optionalText(max: number, message = `Must be at most ${max} characters`) {
  return singleLineText()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
}

export const messageResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ErrorBody = z.infer<typeof messageResponse>
