import { cn } from '@client/lib/utils'

/**
 * A bar filled to `value` percent (0 to 100). The fill is a full-width bar slid in from the left
 * with a transform, which the compositor animates on its own. A changing width would have the
 * page laid out and painted again on every frame of the transition, and an order's progress moves
 * every half second while it cooks: on a phone watching its order, that was most of the main
 * thread. Without a `label` the bar is decoration (the text beside it says the figure).
 */
export function ProgressBar({
  value,
  label,
  className,
  fillClassName,
}: {
  value: number
  label?: string
  className?: string
  fillClassName?: string
}) {
  const filled = Math.min(100, Math.max(0, value))
  const meaning = label
    ? {
        role: 'progressbar',
        'aria-label': label,
        'aria-valuemin': 0,
        'aria-valuemax': 100,
        'aria-valuenow': value,
      }
    : { 'aria-hidden': true }
  return (
    <div className={cn('h-2 overflow-hidden rounded-full bg-muted', className)} {...meaning}>
      <div
        data-slot="progress-fill"
        className={cn('h-full w-full rounded-full bg-primary transition-transform', fillClassName)}
        style={{ transform: `translateX(${filled - 100}%)` }}
      />
    </div>
  )
}
