import { cn } from '@client/lib/utils'
import { type ComponentProps, forwardRef } from 'react'

export const inputClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive'

export const Input = forwardRef<HTMLInputElement, ComponentProps<'input'>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(inputClass, className)} {...props} />
})

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<'textarea'>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(inputClass, 'h-auto min-h-20 resize-y', className)} {...props} />
})

/** A native select styled like the inputs: accessible and tiny. */
export const NativeSelect = forwardRef<HTMLSelectElement, ComponentProps<'select'>>(function NativeSelect(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(inputClass, 'appearance-auto pr-8', className)} {...props} />
})
