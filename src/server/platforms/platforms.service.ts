/**
 * Delivery platforms, end to end: an inbound webhook is verified on its raw bytes and stored in
 * the inbox (once per platform event id) before it is answered; the inbox is processed right
 * after, retried with backoff, and picked up again after a restart. Menus are published to every
 * synced platform when they change (a fingerprint compared every few seconds, whatever changed the
 * menu), and "Check connection" asks the platform.
 */
import { and, asc, eq } from 'drizzle-orm'
import { isActiveStatus, orderSourceLabel } from '../../shared/constants'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { cameras, orders, restaurants } from '../db/schema'
import type { Logger } from '../infra/logger'
import { guardedLookup, playbackUrl } from '../infra/source-policy'
import { orderNumber } from '../orders/order-access'
import type { OrderStatusService } from '../orders/order-status'
import { integrationNotFound } from '../partners/integrations.errors'
import { createSecretBox, loadAppSecret, type SecretBox } from '../partners/secrets'
import {
  type Credentials,
  type Headers,
  type InboundEvent,
  type PlatformAdapter,
  type PlatformOrder,
  type PublishedMenu,
  WebhookRefused,
} from './adapter'
import { createDoorDashAdapter } from './doordash'
import { PlatformCallError } from './platform-http'
import { createPlatformOrders, type KitchenCancelBody } from './platform-orders'
import { syncTurnedOff, watchNotFound } from './platforms.errors'
import {
  type ActivityKind,
  createPlatformsRepository,
  type IntegrationRow,
  type PlatformEventRow,
  type StoredEvent,
} from './platforms.repository'
import { createStandardWebhooksAdapter } from './standard-webhooks'
import { createUberEatsAdapter } from './ubereats'

/** Attempts of one inbox event before it is given up (and shown as failed). */
const MAX_ATTEMPTS = 8
const POLL_MS = 1000
/** Calls to the platforms (and orders accepted or denied) at once. */
const PARALLEL = 16
/**
 * Events claimed at once: one batch's new orders share their reads, one transaction and one read
 * of their tickets, so the inbox's round trips grow with the batches, not the orders.
 */
const BATCH = 100
/** How often the menus' fingerprints are compared: a change reaches the platforms within ~2 passes. */
const MENU_POLL_MS = 4000

/** A platform's answer that retrying cannot change: a 4xx other than a timeout or "too many". */
function isRefusal(error: unknown): boolean {
  const status = error instanceof PlatformCallError ? error.status : undefined
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
}

/** Runs `work` on every item, at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!, i)
    }),
  )
}

export interface PlatformServiceDeps {
  db: Db
  config: Pick<Config, 'appSecret' | 'dataDir' | 'platforms' | 'outbound' | 'kitchen'>
  orderStatus: OrderStatusService
  log?: Pick<Logger, 'warn' | 'error' | 'info'>
  ticketChanged(orderId: number): Promise<unknown>
  /** The same for several orders, their tickets read together (a batch of new orders). */
  ticketsChanged?(orderIds: number[]): Promise<unknown>
  pausedReason?(restaurantId: number): Promise<string | undefined>
  /** Tests swap the adapters' clock. */
  now?: () => number
}

