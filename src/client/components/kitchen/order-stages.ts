import { PROGRESS } from '@shared/constants'

/** The order's way through the kitchen, as the status tracker shows it. */
export const STATUS_CHAIN = ['preparing', 'cooking', 'plating', 'delivering', 'completed'] as const

export const TRACKER_STAGES = [
  { status: 'preparing', label: 'Preparation' },
  { status: 'cooking', label: 'Cooking' },
  { status: 'plating', label: 'Plating' },
  { status: 'delivering', label: 'Delivery' },
] as const
export type TrackerStage = (typeof TRACKER_STAGES)[number]

export type StageState = 'Completed' | 'In Progress' | 'Upcoming'

/** Position of a status in the chain; -1 for cancelled or unknown statuses. */
export function statusIndex(status: string): number {
  return (STATUS_CHAIN as readonly string[]).indexOf(status)
}

/** A stage is reached once the order's status is at or beyond it; the current one is in progress. */
export function stageState(stageStatus: string, currentStatus: string): StageState {
  const current = statusIndex(currentStatus)
  const stage = statusIndex(stageStatus)
  if (current < 0 || stage > current) return 'Upcoming'
  return stage === current ? 'In Progress' : 'Completed'
}

/** True once cooking has started: progress at `PROGRESS.cooking` (30) or more, or a status at or beyond cooking. */
export function hasCookingStarted(order: { status: string; progress: number }): boolean {
  return order.progress >= PROGRESS.cooking || statusIndex(order.status) >= statusIndex('cooking')
}

/** True while the dish is on the stove: cooking has started (`hasCookingStarted`) and plating has not. */
export function isCooking(order: { status: string; cookingStarted: boolean }): boolean {
  return order.cookingStarted && statusIndex(order.status) <= statusIndex('cooking')
}
