import { cn } from '@client/lib/utils'
import type { ReactNode } from 'react'
import { Label } from './label'

/** A labelled form field with its hint and error message wired for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

/** The error under a control, announced as it appears; `fieldProps(id, error)` points the control at it. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null
}

/**
 * Props for the control inside a Field: it is described by its error, or else by its hint
 * (`hinted`: the Field has one), as the Field shows one or the other.
 */
export function fieldProps(id: string, error?: string, hinted = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hinted ? `${id}-hint` : undefined,
  }
}
