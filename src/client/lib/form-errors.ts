import { ApiError } from '@client/lib/api-client'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'

/**
 * Puts a refusal's field errors (a 400's `errors`) under the form's own `fields` and focuses the
 * first of them. False when the refusal names none of them: the caller says what went wrong.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  const named = error instanceof ApiError ? (error.fieldErrors ?? {}) : {}
  const shown = fields.filter((field) => named[field])
  for (const field of shown) form.setError(field, { type: 'server', message: named[field] })
  if (shown[0] === undefined) return false
  form.setFocus(shown[0])
  return true
}
