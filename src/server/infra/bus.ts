/**
 * Pub/sub between server instances. In-process by default; Redis when REDIS_URL is set, so that
 * every viewer on every instance receives every message, and caches are invalidated everywhere.
 */
export type BusHandler = (message: unknown) => void

export interface Bus {
  readonly kind: 'memory' | 'redis'
  publish(channel: string, message: unknown): Promise<void>
  /** Returns a function that removes this handler. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>
  close(): Promise<void>
}

export const orderChannel = (orderId: number) => `order:${orderId}`
/** Messages for one signed-in user's own connections (their wallet). */
export const userChannel = (userId: number) => `user:${userId}`
/** A restaurant's kitchen console: its tickets, shouts, tips and upsell answers. */
export const kitchenChannel = (restaurantId: number) => `kitchen:${restaurantId}`
export const CACHE_CHANNEL = 'cache:invalidate'
