import { queryKeys } from '@client/lib/query-keys'
import { isActiveStatus } from '@shared/constants'
import { type Kitchen, RECENT_WINDOW_MS, type Ticket } from '@shared/schemas/kitchen'
import type { QueryClient } from '@tanstack/react-query'

/** Oldest first: ISO times compare as strings, ties by number. */
const byAge = (a: Ticket, b: Ticket) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id

/** Open tickets oldest first; a completed or cancelled one leaves the rail. */
export function mergeTicket(tickets: Ticket[], ticket: Ticket): Ticket[] {
  return mergeTickets(tickets, [ticket])
}

/** `mergeTicket` for several at once, in the order they came: the last word on a ticket wins. */
export function mergeTickets(tickets: Ticket[], batch: readonly Ticket[]): Ticket[] {
  const latest = new Map(batch.map((t) => [t.id, t]))
  const rest = tickets.filter((t) => !latest.has(t.id))
  const open = [...latest.values()].filter((t) => isActiveStatus(t.status))
  return open.length ? [...rest, ...open].sort(byAge) : rest
}

/** Finished tickets newest first: one that finishes joins the Recent list, one recalled leaves it. */
export function mergeRecent(recent: Ticket[], ticket: Ticket): Ticket[] {
  const rest = recent.filter((t) => t.id !== ticket.id)
  return isActiveStatus(ticket.status) ? rest : [ticket, ...rest]
}

/** The finished tickets still worth showing: the last 30 minutes'. */
export function recentTickets(recent: Ticket[], now: number): Ticket[] {
  return recent.filter((t) => now - Date.parse(t.statusAt) <= RECENT_WINDOW_MS)
}

/** Tickets waiting for the next frame, by cache and restaurant, in the order they came. */
const waiting = new WeakMap<QueryClient, Map<number, Ticket[]>>()

/** Before the next paint; a tab out of sight paints nothing, so it is written a little later. */
function beforeNextPaint(callback: () => void) {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible')
    requestAnimationFrame(callback)
  else setTimeout(callback, 50)
}

function write(queryClient: QueryClient, restaurantId: number, tickets: readonly Ticket[]) {
  queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
    k ? { ...k, orders: mergeTickets(k.orders, tickets), recent: tickets.reduce(mergeRecent, k.recent) } : k,
  )
}

/** The tickets waiting for this restaurant, taken out of the queue. */
function takeWaiting(queryClient: QueryClient, restaurantId: number): Ticket[] {
  const byRestaurant = waiting.get(queryClient)
  const tickets = byRestaurant?.get(restaurantId) ?? []
  byRestaurant?.delete(restaurantId)
  return tickets
}

/**
 * A ticket from the kitchen's channel: written into the console's cache before the next paint,
 * with every other ticket that came before then, as one change. A burst of orders (delivery
 * platforms send dozens a second at a rush) renders the rail once a frame, however many arrive
 * and however long a render takes.
 */
export function queueTicket(queryClient: QueryClient, restaurantId: number, ticket: Ticket) {
  let byRestaurant = waiting.get(queryClient)
  if (!byRestaurant) {
    byRestaurant = new Map()
    waiting.set(queryClient, byRestaurant)
  }
  const queue = byRestaurant.get(restaurantId)
  if (queue) {
    queue.push(ticket)
    return
  }
  byRestaurant.set(restaurantId, [ticket])
  beforeNextPaint(() => {
    const tickets = takeWaiting(queryClient, restaurantId)
    if (tickets.length) write(queryClient, restaurantId, tickets)
  })
}

/**
 * A ticket the server answered (a bump, a recall): written at once, after what the channel
 * queued before it, so the console can move to it and nothing older overwrites it.
 */
export function upsertTicket(queryClient: QueryClient, restaurantId: number, ticket: Ticket) {
  write(queryClient, restaurantId, [...takeWaiting(queryClient, restaurantId), ticket])
}

/** Whether the console has this ticket, on its rail or about to be written there. */
export function hasTicket(queryClient: QueryClient, restaurantId: number, ticketId: number): boolean {
  return (
    waiting
      .get(queryClient)
      ?.get(restaurantId)
      ?.some((t) => t.id === ticketId) === true ||
    queryClient
      .getQueryData<Kitchen>(queryKeys.kitchen(restaurantId))
      ?.orders.some((o) => o.id === ticketId) === true
  )
}

export type PromiseLevel = 'ok' | 'amber' | 'red'
/** Amber within 5 minutes of the promised time, red once it has passed. */
export const PROMISE_AMBER_MS = 5 * 60_000

export function promiseLevel(promisedAt: string | null, now: number): PromiseLevel | undefined {
  if (!promisedAt) return undefined
  const left = Date.parse(promisedAt) - now
  if (left < 0) return 'red'
  if (left <= PROMISE_AMBER_MS) return 'amber'
  return 'ok'
}

/** "12:04 left", "3:10 late": the countdown to the promised time. */
export function formatCountdown(promisedAt: string, now: number): string {
  const ms = Date.parse(promisedAt) - now
  const total = Math.floor(Math.abs(ms) / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  const clock = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
  return ms < 0 ? `${clock} late` : `${clock} left`
}

/** What the live region says of a ticket the console had not seen. */
export function newTicketAnnouncement(ticket: Ticket): string {
  const items = ticket.items.reduce((sum, line) => sum + line.quantity, 0)
  const how = ticket.fulfilment === 'pickup' ? 'pickup' : 'delivery'
  return `New order #${String(ticket.id).padStart(4, '0')} for ${ticket.dinerName}: ${items} ${items === 1 ? 'item' : 'items'}, ${how}`
}

/** The ticket the selection moves to once `id` was bumped: the next one, else the one before it. */
export function nextSelection(ids: number[], id: number): number | undefined {
  const at = ids.indexOf(id)
  if (at < 0) return ids[0]
  if (ids.length === 1) return id
  return ids[at + 1] ?? ids[at - 1]
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
