import { cn } from '@client/lib/utils'
import { Check, ChefHat, CookingPot, Flame, Truck } from 'lucide-react'
import { type StageState, stageState, TRACKER_STAGES } from './order-stages'

const STAGE_STYLE: Record<string, { icon: typeof Flame; dot: string; text: string; ring: string }> = {
  preparing: {
    icon: ChefHat,
    dot: 'bg-orange-500',
    text: 'text-orange-700 dark:text-orange-400',
    ring: 'ring-orange-500/25',
  },
  cooking: {
    icon: Flame,
    dot: 'bg-blue-500',
    text: 'text-blue-700 dark:text-blue-400',
    ring: 'ring-blue-500/25',
  },
  plating: {
    icon: CookingPot,
    dot: 'bg-yellow-500',
    text: 'text-yellow-700 dark:text-yellow-400',
    ring: 'ring-yellow-500/25',
  },
  delivering: {
    icon: Truck,
    dot: 'bg-green-500',
    text: 'text-green-700 dark:text-green-400',
    ring: 'ring-green-500/25',
  },
}

/** Preparation, Cooking, Plating, Delivery: each Completed, In Progress or Upcoming. */
export function StatusTracker({ status, className }: { status: string; className?: string }) {
  return (
    <ol aria-label="Order status" className={cn('grid grid-cols-4 gap-2', className)}>
      {TRACKER_STAGES.map((stage) => {
        const state = stageState(stage.status, status)
        const style = STAGE_STYLE[stage.status]!
        const Icon = state === 'Completed' ? Check : style.icon
        return (
          <li
            key={stage.status}
            className="flex min-w-0 flex-col items-center gap-1.5 text-center"
            data-state={state}
          >
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 transition-colors',
                state === 'Upcoming' && 'border-border bg-muted text-muted-foreground',
                state !== 'Upcoming' && cn('border-transparent text-white', style.dot),
                state === 'In Progress' && cn('ring-4', style.ring),
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="truncate text-xs font-semibold sm:text-sm">{stage.label}</span>
            <StageLabel
              state={state}
              className={state === 'Upcoming' ? 'text-muted-foreground' : style.text}
            />
          </li>
        )
      })}
    </ol>
  )
}

function StageLabel({ state, className }: { state: StageState; className: string }) {
  return <span className={cn('text-[11px] font-medium leading-none sm:text-xs', className)}>{state}</span>
}