export function createPlatformService(deps: PlatformServiceDeps) {
  const { db, config, log } = deps
  const clock = deps.now ?? Date.now
  const repo = createPlatformsRepository(db)
  let box: SecretBox | undefined
  const secrets = () => (box ??= createSecretBox(loadAppSecret(config)))
  const lookup = guardedLookup(config.outbound.allowPrivateHosts)
  const adapters: Record<string, PlatformAdapter> = {
    ubereats: createUberEatsAdapter({
      apiUrl: config.platforms.ubereatsApiUrl,
      authUrl: config.platforms.ubereatsAuthUrl,
    }),
    doordash: createDoorDashAdapter({ apiUrl: config.platforms.doordashApiUrl }),
    grubhub: createStandardWebhooksAdapter('grubhub', { lookup }),
    seamless: createStandardWebhooksAdapter('seamless', { lookup }),
    postmates: createStandardWebhooksAdapter('postmates', { lookup }),
  }
  const adapterOf = (platform: string) => adapters[platform]

  const open = (row: IntegrationRow, field: 'apiKey' | 'clientSecret') => {
    const stored = row[field]
    if (stored === null) return null
    try {
      return secrets().open(stored, field)
    } catch {
      return null
    }
  }
  const credentials = (row: IntegrationRow): Credentials => ({
    id: row.id,
    restaurantId: row.restaurantId,
    platform: row.platform,
    apiKey: open(row, 'apiKey'),
    clientId: row.clientId,
    clientSecret: open(row, 'clientSecret'),
    merchantId: row.merchantId,
    storeId: row.storeId,
    webhookUrl: row.webhookUrl,
  })

  const platformOrders = createPlatformOrders({
    db,
    orderStatus: deps.orderStatus,
    log,
    adapterOf,
    credentials,
    ticketChanged: deps.ticketChanged,
    ticketsChanged: deps.ticketsChanged,
    acceptSeconds: config.platforms.acceptSeconds,
    publicUrl: config.platforms.publicUrl,
    pausedReason: deps.pausedReason,
    plannedMs: config.kitchen.orderMs,
  })

  const activity = (integrationId: number, kind: ActivityKind, message: string, orderId?: number) =>
    repo
      .activity(integrationId, kind, message, orderId)
      .catch((err: unknown) => log?.warn({ err }, 'activity not recorded'))

  // ---- The inbox ----------------------------------------------------------------------------

  let draining: Promise<void> | undefined
  let again = false
  let stopped = true
  let timer: NodeJS.Timeout | undefined
  let menuTimer: NodeJS.Timeout | undefined

  type Restaurant = { kitchenMode: string }

  /** What a failed attempt leaves: retried after its backoff, or given up after the last attempt. */
  async function attemptFailed(row: PlatformEventRow, integration: IntegrationRow, error: unknown) {
    const event = row.payload as StoredEvent
    const message = (error as Error).message
    // A platform's refusal (a 4xx: the courier has the order, it is finished...) stays one.
    if (row.attempts >= MAX_ATTEMPTS || (event.kind === 'kitchen_cancel' && isRefusal(error))) {
      await repo.markProcessed(row.id, message)
      if (event.kind === 'kitchen_cancel') {
        const { orderId } = event.body as KitchenCancelBody
        await activity(
          integration.id,
          'failed',
          `${orderSourceLabel(integration.platform)} refused the kitchen's cancel of #${orderNumber(orderId)}: ${message}`,
          orderId,
        )
        await told(event)
      } else
        await activity(
          integration.id,
          'failed',
          `Gave up on ${row.type} ${event.externalId ?? ''}: ${message}`,
        )
    } else {
      await repo.markFailed(row.id, message)
    }
  }

  /** The kitchen's consoles see how telling the platform of a cancel ended. */
  async function told(event: StoredEvent) {
    await deps.ticketChanged((event.body as KitchenCancelBody).orderId)
  }

  /**
   * A batch's new orders together: those whose cancel overtook them are never cooked; the rest
   * are read (Uber Eats' from its API, several at once), made in one transaction with one ticket
   * read for the consoles, and then denied (a paused kitchen) or accepted (autopilot, auto-accept)
   * one by one.
   */
  async function processOrders(
    rows: PlatformEventRow[],
    integrations: Map<number, IntegrationRow>,
    restaurants: Map<number, Restaurant>,
  ) {
    if (rows.length === 0) return
    const cancelled = await repo.cancelsStored(
      rows.map((row) => ({ integrationId: row.integrationId, externalId: row.externalId! })),
    )
    const done: number[] = []
    const read: { row: PlatformEventRow; integration: IntegrationRow; order: PlatformOrder }[] = []
    await inParallel(rows, PARALLEL, async (row) => {
      const integration = integrations.get(row.integrationId)!
      if (cancelled.has(`${row.integrationId}:${row.externalId}`)) return void done.push(row.id)
      const event = row.payload as StoredEvent
      const inbound = {
        kind: 'order',
        eventId: row.eventId,
        type: row.type,
        externalId: row.externalId!,
        resourceHref: event.resourceHref,
        order: (event.body as { order?: PlatformOrder }).order,
      } as Extract<InboundEvent, { kind: 'order' }>
      try {
        const order = await adapterOf(integration.platform)!.readOrder(credentials(integration), inbound)
        read.push({ row, integration, order })
      } catch (error) {
        await attemptFailed(row, integration, error)
      }
    })
    read.sort((a, b) => a.row.id - b.row.id)
    let made: Awaited<ReturnType<typeof platformOrders.createMany>>
    try {
      made = await platformOrders.createMany(read)
    } catch (error) {
      for (const { row, integration } of read) await attemptFailed(row, integration, error)
      await repo.markAllProcessed(done)
      return
    }
    await repo
      .activities(
        made.flatMap(({ order: row, created }, i) => {
          const { integration, order } = read[i]!
          return created
            ? [
                {
                  integrationId: integration.id,
                  kind: 'received' as const,
                  message: `Order ${order.displayId ?? order.externalId} from ${order.customerName}`,
                  orderId: row.id,
                },
              ]
            : []
        }),
      )
      .catch((err: unknown) => log?.warn({ err }, 'activity not recorded'))
    const paused = new Map<number, Promise<string | undefined>>()
    const pausedReason = (restaurantId: number) => {
      if (!paused.has(restaurantId))
        paused.set(restaurantId, deps.pausedReason?.(restaurantId) ?? Promise.resolve(undefined))
      return paused.get(restaurantId)!
    }
    await inParallel(made, PARALLEL, async ({ order }, i) => {
      const { row, integration } = read[i]!
      try {
        if (order.status === 'received') {
          const reason = await pausedReason(integration.restaurantId)
          if (reason) await platformOrders.deny(order.id, { reason, kind: 'denied', by: { actor: 'system' } })
          else if (
            integration.autoAccept ||
            restaurants.get(integration.restaurantId)?.kitchenMode === 'autopilot'
          ) {
            try {
              await platformOrders.accept(order.id, { actor: 'system' }, (row.payload as StoredEvent).origin)
            } catch (error) {
              // Left waiting for the kitchen, which sees why in the workspace.
              log?.warn({ err: error, orderId: order.id }, 'automatic acceptance failed')
            }
          }
        }
        done.push(row.id)
      } catch (error) {
        await attemptFailed(row, integration, error)
      }
    })
    await repo.markAllProcessed(done)
  }

  /** An event that is not a new order: a platform's cancel, the kitchen's cancel to tell, anything else. */
  async function processRow(row: PlatformEventRow, integration: IntegrationRow) {
    const event = row.payload as StoredEvent
    try {
      if (event.kind === 'cancel') {
        const cancelled = await platformOrders.platformCancel(integration, event.externalId!)
        // Its order may still be on its way (events out of order): tried again, then given up.
        if (!cancelled && row.attempts < 3) throw new Error('The cancelled order has not arrived yet')
      } else if (event.kind === 'kitchen_cancel') {
        await platformOrders.tellKitchenCancel(
          integration,
          event.externalId!,
          event.body as KitchenCancelBody,
        )
      }
      await repo.markProcessed(row.id)
      if (event.kind === 'kitchen_cancel') await told(event)
    } catch (error) {
      await attemptFailed(row, integration, error)
    }
  }

  /** One claimed batch: its new orders together, then the other events, one order's after the other. */
  async function processBatch(due: PlatformEventRow[]) {
    const integrations = new Map(
      (await repo.integrations([...new Set(due.map((row) => row.integrationId))])).map((i) => [i.id, i]),
    )
    const restaurants = new Map(
      (await repo.restaurants([...new Set([...integrations.values()].map((i) => i.restaurantId))])).map(
        (r) => [r.id, r],
      ),
    )
    for (const row of due)
      if (!integrations.has(row.integrationId)) await repo.markProcessed(row.id, 'integration deleted')
    const known = due.filter((row) => integrations.has(row.integrationId))
    try {
      await processOrders(
        known.filter((row) => row.kind === 'order'),
        integrations,
        restaurants,
      )
    } catch (err) {
      // Claimed and not processed: due again after the backoff.
      log?.error({ err }, 'could not process a batch of platform orders')
    }
    // Several orders at once (most of the time is the platform's API); one order's events in turn.
    const byOrder = new Map<string, PlatformEventRow[]>()
    for (const row of known.filter((r) => r.kind !== 'order')) {
      const key = `${row.integrationId}:${row.externalId ?? row.id}`
      byOrder.set(key, [...(byOrder.get(key) ?? []), row])
    }
    await inParallel([...byOrder.values()], PARALLEL, async (queue) => {
      for (const row of queue) {
        try {
          await processRow(row, integrations.get(row.integrationId)!)
        } catch (err) {
          log?.error({ err, eventId: row.eventId }, 'could not process a platform event')
        }
      }
    })
  }

  async function drainOnce() {
    for (;;) {
      const due = await repo.claimDue(new Date(clock()), BATCH)
      if (due.length === 0) break
      await processBatch(due)
      if (due.length < BATCH) break
    }
    await platformOrders.sweepDeadlines(new Date(clock()))
  }

  /** Processes what is due now; concurrent calls share one pass (and ask for one more after it). */
  function drain(): Promise<void> {
    if (draining) {
      again = true
      return draining
    }
    draining = (async () => {
      do {
        again = false
        await drainOnce()
      } while (again)
    })()
      .catch((err: unknown) => log?.error({ err }, 'platform inbox pass failed'))
      .finally(() => {
        draining = undefined
      })
    return draining
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      void drain().finally(schedule)
    }, POLL_MS)
    timer.unref()
  }

  // ---- Receiving ----------------------------------------------------------------------------

  /**
   * Integrations as the webhook reads them, with their secrets opened, kept a few seconds: a
   * webhook's answer is then one insert (which itself checks the integration is still there
   * with sync on). A signature that fails on a kept copy is checked again on a fresh read.
   */
  const receiving = (() => {
    const KEEP_MS = 5000
    const kept = new Map<number, { at: number; integration?: IntegrationRow; secrets?: Credentials }>()
    return {
      async get(id: number, fresh = false) {
        const hit = kept.get(id)
        if (!fresh && hit && clock() - hit.at < KEEP_MS) return { ...hit, fresh: false }
        const integration = await repo.integration(id)
        const entry = {
          at: clock(),
          integration,
          secrets: integration ? credentials(integration) : undefined,
        }
        if (kept.size >= 1000) kept.clear()
        kept.set(id, entry)
        return { ...entry, fresh: true }
      },
      forget(id: number) {
        kept.delete(id)
      },
    }
  })()

  async function receive(
    integrationId: number,
    raw: Buffer,
    headers: Headers,
    origin: string,
  ): Promise<{ duplicate: boolean }> {
    let known = await receiving.get(integrationId)
    let event: InboundEvent
    for (;;) {
      const { integration, secrets: opened } = known
      const adapter = integration ? adapterOf(integration.platform) : undefined
      try {
        if (!integration || !adapter) throw integrationNotFound()
        if (!integration.syncEnabled) throw syncTurnedOff()
        event = adapter.receive(raw, headers, opened!, clock())
        break
      } catch (error) {
        // Only a fresh read refuses: what was kept may be a moment old (a secret changed, sync
        // turned on, a store set).
        if (!known.fresh) {
          known = await receiving.get(integrationId, true)
          continue
        }
        if (integration && error instanceof WebhookRefused && error.status === 401)
          await activity(integration.id, 'bad_signature', error.message)
        throw error
      }
    }
    const integration = known.integration!
    const stored = await repo.storeEventIfSynced({
      integrationId: integration.id,
      eventId: event.eventId,
      type: event.type,
      payload: {
        kind: event.kind,
        externalId: event.externalId,
        ...(event.kind === 'order' && event.resourceHref ? { resourceHref: event.resourceHref } : {}),
        body: event.kind === 'order' && event.order ? { order: event.order } : {},
        origin,
      },
    })
    if (!stored) {
      // A redelivery, or the integration was deleted or its sync turned off since it was read.
      const now = await receiving.get(integrationId, true)
      if (!now.integration) throw integrationNotFound()
      if (!now.integration.syncEnabled) throw syncTurnedOff()
      return { duplicate: true }
    }
    // A signed order proves the credentials: a pending integration is connected.
    if (integration.status === 'pending') {
      await repo.setIntegrationState(integration.id, { status: 'connected' })
      receiving.forget(integration.id)
    }
    if (!stopped) setImmediate(() => void drain())
    return { duplicate: false }
  }

  // ---- The menu -----------------------------------------------------------------------------

  async function publishedMenu(restaurantId: number): Promise<PublishedMenu> {
    const restaurant = await repo.restaurant(restaurantId)
    const categories = new Map<string, PublishedMenu['categories'][number]>()
    for (const item of await repo.menu(restaurantId)) {
      const category = categories.get(item.category) ?? { name: item.category, items: [] }
      category.items.push({
        id: item.id,
        name: item.name,
        description: item.description,
        priceCents: item.priceCents,
        available: item.isAvailable,
        allergens: item.allergens,
      })
      categories.set(item.category, category)
    }
    return { restaurantId, restaurantName: restaurant?.name ?? '', categories: [...categories.values()] }
  }

  async function syncIntegration(integration: IntegrationRow, hash?: string) {
    const adapter = adapterOf(integration.platform)
    if (!adapter) throw integrationNotFound()
    const menu = await publishedMenu(integration.restaurantId)
    const items = menu.categories.reduce((n, c) => n + c.items.length, 0)
    try {
      await adapter.publishMenu(credentials(integration), menu)
      await repo.setIntegrationState(integration.id, {
        lastSyncedAt: new Date(clock()),
        lastError: null,
        status: 'connected',
        ...(hash ? { publishedMenuHash: hash } : {}),
      })
      await activity(integration.id, 'menu_synced', `Menu published (${items} dishes)`)
      return { status: 'connected' as const, message: `Menu published (${items} dishes)` }
    } catch (error) {
      const message = (error as Error).message
      await repo.setIntegrationState(integration.id, {
        status: 'error',
        lastError: `Menu sync failed: ${message}`,
        // A failed menu is not tried again until the menu changes or the owner asks.
        ...(hash ? { publishedMenuHash: hash } : {}),
      })
      await activity(integration.id, 'menu_failed', `Menu sync failed: ${message}`)
      return { status: 'error' as const, message }
    }
  }

  async function syncChangedMenus() {
    for (const due of await repo.menusToPublish()) {
      const integration = await repo.integration(due.id)
      if (integration?.syncEnabled) await syncIntegration(integration, due.hash)
    }
  }

  function scheduleMenus() {
    if (stopped) return
    menuTimer = setTimeout(() => {
      void syncChangedMenus()
        .catch((err: unknown) => log?.error({ err }, 'menu sync pass failed'))
        .finally(scheduleMenus)
    }, MENU_POLL_MS)
    menuTimer.unref()
  }

  return {
    orders: platformOrders,
    adapterOf,
    receive,
    drain,
    /** Processes the inbox soon, e.g. after the kitchen queued a call to a platform. */
    drainSoon() {
      if (!stopped) setImmediate(() => void drain())
    },
    syncChangedMenus,

    /** Starts the inbox (picking up what a previous run left unprocessed) and the menu sync. */
    start() {
      if (!stopped) return
      stopped = false
      void drain().finally(schedule)
      scheduleMenus()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      if (menuTimer) clearTimeout(menuTimer)
      await Promise.all([draining, platformOrders.stopReporting()])
    },

    async syncNow(integration: IntegrationRow) {
      return syncIntegration(integration)
    },

    async check(integration: IntegrationRow): Promise<{ status: 'connected' | 'error'; message: string }> {
      const adapter = adapterOf(integration.platform)
      if (!adapter) throw integrationNotFound()
      const at = new Date(clock())
      try {
        const message = await adapter.check(credentials(integration))
        await repo.setIntegrationState(integration.id, {
          status: 'connected',
          lastError: null,
          lastCheckedAt: at,
        })
        await activity(integration.id, 'checked', message)
        return { status: 'connected', message }
      } catch (error) {
        const message = (error as Error).message
        await repo.setIntegrationState(integration.id, {
          status: 'error',
          lastError: message,
          lastCheckedAt: at,
        })
        await activity(integration.id, 'checked', `Check failed: ${message}`)
        return { status: 'error', message }
      }
    },

    recentActivity: (integrationId: number) => repo.recentActivity(integrationId, 20),

    /** The public watch page's order: no name, address or price. */
    async watch(code: string) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) throw watchNotFound()
      const [row] = await db
        .select({ order: orders, restaurantName: restaurants.name })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(eq(orders.watchCode, code))
      if (!row) throw watchNotFound()
      const { order } = row
      const cams = await db
        .select({
          id: cameras.id,
          name: cameras.name,
          streamUrl: cameras.streamUrl,
          position: cameras.position,
        })
        .from(cameras)
        .where(and(eq(cameras.restaurantId, order.restaurantId), eq(cameras.isActive, true)))
        .orderBy(asc(cameras.id))
      const live = isActiveStatus(order.status)
      return {
        orderId: order.id,
        restaurantId: order.restaurantId,
        restaurantName: row.restaurantName,
        platform: order.source,
        status: order.status,
        progress: order.progress,
        fulfilment: order.fulfilment as 'delivery' | 'pickup',
        items: (order.items as { name: string; quantity: number }[]).map((l) => ({
          name: l.name,
          quantity: l.quantity,
        })),
        createdAt: order.createdAt.toISOString(),
        cameras: live
          ? cams.map((c) => ({
              id: c.id,
              restaurantId: order.restaurantId,
              name: c.name,
              position: c.position,
              streamUrl: playbackUrl(c),
              isActive: true,
            }))
          : [],
      }
    },
  }
}
export type PlatformService = ReturnType<typeof createPlatformService>
