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
import { CANCEL_REASON_LABELS } from '../../shared/cancel-reasons'
import { orderSourceLabel } from '../../shared/constants'
import { toDollars } from '../../shared/money'
import type { OrderLine } from '../../shared/order-lines'
import type { Db, Tx } from '../db/client'
import { menuItems, orders } from '../db/schema'
import type { Logger } from '../infra/logger'
import type { KitchenCancelled } from '../orders/cancellation'
import { orderNumber } from '../orders/order-access'
import { type OrderStatusService, recordOrdersCreated, type StatusActor } from '../orders/order-status'
import { statusChangeNotAllowed } from '../orders/orders.errors'
import { createOrdersRepository } from '../orders/orders.repository'
import type { Credentials, KitchenCancel, PlatformAdapter, PlatformOrder } from './adapter'
import { notAPlatformOrder, notWaitingForAcceptance, platformRefused } from './platforms.errors'
import { createPlatformsRepository, type IntegrationRow, kitchenCancelEventId } from './platforms.repository'

type OrderRow = typeof orders.$inferSelect

/** What the outbox keeps of the kitchen's cancel of a platform's order. */
export interface KitchenCancelBody {
  orderId: number
  /** The platform saw it accepted (cancel), or it was still waiting for an answer (deny). */
  accepted: boolean
  reason: KitchenCancel['reason']
  note: string | null
}

export interface PlatformOrderDeps {
  db: Db
  orderStatus: OrderStatusService
  log?: Pick<Logger, 'warn' | 'error' | 'info'>
  adapterOf(platform: string): PlatformAdapter | undefined
  credentials(row: IntegrationRow): Credentials
  /** The kitchen's consoles are told of the order's ticket. */
  ticketChanged(orderId: number): Promise<unknown>
  /** The same for several orders, their tickets read together. */
  ticketsChanged?(orderIds: number[]): Promise<unknown>
  /** Seconds the kitchen has to answer (PLATFORM_ACCEPT_SECONDS), else the platform's own. */
  acceptSeconds: number | undefined
  /** The absolute origin of watch links (PUBLIC_URL), else the one the webhook came to. */
  publicUrl: string | undefined
  /** Why the restaurant takes no orders now (a pause), or undefined: such orders are denied with it. */
  pausedReason?(restaurantId: number): Promise<string | undefined>
  /** How long the kitchen plans to take, for the platform's prep time. */
  plannedMs: number
}

/**
 * When a platform's order is promised once accepted: the platform's own estimate when the order
 * carried one, else the kitchen's planned time counted from acceptance (never from receipt: the
 * minutes spent waiting for an answer are the platform's accept window, not cooking time).
 */
