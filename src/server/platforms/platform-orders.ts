/**
 * A delivery platform's order in the kitchen: created in `received` (or accepted at once in an
 * autopilot kitchen or with auto-accept), accepted or denied by the kitchen before the platform's
 * deadline, denied as missed when the deadline passes, and cancelled when the platform cancels
 * it. No diner's wallet is charged: the platform collected the money. The platform is told first
 * on accept (a platform that refuses leaves the order waiting); a deny is kept in the kitchen even
 * when the platform cannot be told, and the reason is shown in the workspace.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { toDollars } from '../../shared/money'
import type { OrderLine } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { menuItems, orders } from '../db/schema'
import type { Logger } from '../infra/logger'
import { orderNumber } from '../orders/order-access'
import { type OrderStatusService, recordOrderCreated, type StatusActor } from '../orders/order-status'
import { statusChangeNotAllowed } from '../orders/orders.errors'
import { createOrdersRepository } from '../orders/orders.repository'
import type { Credentials, PlatformAdapter, PlatformOrder } from './adapter'
import { notAPlatformOrder, notWaitingForAcceptance, platformRefused } from './platforms.errors'
import { createPlatformsRepository, type IntegrationRow } from './platforms.repository'

type OrderRow = typeof orders.$inferSelect

export interface PlatformOrderDeps {
  db: Db
  orderStatus: OrderStatusService
  log?: Pick<Logger, 'warn' | 'error' | 'info'>
  adapterOf(platform: string): PlatformAdapter | undefined
  credentials(row: IntegrationRow): Credentials
  /** The kitchen's consoles are told of the order's ticket. */
  ticketChanged(orderId: number): Promise<unknown>
  /** Seconds the kitchen has to answer (PLATFORM_ACCEPT_SECONDS), else the platform's own. */
  acceptSeconds: number | undefined
  /** The absolute origin of watch links (PUBLIC_URL), else the one the webhook came to. */
  publicUrl: string | undefined
  /** Why the restaurant takes no orders now (a pause), or undefined: such orders are denied with it. */
  pausedReason?(restaurantId: number): Promise<string | undefined>
  /** How long the kitchen plans to take, for the platform's prep time. */
  plannedMs: number
}

