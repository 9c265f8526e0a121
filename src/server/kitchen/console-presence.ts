import { randomUUID } from 'node:crypto'
import { type Bus, CONSOLES_CHANNEL } from '../infra/bus'

/** How often an instance with consoles open says so again. */
export const CONSOLES_HEARTBEAT_MS = 10_000
/** An instance's word is trusted this long: three heartbeats, so one lost message forgets nothing. */
export const CONSOLES_TTL_MS = 3 * CONSOLES_HEARTBEAT_MS
/** No instance's word is kept longer than this, whatever it asks. */
const MAX_TTL_MS = 5 * 60_000

/** What instances tell each other on `CONSOLES_CHANNEL`. */
type PresenceMessage =
  /** The restaurants this instance has a console of now (all of them, so a message replaces the last). */
  | { type: 'consoles'; instance: string; restaurants: number[]; ttlMs: number }
  /** An instance started, or its broker came back: every instance says again what it has. */
  | { type: 'consoles_ask'; instance: string }

/**
 * Which restaurants have a kitchen console open on any instance: the owner's "new order" notice
 * is kept for the times none is open (someone at the console sees the ticket arrive). The live
 * channel counts the consoles that join and leave a restaurant's kitchen room here; each instance
 * tells the others over the bus the restaurants it has a console of, at once when that list
 * changes and again every `heartbeatMs`. What another instance said is forgotten `ttlMs` (its
 * own, sent with it) after it was heard, so an instance that died without a word stops counting
 * by then; one that shuts down says "none" on its way out.
 */
export async function createConsolePresence({
  bus,
  heartbeatMs = CONSOLES_HEARTBEAT_MS,
  ttlMs = CONSOLES_TTL_MS,
  instance = randomUUID(),
  now = Date.now,
}: {
  bus: Bus
  heartbeatMs?: number
  ttlMs?: number
  instance?: string
  now?: () => number
}) {
  /** Consoles open here, per restaurant. */
  const local = new Map<number, number>()
  /** What each other instance last said, until when it holds. */
  const others = new Map<string, { restaurants: Set<number>; until: number }>()
  let closed = false

  const tell = (message: PresenceMessage) => {
    if (!closed) void bus.publish(CONSOLES_CHANNEL, message)
  }
  const announce = () => tell({ type: 'consoles', instance, restaurants: [...local.keys()], ttlMs })

  const unsubscribe = await bus.subscribe(CONSOLES_CHANNEL, (raw) => {
    const message = raw as Partial<PresenceMessage> | null
    if (!message || typeof message.instance !== 'string' || message.instance === instance) return
    if (message.type === 'consoles_ask') return announce()
    if (message.type !== 'consoles' || !Array.isArray(message.restaurants)) return
    const restaurants = new Set(message.restaurants.filter((id): id is number => Number.isInteger(id)))
    if (restaurants.size === 0) others.delete(message.instance)
    else {
      const holds = Math.min(Math.max(Number(message.ttlMs) || 0, 0), MAX_TTL_MS)
      others.set(message.instance, { restaurants, until: now() + holds })
    }
  })
  // After a broker outage the others may have missed what changed here, and this one what
  // changed there.
  const stopResync = bus.onResync(() => {
    announce()
    tell({ type: 'consoles_ask', instance })
  })
  const heartbeat = setInterval(() => {
    for (const [id, said] of others) if (said.until <= now()) others.delete(id)
    if (local.size > 0) announce()
  }, heartbeatMs)
  heartbeat.unref()
  tell({ type: 'consoles_ask', instance })

  return {
    opened(restaurantId: number) {
      const count = (local.get(restaurantId) ?? 0) + 1
      local.set(restaurantId, count)
      if (count === 1) announce()
    },
    closed(restaurantId: number) {
      const left = (local.get(restaurantId) ?? 1) - 1
      if (left > 0) return void local.set(restaurantId, left)
      if (local.delete(restaurantId)) announce()
    },
    /** Whether a console of the restaurant is open here, or on an instance heard from lately. */
    isOpen(restaurantId: number): boolean {
      if ((local.get(restaurantId) ?? 0) > 0) return true
      const at = now()
      for (const said of others.values())
        if (said.until > at && said.restaurants.has(restaurantId)) return true
      return false
    },
    /** Says "none" to the others (waiting a little for the broker to pass it on) and stops listening. */
    async close() {
      if (closed) return
      clearInterval(heartbeat)
      stopResync()
      const goodbye: PresenceMessage = { type: 'consoles', instance, restaurants: [], ttlMs }
      closed = true
      await (bus.publishConfirmed?.(CONSOLES_CHANNEL, goodbye, 500) ?? bus.publish(CONSOLES_CHANNEL, goodbye))
      await unsubscribe()
    },
  }
}
export type ConsolePresence = Awaited<ReturnType<typeof createConsolePresence>>