export function promiseOnAccept(
  order: Pick<OrderRow, 'promisedAt'>,
  acceptedAt: Date,
  plannedMs: number,
): Date {
  return order.promisedAt ?? new Date(acceptedAt.getTime() + plannedMs)
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

  type MenuEntry = { id: number; name: string }
  type Menu = { byId: Map<number, MenuEntry>; byName: Map<string, MenuEntry> }

  /** The menus of a batch's restaurants, for matching lines, in one read. */
  async function menusOf(restaurantIds: number[]): Promise<Map<number, Menu>> {
    const rows = await db
      .select({ id: menuItems.id, name: menuItems.name, restaurantId: menuItems.restaurantId })
      .from(menuItems)
      .where(inArray(menuItems.restaurantId, restaurantIds))
    const menus = new Map<number, Menu>(
      restaurantIds.map((id) => [id, { byId: new Map(), byName: new Map() }]),
    )
    for (const item of rows) {
      const menu = menus.get(item.restaurantId)!
      menu.byId.set(item.id, item)
      menu.byName.set(item.name.trim().toLowerCase(), item)
    }
    return menus
  }

  /** Lines matched to the menu by the id we published, else by name; unmatched lines keep the platform's name and price. */
  function matchLines(menu: Menu, order: PlatformOrder): OrderLine[] {
    return order.lines.map((line) => {
      const item =
        (line.menuItemId !== undefined ? menu.byId.get(line.menuItemId) : undefined) ??
        menu.byName.get(line.name.trim().toLowerCase())
      return {
        ...(item ? { menuItemId: item.id } : {}),
        name: item?.name ?? line.name.slice(0, 200),
        quantity: Math.min(Math.max(1, line.quantity), 99),
        price: toDollars(line.priceCents),
      }
    })
  }

  // The account of each platform's customers never changes once made.
  const guests = new Map<string, Promise<number>>()
  const guestOf = (platform: string) => {
    let id = guests.get(platform)
    if (!id) {
      id = repo.platformGuest(platform)
      id.catch(() => guests.delete(platform))
      guests.set(platform, id)
    }
    return id
  }

  const keyOf = (integrationId: number | null, externalId: string | null) => `${integrationId}:${externalId}`

  /**
   * A batch of platform orders, each once in our kitchen however often the platforms send it:
   * one read of those already here, one of the menus, one transaction for the new ones, one read
   * of their tickets for the consoles. An order the batch holds twice is made once.
   */
  async function createMany(
    batch: { integration: IntegrationRow; order: PlatformOrder }[],
  ): Promise<{ order: OrderRow; created: boolean }[]> {
    const pairs = batch.map((b) => ({ integrationId: b.integration.id, externalId: b.order.externalId }))
    const existing = await repo.ordersByExternalIds(pairs)
    const fresh = new Map<string, (typeof batch)[number]>()
    for (const b of batch) {
      const key = keyOf(b.integration.id, b.order.externalId)
      if (!existing.has(key) && !fresh.has(key)) fresh.set(key, b)
    }
    let inserted: OrderRow[] = []
    if (fresh.size > 0) {
      const menus = await menusOf([...new Set([...fresh.values()].map((b) => b.integration.restaurantId))])
      const now = new Date()
      const values = await Promise.all(
        [...fresh.values()].map(async ({ integration, order }) => {
          const adapter = deps.adapterOf(integration.platform)
          const seconds = deps.acceptSeconds ?? adapter?.acceptSeconds ?? 600
          return {
            userId: await guestOf(integration.platform),
            restaurantId: integration.restaurantId,
            status: 'received',
            progress: 0,
            totalPriceCents: order.totalCents,
            items: matchLines(menus.get(integration.restaurantId)!, order),
            kitchenStartedAt: now,
            fulfilment: order.fulfilment,
            source: integration.platform,
            integrationId: integration.id,
            externalId: order.externalId,
            externalDisplayId: order.displayId,
            customerName: order.customerName.slice(0, 100),
            notes: order.notes,
            acceptBy: new Date(now.getTime() + seconds * 1000),
            // Only the platform's own estimate is a promise before the kitchen accepts: ours
            // starts at acceptance (promiseOnAccept).
            estimatedDelivery: order.readyAt ? new Date(order.readyAt) : null,
            promisedAt: order.readyAt ? new Date(order.readyAt) : null,
          } satisfies typeof orders.$inferInsert
        }),
      )
      inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(orders)
          .values(values)
          .onConflictDoNothing({ target: [orders.integrationId, orders.externalId] })
          .returning()
        await recordOrdersCreated(
          tx,
          rows.map((row) => ({ orderId: row.id, at: now, by: { actor: 'system' }, status: 'received' })),
        )
        return rows
      })
    }
    const made = new Map(inserted.map((row) => [keyOf(row.integrationId, row.externalId), row]))
    // Made meanwhile by another instance: read back.
    const raced = [...fresh.keys()].some((key) => !made.has(key))
      ? await repo.ordersByExternalIds(pairs.filter((p) => !made.has(keyOf(p.integrationId, p.externalId))))
      : new Map<string, OrderRow>()
    if (inserted.length > 0)
      await (deps.ticketsChanged
        ? deps.ticketsChanged(inserted.map((row) => row.id))
        : Promise.all(inserted.map((row) => deps.ticketChanged(row.id))))
    const reported = new Set<string>()
    return batch.map(({ integration, order }) => {
      const key = keyOf(integration.id, order.externalId)
      const row = made.get(key)
      if (row && !reported.has(key)) {
        reported.add(key)
        return { order: row, created: true }
      }
      return { order: row ?? existing.get(key) ?? raced.get(key)!, created: false }
    })
  }

  /** The order once in our kitchen, however often the platform sends it. */
  async function create(integration: IntegrationRow, order: PlatformOrder) {
    const [result] = await createMany([{ integration, order }])
    return result!
  }

  async function accept(orderId: number, by: StatusActor, origin?: string): Promise<OrderRow> {
    const order = await createOrdersRepository(db).findById(orderId)
    if (!order) throw notAPlatformOrder()
    const { integration, adapter, credentials } = await platformOf(order)
    if (order.status !== 'received') throw notWaitingForAcceptance()
    const watchCode = integration.streamEnabled
      ? (order.watchCode ?? randomBytes(16).toString('base64url'))
      : null
    const readyAt = promiseOnAccept(order, new Date(), deps.plannedMs)
    const report = {
      externalId: order.externalId!,
      orderId: order.id,
      status: 'accepted',
      watchUrl: watchUrlOf({ watchCode }, origin),
      prepMinutes: Math.max(1, Math.round((readyAt.getTime() - Date.now()) / 60_000)),
      readyAt,
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
        .set({
          watchCode,
          acceptBy: null,
          kitchenStartedAt: result.at,
          promisedAt: readyAt,
          estimatedDelivery: readyAt,
        })
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

  /**
   * The kitchen cancelled a platform's order (Cancel with refund on the console): queued in the
   * cancel's own transaction, so the platform is told if and only if the cancel commits, and
   * told from the inbox's pass with its retries. An order never accepted is denied instead.
   */
  async function queueKitchenCancel(tx: Tx, cancel: KitchenCancelled) {
    const { order } = cancel
    if (!order.integrationId || !order.externalId || order.source === 'clearplate') return
    const body: KitchenCancelBody = {
      orderId: order.id,
      accepted: cancel.from !== 'received',
      reason: cancel.reason === 'diner_request' ? 'other' : cancel.reason,
      note: cancel.note,
    }
    await createPlatformsRepository(tx).storeEvent({
      integrationId: order.integrationId,
      eventId: kitchenCancelEventId(order.id),
      type: 'kitchen.cancel',
      payload: { kind: 'kitchen_cancel', externalId: order.externalId, body, origin: '' },
    })
  }

  /** Tells the platform of the kitchen's cancel; throws the platform's refusal (PlatformCallError). */
  async function tellKitchenCancel(integration: IntegrationRow, externalId: string, body: KitchenCancelBody) {
    const adapter = deps.adapterOf(integration.platform)
    if (!adapter) throw notAPlatformOrder()
    const report = { externalId, orderId: body.orderId, status: 'cancelled', watchUrl: null }
    const label = orderSourceLabel(integration.platform)
    if (body.accepted)
      await adapter.cancel(deps.credentials(integration), report, { reason: body.reason, note: body.note })
    else
      await adapter.deny(
        deps.credentials(integration),
        report,
        body.note ?? CANCEL_REASON_LABELS[body.reason],
      )
    await repo.activity(
      integration.id,
      'cancelled',
      `${label} was told of the kitchen's cancel of #${orderNumber(body.orderId)}`,
      body.orderId,
    )
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

  // Reports under way, which stopping waits for; none starts once stopped (the database may be
  // closing: a bump still in flight must not reach it).
  const reporting = new Set<Promise<void>>()
  let stopped = false

  /**
   * Later status changes, for the platforms that take them (the generic scheme). Never rejects:
   * its callers do not wait for it, and a failure is logged.
   */
  function reportStatus(orderId: number, status: string, origin?: string): Promise<void> {
    if (stopped) return Promise.resolve()
    const report = sendStatus(orderId, status, origin)
      .catch((error: unknown) => log?.error({ err: error, orderId, status }, 'status not reported'))
      .finally(() => reporting.delete(report))
    reporting.add(report)
    return report
  }

  /** Lets the reports under way finish, and starts no other. */
  async function stopReporting() {
    stopped = true
    await Promise.all(reporting)
  }

  async function sendStatus(orderId: number, status: string, origin?: string) {
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

  return {
    create,
    createMany,
    accept,
    deny,
    platformCancel,
    queueKitchenCancel,
    tellKitchenCancel,
    sweepDeadlines,
    reportStatus,
    stopReporting,
    watchUrlOf,
  }
}
export type PlatformOrders = ReturnType<typeof createPlatformOrders>
