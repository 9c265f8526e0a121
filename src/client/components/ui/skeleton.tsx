import { cn } from '@client/lib/utils'
import type { ComponentProps } from 'react'

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-skeleton=""
      className={cn('animate-pulse rounded-lg bg-muted', className)}
      {...props}
    />
  )
}
