/**
 * What a restaurant's owner hears about, stored like a diner's notices (the bell, pushed live and
 * to their devices): a new order while no kitchen console of the restaurant is open, a new
 * review, a sensor silent for more than 5 minutes while orders are in the kitchen, a camera whose
 * picture stopped, an order past the time checkout promised. Each notice names its subject, so a
 * pass that runs again (or on another instance) never repeats one.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm'
import { orderSourceLabel } from '../../shared/constants'
import type { Db } from '../db/client'
import { cameras, devices, orders, restaurants } from '../db/schema'
import type { Logger } from '../infra/logger'
import type { NotificationsService } from './notifications.service'

/** A sensor silent this long while orders are in the kitchen is worth the owner's attention. */
export const SENSOR_OFFLINE_NOTICE_MS = 5 * 60_000

const number = (id: number) => `#${String(id).padStart(4, '0')}`
const CLOSED = ['completed', 'cancelled']

export const ownerLinks = {
  kitchen: (restaurantId: number) => `/kitchen/${restaurantId}`,
  devices: (restaurantId: number) => `/partner/${restaurantId}/devices`,
  cameras: (restaurantId: number) => `/partner/${restaurantId}/cameras`,
  reviews: (restaurantId: number) => `/restaurant/${restaurantId}#reviews`,
}

