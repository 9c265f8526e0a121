import { cn } from '@client/lib/utils'
import type { ComponentProps } from 'react'

const variants = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-secondary text-secondary-foreground',
  outline: 'border text-foreground',
  live: 'bg-red-600 text-white',
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  danger: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  info: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
} as const

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}

/** The red LIVE pill with a pulsing dot. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <Badge variant="live" className={cn('uppercase tracking-wide', className)}>
      <span className="size-1.5 rounded-full bg-white animate-pulse-dot" aria-hidden="true" />
      Live
    </Badge>
  )
}
