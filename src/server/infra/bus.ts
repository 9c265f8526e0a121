/**
 * Pub/sub between server instances. In-process by default; Redis when REDIS_URL is set, so that
 * every viewer on every instance receives every message, and caches are invalidated everywhere.
 *
 * Neither call waits on the broker: a request whose transaction has committed publishes and
 * answers, whatever state Redis is in. Messages that cannot leave at once wait in a bounded
 * retry queue; when the broker comes back the bus resubscribes its channels, sends what waited
 * and tells `onResync` listeners that messages from other instances may have been missed.
 */
export type BusHandler = (message: unknown) => void

export interface BusStatus {
  /** False while the broker cannot be reached (the instance is degraded, not down). */
  connected: boolean
  /** Messages waiting for the broker. */
  queued: number
}

export interface Bus {
  readonly kind: 'memory' | 'redis'
  /** Hands the message over or queues it; never rejects and never waits for the broker. */
  publish(channel: string, message: unknown): Promise<void>
  /**
   * As `publish`, but when the message can be sent now, resolves once every other listening
   * instance has run its handlers on it (each answers; the broker's own answer means only that it
   * has the message), or after `withinMs` at most; never rejects. For invalidations
   * that the next request, on any instance, must not overtake. The in-process bus has none: it
   * delivers in a microtask, before any later request is read.
   */
  publishConfirmed?(channel: string, message: unknown, withinMs: number): Promise<void>
  /** Listens at once locally; returns a function that removes this handler. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>
  /** Runs `listener` each time the broker connection comes back after a loss. */
  onResync(listener: () => void): () => void
  status(): BusStatus
  close(): Promise<void>
}

export const orderChannel = (orderId: number) => `order:${orderId}`
/** Messages for one signed-in user's own connections: their wallet, their notifications. */
export const userChannel = (userId: number) => `user:${userId}`
/** A restaurant's kitchen console: its tickets, shouts, tips and upsell answers. */
export const kitchenChannel = (restaurantId: number) => `kitchen:${restaurantId}`
/** A restaurant's public page: dishes sold out and back, the kitchen's pause. */
export const restaurantChannel = (restaurantId: number) => `restaurant:${restaurantId}`
export const CACHE_CHANNEL = 'cache:invalidate'
/** A member's role or stations changed, or they left a restaurant's staff: consoles check again. */
export const STAFF_CHANNEL = 'staff:changed'
/** Which restaurants each instance has a kitchen console of (kitchen/console-presence.ts). */
export const CONSOLES_CHANNEL = 'consoles:presence'
