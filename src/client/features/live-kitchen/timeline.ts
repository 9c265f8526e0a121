import type { Order } from '@shared/schemas/orders'
import { TIMELINE_STATUSES, timelineLabel, withDelay } from '@shared/timeline'

export interface TimelineStep {
  status: string
  label: string
  reached: boolean
  /** When it was reached, or when it is expected. */
  time: Date | null
  /** True for a step ahead: its time is an estimate. */
  estimated: boolean
}

/**
 * The Status Updates timeline: steps reached at the time the order's history says, the steps
 * ahead at their estimate, moved on when the next step is overdue at `now`.
 */
export function timelineSteps(
  order: Pick<Order, 'timeline' | 'fulfilment' | 'status' | 'createdAt'>,
  now = Date.now(),
): TimelineStep[] {
  const entries = withDelay(order.timeline ?? [], now)
  const byStatus = new Map(entries.map((e) => [e.status, e]))
  return TIMELINE_STATUSES.filter((status) => order.status !== 'cancelled' || byStatus.has(status)).map(
    (status, index) => {
      const entry = byStatus.get(status)
      const reached = entry ? !entry.estimated : index === 0
      const time = entry ? new Date(entry.at) : index === 0 ? new Date(order.createdAt) : null
      return {
        status,
        label: timelineLabel(status, order.fulfilment),
        reached,
        time,
        estimated: entry?.estimated ?? false,
      }
    },
  )
}

/** When the order is now expected to arrive (delivery) or be ready (pickup), if it is still ahead. */
export function expectedTime(
  order: Pick<Order, 'timeline' | 'fulfilment' | 'status' | 'createdAt'>,
  now = Date.now(),
) {
  const steps = timelineSteps(order, now)
  const target = steps.find((s) => s.status === (order.fulfilment === 'pickup' ? 'delivering' : 'completed'))
  return target?.estimated ? target.time : null
}