export function createPlatformOrders(deps: PlatformOrderDeps) {
  const { db, orderStatus, log } = deps
  const repo = createPlatformsRepository(db)

  const watchUrlOf = (order: Pick<OrderRow, 'watchCode'>, origin: string | undefined) =>
    order.watchCode ? `${deps.publicUrl ?? origin ?? ''}/watch/${order.watchCode}` : null

  async function platformOf(order: OrderRow) {
    if (!order.integrationId || !order.externalId) throw notAPlatformOrder()
    const integration = await repo.integration(order.integrationId)
    const adapter = integration ? deps.adapterOf(integration.platform) : undefined
    if (!integration || !adapter) throw notAPlatformOrder()
    return { integration, adapter, credentials: deps.credentials(integration) }
  }

  /** Lines matched to the menu by the id we published, else by name; unmatched lines keep the platform's name and price. */
  async function matchLines(restaurantId: number, order: PlatformOrder): Promise<OrderLine[]> {
    const menu = await db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
    const byId = new Map(menu.map((m) => [m.id, m]))
    const byName = new Map(menu.map((m) => [m.name.trim().toLowerCase(), m]))
    return order.lines.map((line) => {
      const item =
        (line.menuItemId !== undefined ? byId.get(line.menuItemId) : undefined) ??
        byName.get(line.name.trim().toLowerCase())
      return {
        ...(item ? { menuItemId: item.id } : {}),
        name: item?.name ?? line.name.slice(0, 200),
        quantity: Math.min(Math.max(1, line.quantity), 99),
        price: toDollars(line.priceCents),
      }
    })
  }

  /** The order once in our kitchen, however often the platform sends it. */
  async function create(
    integration: IntegrationRow,
    order: PlatformOrder,
  ): Promise<{ order: OrderRow; created: boolean }> {
    const existing = await repo.orderByExternalId(integration.id, order.externalId)
    if (existing) return { order: existing, created: false }
    const adapter = deps.adapterOf(integration.platform)
    const seconds = deps.acceptSeconds ?? adapter?.acceptSeconds ?? 600
    const userId = await repo.platformGuest(integration.platform)
    const items = await matchLines(integration.restaurantId, order)
    const now = new Date()
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          userId,
          restaurantId: integration.restaurantId,
          status: 'received',
          progress: 0,
          totalPriceCents: order.totalCents,
          items,
          kitchenStartedAt: now,
          fulfilment: order.fulfilment,
          source: integration.platform,
          integrationId: integration.id,
          externalId: order.externalId,
          externalDisplayId: order.displayId,
          customerName: order.customerName.slice(0, 100),
          notes: order.notes,
          acceptBy: new Date(now.getTime() + seconds * 1000),
          estimatedDelivery: new Date(now.getTime() + deps.plannedMs),
          promisedAt: new Date(now.getTime() + deps.plannedMs),
        })
        .onConflictDoNothing({ target: [orders.integrationId, orders.externalId] })
        .returning()
      if (!row) return undefined
      await recordOrderCreated(tx, { orderId: row.id, at: now, by: { actor: 'system' }, status: 'received' })
      return row
    })
    if (!created)
      return { order: (await repo.orderByExternalId(integration.id, order.externalId))!, created: false }
    await deps.ticketChanged(created.id)
    return { order: created, created: true }
  }

  async function accept(orderId: number, by: StatusActor, origin?: string): Promise<OrderRow> {
    const order = await createOrdersRepository(db).findById(orderId)
    if (!order) throw notAPlatformOrder()
    const { integration, adapter, credentials } = await platformOf(order)
    if (order.status !== 'received') throw notWaitingForAcceptance()
    const watchCode = integration.streamEnabled
      ? (order.watchCode ?? randomBytes(16).toString('base64url'))
      : null
    const report = {
      externalId: order.externalId!,
      orderId: order.id,
      status: 'accepted',
      watchUrl: watchUrlOf({ watchCode }, origin),
      prepMinutes: Math.max(1, Math.round(deps.plannedMs / 60_000)),
    }
    try {
      await adapter.accept(credentials, report)
    } catch (error) {
      const reason = (error as Error).message
      await repo.activity(
        integration.id,
        'failed',
        `Accepting #${orderNumber(order.id)} failed: ${reason}`,
        order.id,
      )
      throw platformRefused(reason)
    }
    const changed = await db.transaction(async (tx) => {
      const result = await orderStatus.changeIn(tx, { orderId, from: 'received', to: 'preparing', by })
      await tx
        .update(orders)
        .set({ watchCode, acceptBy: null, kitchenStartedAt: result.at })
        .where(eq(orders.id, orderId))
      return result
    })
    await orderStatus.publish(changed)
    await deps.ticketChanged(orderId)
    await repo.activity(
      integration.id,
      'accepted',
      `Accepted #${orderNumber(order.id)} (${integration.platform} ${order.externalDisplayId ?? order.externalId})`,
      order.id,
    )
    return (await createOrdersRepository(db).findById(orderId))!
  }

  /**
   * Denies a waiting order: by the kitchen with a reason, or as missed when its deadline passed.
   * The kitchen's answer stands even when the platform cannot be told (it then cancels the order itself).
   */
  async function deny(
    orderId: number,
    input: { reason: string; kind: 'denied' | 'missed'; by: StatusActor },
  ): Promise<OrderRow> {
    const order = await createOrdersRepository(db).findById(orderId)
    if (!order) throw notAPlatformOrder()
    const { integration, adapter, credentials } = await platformOf(order)
    if (order.status !== 'received') throw notWaitingForAcceptance()
    const changed = await db.transaction(async (tx) => {
      const result = await orderStatus.changeIn(tx, {
        orderId,
        from: 'received',
        to: 'cancelled',
        by: input.by,
        reason: input.kind,
      })
      await createOrdersRepository(tx).markCancelled(orderId, {
        reason: input.kind,
        note: input.reason,
        refundCents: 0,
        at: result.at,
      })
      await tx.update(orders).set({ acceptBy: null }).where(eq(orders.id, orderId))
      return result
    })
    await orderStatus.publish(changed)
    await deps.ticketChanged(orderId)
    const label = input.kind === 'missed' ? 'Missed' : 'Denied'
    await repo.activity(
      integration.id,
      input.kind,
      `${label} #${orderNumber(order.id)}: ${input.reason}`,
      order.id,
    )
    try {
      await adapter.deny(
        credentials,
        { externalId: order.externalId!, orderId, status: 'denied', watchUrl: null },
        input.reason,
      )
    } catch (error) {
      const reason = (error as Error).message
      log?.warn({ err: error, orderId }, 'the platform was not told of a denied order')
      await repo.activity(
        integration.id,
        'failed',
        `Telling the platform of #${orderNumber(orderId)} failed: ${reason}`,
        orderId,
      )
    }
    return (await createOrdersRepository(db).findById(orderId))!
  }

  /** The platform cancelled its order: cancelled in the kitchen, live. Undefined when the order is not here (yet). */
  async function platformCancel(
    integration: IntegrationRow,
    externalId: string,
  ): Promise<OrderRow | undefined> {
    const order = await repo.orderByExternalId(integration.id, externalId)
    if (!order) return undefined
    if (order.status === 'completed' || order.status === 'cancelled') return order
    try {
      const changed = await db.transaction(async (tx) => {
        const result = await orderStatus.changeIn(tx, {
          orderId: order.id,
          to: 'cancelled',
          by: { actor: 'system' },
          reason: 'platform_cancelled',
        })
        await createOrdersRepository(tx).markCancelled(order.id, {
          reason: 'platform_cancelled',
          note: null,
          refundCents: 0,
          at: result.at,
        })
        await tx.update(orders).set({ acceptBy: null }).where(eq(orders.id, order.id))
        return result
      })
      await orderStatus.publish(changed)
    } catch (error) {
      // Finished meanwhile: nothing left to cancel.
      if ((error as { code?: string }).code !== statusChangeNotAllowed.code) throw error
    }
    await deps.ticketChanged(order.id)
    await repo.activity(
      integration.id,
      'cancelled',
      `The platform cancelled #${orderNumber(order.id)}`,
      order.id,
    )
    return order
  }

  /** Denies as missed every waiting order whose deadline has passed; answers how many. */
  async function sweepDeadlines(now = new Date()): Promise<number> {
    let missed = 0
    for (const { id } of await repo.overdueOrders(now)) {
      try {
        await deny(id, { reason: 'Not accepted in time', kind: 'missed', by: { actor: 'system' } })
        missed++
      } catch (error) {
        // Accepted or denied meanwhile (here or on another instance).
        const code = (error as { code?: string }).code
        if (code !== notWaitingForAcceptance.code && code !== statusChangeNotAllowed.code)
          log?.error({ err: error, orderId: id }, 'could not deny a missed platform order')
      }
    }
    return missed
  }

  /** Later status changes, for the platforms that take them (the generic scheme). */
  async function reportStatus(orderId: number, status: string, origin?: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), inArray(orders.status, [status])))
    if (!order?.integrationId || !order.externalId) return
    const integration = await repo.integration(order.integrationId)
    const adapter = integration ? deps.adapterOf(integration.platform) : undefined
    if (!integration || !adapter?.reportStatus) return
    try {
      await adapter.reportStatus(deps.credentials(integration), {
        externalId: order.externalId,
        orderId,
        status,
        watchUrl: watchUrlOf(order, origin),
      })
    } catch (error) {
      await repo.activity(
        integration.id,
        'failed',
        `Status ${status} of #${orderNumber(orderId)} not delivered: ${(error as Error).message}`,
        orderId,
      )
    }
  }

  return { create, accept, deny, platformCancel, sweepDeadlines, reportStatus, watchUrlOf }
}
export type PlatformOrders = ReturnType<typeof createPlatformOrders>
