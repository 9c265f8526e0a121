/**
 * The kitchen's pause: a slammed kitchen stops new orders for 10 to 240 minutes and takes them
 * again by hand or when the time passes (nothing runs at that moment: `pausedUntil` in the past
 * means taking orders). Checkout asks `restaurantPause` in the transaction that places the
 * order; other ways orders arrive (a delivery platform's) ask the same function and deny with
 * its `message`.
 */
import { eq } from 'drizzle-orm'
import { pausedMessage } from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import type { PauseState } from '../../shared/schemas/kitchen'
import type { Db, Tx } from '../db/client'
import { restaurants } from '../db/schema'
import { type Bus, kitchenChannel, restaurantChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import { restaurantNotFound } from './restaurants.errors'

export interface RestaurantPause {
  pausedUntil: Date
  /** "Not taking orders until 8:40 PM", in the restaurant's time zone. */
  message: string
}

/** Whether the restaurant is paused at `now`: until when, and what to tell whoever asks for an order. */
export async function restaurantPause(
  db: Db | Tx,
  restaurantId: number,
  now = new Date(),
): Promise<RestaurantPause | undefined> {
  const [row] = await db
    .select({ pausedUntil: restaurants.pausedUntil, timeZone: restaurants.timeZone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
  return pauseOf(row, now)
}

/** The pause of a restaurant row already read, if it is still running at `now`. */
export function pauseOf(
  row: { pausedUntil: Date | null; timeZone: string } | undefined,
  now = new Date(),
): RestaurantPause | undefined {
  if (!row?.pausedUntil || row.pausedUntil.getTime() <= now.getTime()) return undefined
  return { pausedUntil: row.pausedUntil, message: pausedMessage(row.pausedUntil, row.timeZone) }
}

export function createPauses(deps: {
  db: Db
  bus: Bus
  /** Clears the restaurants' cached reads (the page shows the pause). */
  invalidate: () => Promise<void>
  log?: Pick<Logger, 'warn'>
  now?: () => Date
}) {
  const { db, bus, invalidate, log } = deps
  const clock = deps.now ?? (() => new Date())

  return {
    /** Pauses for `minutes` from now, or takes orders again (null). Access is the route's. */
    async set(restaurantId: number, minutes: number | null): Promise<PauseState> {
      const pausedUntil = minutes === null ? null : new Date(clock().getTime() + minutes * 60_000)
      const [row] = await db
        .update(restaurants)
        .set({ pausedUntil, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId))
        .returning({ id: restaurants.id })
      if (!row) throw restaurantNotFound()
      await invalidate()
      const message = liveMessage.restaurantPaused({
        restaurantId,
        pausedUntil: pausedUntil?.toISOString() ?? null,
      })
      for (const channel of [restaurantChannel(restaurantId), kitchenChannel(restaurantId)]) {
        try {
          await bus.publish(channel, message)
        } catch (error) {
          log?.warn({ err: error, channel }, 'could not publish the pause')
        }
      }
      return { restaurantId, pausedUntil: pausedUntil?.toISOString() ?? null }
    },
  }
}
export type Pauses = ReturnType<typeof createPauses>
