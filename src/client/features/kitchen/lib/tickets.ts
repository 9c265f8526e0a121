import { queryKeys } from '@client/lib/query-keys'
import { isActiveStatus } from '@shared/constants'
import type { Kitchen, Ticket } from '@shared/schemas/kitchen'
import type { QueryClient } from '@tanstack/react-query'

/** Open tickets oldest first; a completed or cancelled one leaves the rail. */
export function mergeTicket(tickets: Ticket[], ticket: Ticket): Ticket[] {
  const rest = tickets.filter((t) => t.id !== ticket.id)
  if (!isActiveStatus(ticket.status)) return rest
  return [...rest, ticket].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
}

export function upsertTicket(queryClient: QueryClient, restaurantId: number, ticket: Ticket) {
  queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
    k ? { ...k, orders: mergeTicket(k.orders, ticket) } : k,
  )
}

export type AgeLevel = 'fresh' | 'amber' | 'red'

/** How late a ticket is, by its age against the owner's thresholds. */
export function ageLevel(
  createdAt: string,
  now: number,
  thresholds: { amberMinutes: number; redMinutes: number },
): AgeLevel {
  const minutes = (now - Date.parse(createdAt)) / 60_000
  if (minutes >= thresholds.redMinutes) return 'red'
  if (minutes >= thresholds.amberMinutes) return 'amber'
  return 'fresh'
}

/** "4:07", "1:02:30": a ticket's age. */
export function formatAge(createdAt: string, now: number): string {
  const total = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}

/** The tab title: "(3) Kitchen · Name", the count being tickets not yet started. */
export function kitchenTitle(name: string, waiting: number): string {
  return waiting > 0 ? `(${waiting}) Kitchen · ${name}` : `Kitchen · ${name}`
}

/** A station's tablet: the tickets with lines for it. Expo (no station) shows them all. */
export function ticketsForStation(tickets: Ticket[], station: string | undefined): Ticket[] {
  if (!station) return tickets
  return tickets.filter((t) => t.items.some((line) => line.station === station))
}

/** Every line with a station has been bumped by it. */
export function stationsFinished(ticket: Ticket): boolean {
  return ticket.items.every((line) => line.station === null || line.done)
}
