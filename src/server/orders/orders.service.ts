import { isActiveStatus, ORDER_QUANTITY, STREAM_ACCESS_MS } from '../../shared/constants'
import { type ChoiceProblem, checkChoice } from '../../shared/menu-choice'
import { toDollars } from '../../shared/money'
import type { OrderLine } from '../../shared/order-lines'
import type {
  Order,
  OrderQuote,
  OrderQuoteRequest,
  PlaceOrder,
  Showcase,
  StreamAccess,
} from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import type { Bus } from '../infra/bus'
import type { IdempotentResult } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import { readOptionGroups } from '../restaurants/option-groups.repository'
import { pauseOf } from '../restaurants/pause'
import { runWalletMovement } from '../wallet/wallet-movement'
import { planFulfilment } from './fulfilment'
import { findOrderWithOwner, isRestaurantStaff, orderNumber, toOrderDto } from './order-access'
import { recordOrderCreated } from './order-status'
import {
  invalidOrderItem,
  invalidOrderNumber,
  invalidOrderOptions,
  restaurantNotFound,
  restaurantPaused,
  showcaseNotFound,
} from './orders.errors'
import { createOrdersRepository } from './orders.repository'

export const PLACE_ORDER_SCOPE = 'POST /api/orders'

type WantedLine = PlaceOrder['items'][number]

/**
 * The same dish twice in one cart, with the same options and notes, is one line with the
 * quantities added; with other options it is another line.
 */
export function mergeLines(items: PlaceOrder['items']): WantedLine[] {
  const merged = new Map<string, WantedLine>()
  for (const line of items) {
    const options = [...line.options].sort((a, b) => a - b)
    const key = JSON.stringify([line.menuItemId, options, line.notes ?? ''])
    const seen = merged.get(key)
    if (seen) seen.quantity += line.quantity
    else merged.set(key, { ...line, options })
  }
  return [...merged.values()]
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
  commissionPercent,
  onPlaced,
}: {
  db: Db
  bus: Bus
  log?: Pick<Logger, 'warn'>
  plannedMs: number
  /** The platform's share of food sales (PLATFORM_COMMISSION_PERCENT). */
  commissionPercent?: number
  /** Called once an order is committed (not on a replay); must not throw or wait. */
  onPlaced?: (order: { id: number; userId: number; restaurantId: number; fulfilment: string }) => void
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
      const result = await runWalletMovement<Order>(
        { db, bus, log, commissionPercent },
        { userId, key: idempotencyKey, scope: PLACE_ORDER_SCOPE, statusCode: 201, request: order },
        async (tx, wallet) => {
          const repo = createOrdersRepository(tx)
          const restaurant = await repo.findRestaurant(order.restaurantId)
          if (!restaurant) throw restaurantNotFound()
          const now = new Date()
          const pause = pauseOf(restaurant, now)
          if (pause) throw restaurantPaused(`${restaurant.name} is ${pause.message.replace(/^N/, 'n')}`)
          const plan = await planFulfilment(tx, {
            userId,
            restaurantId: restaurant.id,
            fulfilment: order.fulfilment,
            addressId: order.addressId,
            plannedMs,
            now,
          })

          const wanted = mergeLines(order.items)
          const ids = [...new Set(wanted.map((l) => l.menuItemId))]
          const found = new Map((await repo.findMenuItems(ids)).map((item) => [item.id, item]))
          const groupsOf = await readOptionGroups(tx, ids)
          const lines: OrderLine[] = []
          let subtotalCents = 0
          for (const [index, { menuItemId, quantity, options, notes }] of wanted.entries()) {
            const item = found.get(menuItemId)
            if (!item || item.restaurantId !== restaurant.id) {
              const what = item ? `"${item.name}"` : `Menu item ${menuItemId}`
              throw itemError(`${what} is not on the menu of ${restaurant.name}`)
            }
            if (!item.isAvailable) throw itemError(`"${item.name}" is not available right now`)
            if (quantity > ORDER_QUANTITY.max)
              throw itemError(`You can order at most ${ORDER_QUANTITY.max} of "${item.name}"`)
            // The options are checked against this dish's own groups and priced here, never by the client.
            const checked = checkChoice(item.name, groupsOf.get(menuItemId) ?? [], options)
            if (!checked.ok) throw optionError(checked.problem, index)
            const unitCents = item.priceCents + checked.choice.priceDeltaCents
            const line: OrderLine = { menuItemId, name: item.name, quantity, price: toDollars(unitCents) }
            if (checked.choice.options.length > 0)
              line.options = checked.choice.options.map(({ option, group }) => ({
                id: option.id,
                group: group.name,
                name: option.name,
                priceDelta: option.priceDelta,
                allergens: option.allergens,
              }))
            if (notes) line.notes = notes
            lines.push(line)
            subtotalCents += unitCents * quantity
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
          await wallet.debit({
            userId,
            cents: created.totalPriceCents,
            type: 'order',
            description: `Order #${orderNumber(created.id)} at ${restaurant.name}`,
            reference: `order:${created.id}`,
            pays: {
              restaurantId: restaurant.id,
              kind: 'order',
              orderId: created.id,
              feeCents: plan.deliveryFeeCents,
            },
          })
          return toOrderDto(created)
        },
      )
      if (!result.replayed) {
        await publishActiveOrdersChanged(bus, [userId], log)
        const { id, restaurantId, fulfilment } = result.body
        onPlaced?.({ id, userId, restaurantId, fulfilment })
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
      const mine =
        userId !== undefined &&
        (order.userId === userId ||
          ownerId === userId ||
          (await isRestaurantStaff(db, order.restaurantId, userId)))
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

/** A wrong choice of options: 400, naming the group (`errors` says which group of which line). */
function optionError(problem: ChoiceProblem, line: number) {
  return invalidOrderOptions(problem.message, {
    [problem.group ? `items.${line}.options.${problem.group}` : `items.${line}.options`]: problem.message,
  })
}
