import { cn } from '@client/lib/utils'
import { Check } from 'lucide-react'
import { useEffect, useRef } from 'react'

/** Room kept above the steps for the sticky site header (scroll-mt-24). */
const HEADER_ROOM_PX = 96

/**
 * Numbered steps with the current one highlighted and finished ones ticked. When the step changes
 * with the steps out of sight (under the sticky header, or below the window), they come back into
 * view, clear of the header.
 */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  const list = useRef<HTMLOListElement>(null)
  const shown = useRef(current)
  useEffect(() => {
    if (shown.current === current) return
    shown.current = current
    const top = list.current?.getBoundingClientRect().top
    if (top !== undefined && (top < HEADER_ROOM_PX || top > window.innerHeight - HEADER_ROOM_PX))
      list.current?.scrollIntoView({ block: 'start' })
  }, [current])
  return (
    <ol ref={list} className="flex scroll-mt-24 items-center gap-2" aria-label="Progress">
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