export function createOwnerNotices(deps: {
  db: Db
  notifications: Pick<NotificationsService, 'sendOnce'>
  /** Whether a kitchen console of the restaurant is open (then nobody needs telling of a new order). */
  consoleOpen: (restaurantId: number) => boolean
  log?: Pick<Logger, 'error'>
}) {
  const { db, notifications, consoleOpen, log } = deps

  async function ownerOf(restaurantId: number) {
    const [row] = await db
      .select({ ownerId: restaurants.ownerId, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
    return row?.ownerId ? { ownerId: row.ownerId, name: row.name } : undefined
  }

  /** Never lets a notice's failure reach the request or pass that caused it. */
  async function safely(what: string, run: () => Promise<unknown>) {
    try {
      await run()
    } catch (err) {
      log?.error({ err }, `could not tell the owner of ${what}`)
    }
  }

  return {
    /** A new order (not the showcase): told unless a console of the restaurant is open. */
    orderPlaced(order: {
      id: number
      restaurantId: number
      fulfilment: string
      source?: string
      totalPrice?: number
    }): Promise<void> {
      return safely('a new order', async () => {
        if (consoleOpen(order.restaurantId)) return
        const owner = await ownerOf(order.restaurantId)
        if (!owner) return
        const how = order.fulfilment === 'pickup' ? 'pickup' : 'delivery'
        await notifications.sendOnce({
          userId: owner.ownerId,
          kind: 'new_order',
          orderId: order.id,
          subject: `order:${order.id}`,
          title: `New order ${number(order.id)}`,
          body: `A ${how} order from ${orderSourceLabel(order.source ?? 'clearplate')} at ${owner.name}. Open the kitchen to start it.`,
          link: ownerLinks.kitchen(order.restaurantId),
        })
      })
    },

    reviewed(review: { id: number; restaurantId: number; rating: number; comment: string | null }) {
      return safely('a review', async () => {
        const owner = await ownerOf(review.restaurantId)
        if (!owner) return
        const stars = `${review.rating} ${review.rating === 1 ? 'star' : 'stars'}`
        const comment = review.comment?.trim()
        await notifications.sendOnce({
          userId: owner.ownerId,
          kind: 'new_review',
          orderId: null,
          subject: `review:${review.id}`,
          title: `New review: ${stars}`,
          body: comment
            ? `“${comment.length > 120 ? `${comment.slice(0, 119)}…` : comment}”`
            : `${owner.name} has a new rating.`,
          link: ownerLinks.reviews(review.restaurantId),
        })
      })
    },

    /** A camera that was showing a picture lost its source; `since` names that stretch of picture. */
    cameraStopped(cameraId: number, since: number) {
      return safely('a camera', async () => {
        const [camera] = await db
          .select({
            id: cameras.id,
            name: cameras.name,
            restaurantId: cameras.restaurantId,
            isActive: cameras.isActive,
          })
          .from(cameras)
          .where(eq(cameras.id, cameraId))
        if (!camera?.isActive) return
        const owner = await ownerOf(camera.restaurantId)
        if (!owner) return
        await notifications.sendOnce({
          userId: owner.ownerId,
          kind: 'camera_stopped',
          orderId: null,
          subject: `camera:${camera.id}:${since}`,
          title: `Camera “${camera.name}” stopped`,
          body: 'Diners watching see no picture from it. Check its source in Cameras.',
          link: ownerLinks.cameras(camera.restaurantId),
        })
      })
    },

    /**
     * One pass over what only time reveals: sensors silent for 5 minutes while their restaurant
     * has orders in the kitchen, and orders past their promised time. Returns how many notices it
     * kept.
     */
    async sweep(now = new Date()): Promise<number> {
      let kept = 0
      const count = (sent: unknown) => {
        if (sent) kept++
      }
      try {
        const late = await db
          .select({
            id: orders.id,
            restaurantId: orders.restaurantId,
            promisedAt: orders.promisedAt,
            fulfilment: orders.fulfilment,
            ownerId: restaurants.ownerId,
          })
          .from(orders)
          .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
          .where(
            and(
              notInArray(orders.status, CLOSED),
              eq(orders.isShowcase, false),
              isNotNull(orders.promisedAt),
              lt(orders.promisedAt, now),
              isNotNull(restaurants.ownerId),
            ),
          )
        for (const order of late) {
          const minutes = Math.max(1, Math.round((now.getTime() - order.promisedAt!.getTime()) / 60_000))
          count(
            await notifications.sendOnce({
              userId: order.ownerId!,
              kind: 'order_late',
              orderId: order.id,
              subject: `order:${order.id}`,
              title: `Order ${number(order.id)} is late`,
              body: `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} past the ${order.fulfilment === 'pickup' ? 'pickup' : 'delivery'} time the diner was promised.`,
              link: ownerLinks.kitchen(order.restaurantId),
            }),
          )
        }

        const busy = db
          .selectDistinct({ restaurantId: orders.restaurantId })
          .from(orders)
          .where(and(notInArray(orders.status, CLOSED), eq(orders.isShowcase, false)))
        const silent = await db
          .select({
            id: devices.id,
            name: devices.name,
            restaurantId: devices.restaurantId,
            lastSeenAt: devices.lastSeenAt,
            ownerId: restaurants.ownerId,
          })
          .from(devices)
          .innerJoin(restaurants, eq(restaurants.id, devices.restaurantId))
          .where(
            and(
              isNull(devices.revokedAt),
              isNotNull(devices.lastSeenAt),
              lt(devices.lastSeenAt, new Date(now.getTime() - SENSOR_OFFLINE_NOTICE_MS)),
              isNotNull(restaurants.ownerId),
              inArray(devices.restaurantId, busy),
            ),
          )
        for (const device of silent) {
          const minutes = Math.round((now.getTime() - device.lastSeenAt!.getTime()) / 60_000)
          count(
            await notifications.sendOnce({
              userId: device.ownerId!,
              kind: 'sensor_offline',
              orderId: null,
              // One notice per silence: a sensor that comes back and goes quiet again is told again.
              subject: `device:${device.id}:${device.lastSeenAt!.toISOString()}`,
              title: `Sensor “${device.name}” is offline`,
              body: `No reading for ${minutes} minutes while orders are in the kitchen; diners see the kitchen’s estimate instead.`,
              link: ownerLinks.devices(device.restaurantId),
            }),
          )
        }
      } catch (err) {
        log?.error({ err }, 'could not check for late orders and silent sensors')
      }
      return kept
    },
  }
}
export type OwnerNotices = ReturnType<typeof createOwnerNotices>
