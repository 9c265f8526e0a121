import { isActiveStatus, ORDER_QUANTITY, STREAM_ACCESS_MS } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import type {
  Order,
  OrderLine,
  OrderQuote,
  OrderQuoteRequest,
  PlaceOrder,
  Showcase,
  StreamAccess,
} from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import type { Bus } from '../infra/bus'
import { type IdempotentResult, runIdempotent } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import { recordOrderCreated } from '../kitchen/order-status'
import { publishWalletMovement } from '../wallet/wallet.events'
import { createWalletRepository, type MovementResult } from '../wallet/wallet.repository'
import { planFulfilment } from './fulfilment'
import { findOrderWithOwner, orderNumber, toOrderDto } from './order-access'
import { invalidOrderItem, invalidOrderNumber, restaurantNotFound, showcaseNotFound } from './orders.errors'
import { createOrdersRepository } from './orders.repository'

export const PLACE_ORDER_SCOPE = 'POST /api/orders'

/** The same menu item twice in one cart is one line with the quantities added. */
export function mergeLines(items: PlaceOrder['items']): Map<number, number> {
  const merged = new Map<number, number>()
  for (const { menuItemId, quantity } of items)
    merged.set(menuItemId, (merged.get(menuItemId) ?? 0) + quantity)
  return merged
}

/**
 * `plannedMs`: how long the kitchen plans to take from order to delivery (the autopilot's run);
 * promised and estimated times are planned from it.
 */
export function createOrdersService({
  db,
  bus,
  log,
  plannedMs,
}: {
  db: Db
  bus: Bus
  log?: Pick<Logger, 'warn'>
  plannedMs: number
}) {
  return {
    /** Delivery or pickup as checkout shows it before paying: fee, address, distance, promised time. */
    async quote(userId: number, input: OrderQuoteRequest): Promise<OrderQuote> {
      const plan = await planFulfilment(db, {
        userId,
        restaurantId: input.restaurantId,
        fulfilment: input.fulfilment,
        addressId: input.addressId,
        plannedMs,
        now: new Date(),
      })
      return {
        fulfilment: plan.fulfilment,
        deliveryFee: toDollars(plan.deliveryFeeCents),
        address: plan.address,
        distanceKm: plan.distanceKm,
        deliveryRadiusKm: plan.deliveryRadiusKm,
        promisedAt: plan.promisedAt.toISOString(),
        restaurantAddress: plan.restaurant.address,
      }
    },

    /**
     * Prices the cart from the menu, charges the wallet and creates the order, all in one
     * transaction: a failure anywhere leaves neither an order nor a charge.
     */
    async placeOrder(input: {
      userId: number
      order: PlaceOrder
      idempotencyKey?: string
    }): Promise<IdempotentResult<Order>> {
      const { userId, order, idempotencyKey } = input
      let moved: MovementResult | undefined
      const result = await runIdempotent<Order>(
        db,
        { userId, key: idempotencyKey, scope: PLACE_ORDER_SCOPE, statusCode: 201, request: order },
        async (tx) => {
          const repo = createOrdersRepository(tx)
          const restaurant = await repo.findRestaurant(order.restaurantId)
          if (!restaurant) throw restaurantNotFound()
          const now = new Date()
          const plan = await planFulfilment(tx, {
            userId,
            restaurantId: restaurant.id,
            fulfilment: order.fulfilment,
            addressId: order.addressId,
            plannedMs,
            now,
          })

          const wanted = mergeLines(order.items)
          const found = new Map((await repo.findMenuItems([...wanted.keys()])).map((item) => [item.id, item]))
          const lines: OrderLine[] = []
          let subtotalCents = 0
          for (const [menuItemId, quantity] of wanted) {
            const item = found.get(menuItemId)
            if (!item || item.restaurantId !== restaurant.id) {
              const what = item ? `"${item.name}"` : `Menu item ${menuItemId}`
              throw itemError(`${what} is not on the menu of ${restaurant.name}`)
            }
            if (!item.isAvailable) throw itemError(`"${item.name}" is not available right now`)
            if (quantity > ORDER_QUANTITY.max)
              throw itemError(`You can order at most ${ORDER_QUANTITY.max} of "${item.name}"`)
            lines.push({ menuItemId, name: item.name, quantity, price: toDollars(item.priceCents) })
            subtotalCents += item.priceCents * quantity
          }

          const created = await repo.insert({
            userId,
            restaurantId: restaurant.id,
            status: 'preparing',
            progress: 0,
            totalPriceCents: subtotalCents + plan.deliveryFeeCents,
            items: lines,
            kitchenStartedAt: now,
            fulfilment: plan.fulfilment,
            deliveryAddress: plan.address
              ? {
                  label: plan.address.label,
                  line1: plan.address.line1,
                  line2: plan.address.line2,
                  city: plan.address.city,
                  postcode: plan.address.postcode,
                  latitude: plan.address.latitude,
                  longitude: plan.address.longitude,
                }
              : null,
            distanceKm: plan.distanceKm,
            promisedAt: plan.promisedAt,
            estimatedDelivery: plan.promisedAt,
          })
          await recordOrderCreated(tx, {
            orderId: created.id,
            at: created.createdAt,
            by: { actor: 'diner', userId },
          })
          moved = await createWalletRepository(tx).debit({
            userId,
            cents: created.totalPriceCents,
            type: 'order',
            description: `Order #${orderNumber(created.id)} at ${restaurant.name}`,
            reference: `order:${created.id}`,
          })
          return toOrderDto(created)
        },
      )
      if (!result.replayed) {
        await publishActiveOrdersChanged(bus, [userId], log)
        await publishWalletMovement(bus, moved, log)
      }
      return result
    },

    /**
     * Stream access for an active order of the user's own (or of a restaurant they own), or for
     * the showcase order, which anyone may watch. Any other number is "Invalid order number".
     */
    async grantStreamAccess(input: {
      userId: number | undefined
      orderId: number
      now?: Date
    }): Promise<StreamAccess> {
      const { userId, orderId, now = new Date() } = input
      const row = await findOrderWithOwner(db, orderId)
      if (!row) throw invalidOrderNumber()
      const { order, ownerId } = row
      const mine = userId !== undefined && (order.userId === userId || ownerId === userId)
      if (!order.isShowcase && !(mine && isActiveStatus(order.status))) throw invalidOrderNumber()
      return {
        orderId: order.id,
        grantedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + STREAM_ACCESS_MS).toISOString(),
      }
    },

    async showcase(): Promise<Showcase> {
      const order = await createOrdersRepository(db).findShowcase()
      if (!order) throw showcaseNotFound()
      return { orderId: order.id, restaurantId: order.restaurantId }
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>

function itemError(message: string) {
  return invalidOrderItem(message, { items: message })
}
