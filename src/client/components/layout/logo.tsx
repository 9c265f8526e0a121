import { cn } from '@client/lib/utils'
import { Link } from 'wouter'

/** The Clearplate mark: a plate seen from above with a play accent at its centre. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={cn('size-9', className)} aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" className="fill-primary" />
      <circle cx="20" cy="20" r="13.5" className="fill-white/95 dark:fill-[#fff7ed]" />
      <circle cx="20" cy="20" r="10" fill="none" className="stroke-brand-200" strokeWidth="1.5" />
      <path
        d="M17 14.8v10.4a.8.8 0 0 0 1.2.7l8.3-5.2a.8.8 0 0 0 0-1.4l-8.3-5.2a.8.8 0 0 0-1.2.7Z"
        className="fill-primary"
      />
    </svg>
  )
}

export function Logo({ className, withTagline = true }: { className?: string; withTagline?: boolean }) {
  return (
    <Link
      href="/"
      className={cn(
        'group flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <LogoMark className="transition-transform group-hover:rotate-[-8deg]" />
      <span className="flex flex-col leading-none">
        <span className="text-lg font-extrabold tracking-tight">Clearplate</span>
        {withTagline ? (
          <span className="mt-0.5 whitespace-nowrap text-[0.65rem] font-medium uppercase tracking-[0.14em] text-muted-foreground">
            Dine Transparently
          </span>
        ) : null}
      </span>
    </Link>
  )
}
