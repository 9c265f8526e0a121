import { PROGRESS, TIMELINE_OFFSETS_MIN } from '@shared/constants'

export interface TimelineStep {
  label: string
  reached: boolean
  /** When the step is reached: the order's creation time, plus 5, 15, 25 or 35 minutes. */
  time: Date | null
}

const STEPS = [
  { label: 'Order received', threshold: 0 },
  { label: 'Preparation started', threshold: PROGRESS.prepStarted },
  { label: 'Cooking in progress', threshold: PROGRESS.cooking },
  { label: 'Plating', threshold: PROGRESS.plating },
  { label: 'Out for delivery', threshold: PROGRESS.delivering },
] as const

/** The five-step Status Updates timeline for an order's progress. */
export function timelineSteps(order: {
  createdAt: string
  progress: number
  status: string
}): TimelineStep[] {
  const created = new Date(order.createdAt)
  const progress = order.status === 'completed' ? 100 : order.progress
  return STEPS.map((step, index) => {
    const reached = index === 0 || progress >= step.threshold
    const offset = index === 0 ? 0 : TIMELINE_OFFSETS_MIN[index - 1]!
    return {
      label: step.label,
      reached,
      time: reached ? new Date(created.getTime() + offset * 60_000) : null,
    }
  })
}
