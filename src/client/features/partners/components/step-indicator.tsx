import { cn } from '@client/lib/utils'
import { Check } from 'lucide-react'

/** Numbered steps with the current one highlighted and finished ones ticked. */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2" aria-label="Progress">
      {steps.map((label, index) => {
        const done = index < current
        const active = index === current
        return (
          <li
            key={label}
            className="flex flex-1 items-center gap-2 last:flex-none"
            aria-current={active ? 'step' : undefined}
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary text-primary',
                !done && !active && 'border-input text-muted-foreground',
              )}
            >
              {done ? <Check className="size-4" strokeWidth={3} aria-hidden="true" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-sm font-medium',
                active ? 'text-foreground' : 'text-muted-foreground',
                !active && 'max-sm:sr-only',
              )}
            >
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
            {index < steps.length - 1 ? (
              <span
                className={cn('mx-1 h-0.5 min-w-4 flex-1 rounded-full', done ? 'bg-primary' : 'bg-border')}
                aria-hidden="true"
              />
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
