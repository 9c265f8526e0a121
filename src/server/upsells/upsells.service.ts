/**
 * Upsells, from offer to answer: once per order, while it cooks, the kitchen offers one dish of
 * the same restaurant that is not in the order and does not carry the diner's allergens
 * (`upsell-choice.ts`); the offer is stored, sent live to the order's diner and kept in their
 * notifications; a new viewer who is that diner sees it again while the dish still cooks;
 * accepting adds the dish to the order and charges the wallet (type `upsell`, with the request's
 * Idempotency-Key), declining is recorded, and a second answer is a 409. Both kitchen drivers
 * (the demo's autopilot and the staffed kitchen) offer through this service.
 */
import type { z } from 'zod'
import { isActiveStatus } from '../../shared/constants'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import type { upsellResultSchema } from '../../shared/schemas/chef'
import { notOrderDiner } from '../chef/chef.errors'
import type { Db } from '../db/client'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { NotificationsService } from '../notifications/notifications.service'
import { orderFacts, upsellOfferedNotice } from '../notifications/order-notices'
import { canViewOrder, lockOrderRow, orderNumber, toOrderDto } from '../orders/order-access'
import { orderNotActive } from '../orders/orders.errors'
import { createOrdersRepository } from '../orders/orders.repository'
import { runWalletMovement } from '../wallet/wallet-movement'
import {
  chooseUpsellItem,
  orderedItems,
  pickByOrder,
  UPSELL_AT_PROGRESS,
  type UpsellPick,
} from './upsell-choice'
import { upsellAnswered, upsellNotFound, upsellUnavailable } from './upsells.errors'
import { createUpsellsRepository, type MenuItemRow } from './upsells.repository'

/** The idempotency scope of an answer (the REST route's). */
export const UPSELL_SCOPE = 'PUT /api/upsells/:upsellId/response'

export type UpsellResult = z.infer<typeof upsellResultSchema>

/** An order as a kitchen driver sees it on a pass: enough to tell whether its offer is due. */
export interface KitchenOrder {
  id: number
  userId: number
  restaurantId: number
  status: string
  progress: number
  isShowcase: boolean
  items: unknown
}

/** The `upsell` live message for an offer of `item`. */
function offerMessage(orderId: number, upsellId: number, item: MenuItemRow, sentAt: number): ServerMessage {
  return liveMessage.upsell(
    {
      orderId,
      upsellId,
      menuItem: {
        id: item.id,
        name: item.name,
        description: item.description,
        price: toDollars(item.priceCents),
        image: item.image,
        allergens: item.allergens,
      },
    },
    sentAt,
  )
}

