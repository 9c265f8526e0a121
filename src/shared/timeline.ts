import { type Fulfilment, PROGRESS } from './constants'
import type { OrderEvent, TimelineEntry } from './schemas/orders'

/** The statuses an order passes through, in order, and the timeline's label for each. */
export const TIMELINE_STATUSES = ['preparing', 'cooking', 'plating', 'delivering', 'completed'] as const
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number]

const LABELS: Record<Fulfilment, Record<TimelineStatus, string>> = {
  delivery: {
    preparing: 'Order received',
    cooking: 'Cooking in progress',
    plating: 'Plating',
    delivering: 'Out for delivery',
    completed: 'Delivered',
  },
  pickup: {
    preparing: 'Order received',
    cooking: 'Cooking in progress',
    plating: 'Plating',
    delivering: 'Ready for pickup',
    completed: 'Picked up',
  },
}

export function timelineLabel(status: string, fulfilment: Fulfilment): string {
  return (LABELS[fulfilment] as Record<string, string>)[status] ?? status
}

/**
 * Where each status falls in the kitchen's plan, as a share of the whole order's duration: the
 * progress thresholds at which the kitchen moves an order on (completed at 100%).
 */
const SHARE: Record<TimelineStatus, number> = {
  preparing: 0,
  cooking: PROGRESS.cooking / 100,
  plating: PROGRESS.plating / 100,
  delivering: PROGRESS.delivering / 100,
  completed: 1,
}

/**
 * Every step of the timeline: those reached at the time the status history says, the ones ahead
 * estimated from the last step reached and the kitchen's planned duration. When the next step is
 * overdue, every estimate ahead moves by the delay, so a kitchen running late moves the estimate.
 * A cancelled order shows the steps it reached and nothing ahead.
 */
export function buildTimeline(input: {
  events: readonly OrderEvent[]
  createdAt: string
  plannedMs: number
  now: number
  cancelled?: boolean
}): TimelineEntry[] {
  const { events, plannedMs, now } = input
  const reachedAt = new Map<string, number>()
  for (const e of events) {
    // The latest time a status was reached counts (a recalled step is reached again).
    reachedAt.set(e.status, new Date(e.at).getTime())
  }
  if (!reachedAt.has('preparing')) reachedAt.set('preparing', new Date(input.createdAt).getTime())

  let lastIndex = 0
  TIMELINE_STATUSES.forEach((status, index) => {
    if (reachedAt.has(status)) lastIndex = index
  })
  const last = TIMELINE_STATUSES[lastIndex]!
  const lastAt = reachedAt.get(last)!
  const next = TIMELINE_STATUSES[lastIndex + 1]
  const plannedAt = (status: TimelineStatus) => lastAt + (SHARE[status] - SHARE[last]) * plannedMs
  const delay = next ? Math.max(0, now - plannedAt(next)) : 0

  const entries: TimelineEntry[] = []
  TIMELINE_STATUSES.forEach((status, index) => {
    if (index <= lastIndex) {
      const at = reachedAt.get(status)
      // A step skipped over (moved ahead by hand) counts as reached with the next one.
      const when = at ?? nextReached(index)
      entries.push({ status, at: new Date(when).toISOString(), estimated: false })
    } else if (!input.cancelled) {
      entries.push({ status, at: new Date(plannedAt(status) + delay).toISOString(), estimated: true })
    }
  })
  return entries

  function nextReached(index: number): number {
    for (let i = index + 1; i < TIMELINE_STATUSES.length; i++) {
      const at = reachedAt.get(TIMELINE_STATUSES[i]!)
      if (at !== undefined) return at
    }
    return lastAt
  }
}

/**
 * The estimates of a timeline moved on to `now` when the next step is overdue: the client keeps
 * a timeline current between two answers of the server.
 */
export function withDelay(timeline: readonly TimelineEntry[], now: number): TimelineEntry[] {
  const next = timeline.find((e) => e.estimated)
  if (!next) return [...timeline]
  const delay = now - new Date(next.at).getTime()
  if (delay <= 0) return [...timeline]
  return timeline.map((e) =>
    e.estimated ? { ...e, at: new Date(new Date(e.at).getTime() + delay).toISOString() } : e,
  )
}

/** When the order is planned to arrive (delivery) or be ready (pickup), from now. */
export function promisedTime(fulfilment: Fulfilment, plannedMs: number, now: number): Date {
  const share = fulfilment === 'pickup' ? SHARE.delivering : SHARE.completed
  return new Date(now + share * plannedMs)
}