export function createUpsellsService(deps: {
  db: Db
  bus: Bus
  notifications: NotificationsService
  log?: Pick<Logger, 'warn' | 'error'>
  /** Which of the dishes that fit is offered; the default spreads orders over all of them. */
  pick?: UpsellPick
  /** The platform's share of food sales, add-ons included. */
  commissionPercent?: number
  /** Called after an answer was published (the kitchen console's feed). */
  onAnswered?: (orderId: number, message: ServerMessage) => Promise<unknown>
}) {
  const { db, bus, notifications, log, onAnswered, pick = pickByOrder, commissionPercent } = deps
  const repo = createUpsellsRepository(db)

  /** Committed by now: a bus that is down must not turn the outcome into an error. */
  async function publish(orderId: number, message: ServerMessage) {
    try {
      await bus.publish(orderChannel(orderId), message)
    } catch (err) {
      log?.warn({ err, orderId, type: message.type }, 'could not publish a live message')
    }
  }

  /** Chooses, stores, sends and notifies the order's offer; undefined when nothing fits or it exists. */
  async function offer(order: KitchenOrder): Promise<{ upsellId: number; menuItemId: number } | undefined> {
    if (order.isShowcase) return undefined
    const { menu, avoid } = await repo.choiceInputs(order.restaurantId, order.userId)
    const item = chooseUpsellItem(order.id, menu, orderedItems(order.items), avoid, pick)
    if (!item) return undefined
    const row = await repo.insertShown(order.id, item.id, new Date())
    if (!row) return undefined
    await publish(order.id, offerMessage(order.id, row.id, item, Date.now()))
    try {
      const facts = await orderFacts(db, order.id)
      if (facts) await notifications.send(upsellOfferedNotice(facts, item))
    } catch (err) {
      log?.error({ err, orderId: order.id }, 'could not notify the diner')
    }
    return { upsellId: row.id, menuItemId: item.id }
  }

  return {
    offer,

    /**
     * A kitchen driver's offers: each pass hands over the orders it drives, and those that cook
     * past UPSELL_AT_PROGRESS get their one offer. The driver's own memory of the orders already
     * settled spares the database a look on every pass.
     */
    offers() {
      const settled = new Set<number>()
      return async (active: readonly KitchenOrder[]) => {
        const due = active.filter(
          (o) =>
            !o.isShowcase && o.status === 'cooking' && o.progress >= UPSELL_AT_PROGRESS && !settled.has(o.id),
        )
        if (due.length > 0) {
          for (const id of await repo.ordersWithOffer(due.map((o) => o.id))) settled.add(id)
          for (const order of due) {
            if (settled.has(order.id)) continue
            settled.add(order.id)
            await offer(order)
          }
        }
        // Forget orders that left the kitchen.
        const activeIds = new Set(active.map((o) => o.id))
        for (const id of settled) if (!activeIds.has(id)) settled.delete(id)
      }
    },

    /**
     * The offer to show again to a new viewer: only the order's diner, and only while the dish
     * cooks (from plating on it can no longer be added).
     */
    async openOfferFor(
      order: { id: number; userId: number; isShowcase: boolean; status: string },
      viewerId: number | undefined,
    ): Promise<ServerMessage | undefined> {
      if (viewerId === undefined || viewerId !== order.userId || order.isShowcase) return undefined
      if (order.status !== 'cooking') return undefined
      const row = await repo.openOffer(order.id)
      if (!row) return undefined
      return offerMessage(order.id, row.upsell.id, row.item, row.upsell.shownAt?.getTime() ?? Date.now())
    },

    /** The diner's answer: accepting adds the dish and charges it, once, under the idempotency key. */
    async answer(input: {
      userId: number
      upsellId: number
      accepted: boolean
      idempotencyKey?: string
    }): Promise<UpsellResult> {
      const { userId, upsellId, accepted, idempotencyKey } = input
      let orderId = 0
      const result = await runWalletMovement<UpsellResult>(
        { db, bus, log, commissionPercent },
        {
          userId,
          key: idempotencyKey,
          scope: UPSELL_SCOPE,
          statusCode: 200,
          request: { upsellId, accepted },
        },
        async (tx, wallet) => {
          const txRepo = createUpsellsRepository(tx)
          const offered = await txRepo.withOrder(upsellId)
          if (offered) await lockOrderRow(tx, offered.order.id)
          // Read again under the lock: a cancel may have just committed.
          const row = offered && (await txRepo.withOrder(upsellId))
          if (!row?.upsell.shown || !canViewOrder(row.order, row.ownerId, userId)) throw upsellNotFound()
          const { upsell, order } = row
          orderId = order.id
          if (order.userId !== userId)
            throw notOrderDiner('Only the diner who placed this order can answer its offers')
          if (upsell.respondedAt) throw upsellAnswered()
          if (!isActiveStatus(order.status)) throw orderNotActive()

          // The conditional update decides between two answers racing each other.
          if (!(await txRepo.answer(upsellId, accepted, new Date()))) throw upsellAnswered()
          if (!accepted) return { upsellId, accepted: false }

          const item = await txRepo.menuItem(upsell.menuItemId)
          if (!item?.isAvailable || item.restaurantId !== order.restaurantId)
            throw upsellUnavailable(item ? `"${item.name}" is no longer available` : undefined)
          const updated = await createOrdersRepository(tx).appendLine(
            order.id,
            { menuItemId: item.id, name: item.name, quantity: 1, price: toDollars(item.priceCents) },
            item.priceCents,
          )
          const moved = await wallet.debit({
            userId,
            cents: item.priceCents,
            type: 'upsell',
            description: `Added "${item.name}" to order #${orderNumber(order.id)}`,
            reference: `upsell:${upsellId}`,
            pays: { restaurantId: order.restaurantId, kind: 'add_on', orderId: order.id },
          })
          return {
            upsellId,
            accepted: true,
            order: toOrderDto(updated),
            newBalance: toDollars(moved.balanceCents),
          }
        },
      )
      if (!result.replayed) {
        const message = liveMessage.upsellResult({ orderId, upsellId, accepted: result.body.accepted })
        await publish(orderId, message)
        try {
          await onAnswered?.(orderId, message)
        } catch (err) {
          log?.warn({ err, orderId }, 'could not tell the kitchen of an answer')
        }
        if (result.body.accepted) await publishActiveOrdersChanged(bus, [userId], log)
      }
      return result.body
    },
  }
}
export type UpsellsService = ReturnType<typeof createUpsellsService>
