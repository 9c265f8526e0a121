/**
 * Delivery platforms, end to end: an inbound webhook is verified on its raw bytes and stored in
 * the inbox (once per platform event id) before it is answered; the inbox is processed right
 * after, retried with backoff, and picked up again after a restart. Menus are published to every
 * synced platform when they change (a fingerprint compared every few seconds, whatever changed the
 * menu), and "Check connection" asks the platform.
 */
import { and, asc, eq } from 'drizzle-orm'
import { isActiveStatus } from '../../shared/constants'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { cameras, orders, restaurants } from '../db/schema'
import type { Logger } from '../infra/logger'
import { guardedLookup, playbackUrl } from '../infra/source-policy'
import type { OrderStatusService } from '../orders/order-status'
import { integrationNotFound } from '../partners/integrations.errors'
import { createSecretBox, loadAppSecret, type SecretBox } from '../partners/secrets'
import {
  type Credentials,
  type Headers,
  type InboundEvent,
  type PlatformAdapter,
  type PublishedMenu,
  WebhookRefused,
} from './adapter'
import { createDoorDashAdapter } from './doordash'
import { createPlatformOrders } from './platform-orders'
import { syncTurnedOff, watchNotFound } from './platforms.errors'
import {
  type ActivityKind,
  createPlatformsRepository,
  type IntegrationRow,
  type StoredEvent,
} from './platforms.repository'
import { createStandardWebhooksAdapter } from './standard-webhooks'
import { createUberEatsAdapter } from './ubereats'

/** Attempts of one inbox event before it is given up (and shown as failed). */
const MAX_ATTEMPTS = 8
const POLL_MS = 1000
/** Events processed at once. */
const PARALLEL = 16
/** How often the menus' fingerprints are compared: a change reaches the platforms within ~2 passes. */
const MENU_POLL_MS = 4000

export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000, 1000 * 2 ** Math.max(0, attempt - 1))
}

export interface PlatformServiceDeps {
  db: Db
  config: Pick<Config, 'appSecret' | 'dataDir' | 'platforms' | 'outbound' | 'kitchen'>
  orderStatus: OrderStatusService
  log?: Pick<Logger, 'warn' | 'error' | 'info'>
  ticketChanged(orderId: number): Promise<unknown>
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

  async function processOrder(
    integration: IntegrationRow,
    event: StoredEvent & { eventType: string },
    restaurant: { kitchenMode: string },
  ) {
    const adapter = adapterOf(integration.platform)!
    const inbound = {
      kind: 'order',
      eventId: '',
      type: event.eventType,
      externalId: event.externalId!,
      resourceHref: event.resourceHref,
      order: (event.body as { order?: unknown }).order,
    } as Extract<InboundEvent, { kind: 'order' }>
    // A cancel that overtook its order: the order is not cooked at all.
    if (await repo.cancelStored(integration.id, event.externalId!)) return
    const order = await adapter.readOrder(credentials(integration), inbound)
    const { order: row, created } = await platformOrders.create(integration, order)
    if (created)
      await activity(
        integration.id,
        'received',
        `Order ${order.displayId ?? order.externalId} from ${order.customerName}`,
        row.id,
      )
    if (row.status !== 'received') return
    const paused = await deps.pausedReason?.(integration.restaurantId)
    if (paused) {
      await platformOrders.deny(row.id, { reason: paused, kind: 'denied', by: { actor: 'system' } })
      return
    }
    if (integration.autoAccept || restaurant.kitchenMode === 'autopilot') {
      try {
        await platformOrders.accept(row.id, { actor: 'system' }, event.origin)
      } catch (error) {
        // Left waiting for the kitchen, which sees why in the workspace.
        log?.warn({ err: error, orderId: row.id }, 'automatic acceptance failed')
      }
    }
  }

  async function processRow(row: Awaited<ReturnType<typeof repo.dueEvents>>[number]) {
    if (!(await repo.claim(row.id, row.attempts, new Date(clock() + retryDelayMs(row.attempts + 1))))) return
    const integration = await repo.integration(row.integrationId)
    if (!integration) return repo.markProcessed(row.id, 'integration deleted')
    const restaurant = await repo.restaurant(integration.restaurantId)
    const event = { ...(row.payload as StoredEvent), eventType: row.type }
    try {
      if (event.kind === 'order')
        await processOrder(integration, event, restaurant ?? { kitchenMode: 'staffed' })
      else if (event.kind === 'cancel') {
        const cancelled = await platformOrders.platformCancel(integration, event.externalId!)
        // Its order may still be on its way (events out of order): tried again, then given up.
        if (!cancelled && row.attempts + 1 < 3) throw new Error('The cancelled order has not arrived yet')
      }
      await repo.markProcessed(row.id)
    } catch (error) {
      const message = (error as Error).message
      if (row.attempts + 1 >= MAX_ATTEMPTS) {
        await repo.markProcessed(row.id, message)
        await activity(
          integration.id,
          'failed',
          `Gave up on ${row.type} ${event.externalId ?? ''}: ${message}`,
        )
      } else {
        await repo.markFailed(row.id, message)
      }
    }
  }

  async function drainOnce() {
    for (;;) {
      const due = await repo.dueEvents(new Date(clock()), 40)
      if (due.length === 0) break
      // Several at once: most of an event's time is spent waiting for the platform's API.
      // Events of one platform order stay in order: they are processed one after the other.
      const byOrder = new Map<string, typeof due>()
      for (const row of due) {
        const key = `${row.integrationId}:${row.externalId ?? row.id}`
        byOrder.set(key, [...(byOrder.get(key) ?? []), row])
      }
      const queues = [...byOrder.values()]
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, queues.length) }, async () => {
          for (let queue = queues.shift(); queue; queue = queues.shift())
            for (const row of queue) {
              try {
                await processRow(row)
              } catch (err) {
                log?.error({ err, eventId: row.eventId }, 'could not process a platform event')
              }
            }
        }),
      )
      if (due.length < 40) break
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

  async function receive(
    integrationId: number,
    raw: Buffer,
    headers: Headers,
    origin: string,
  ): Promise<{ duplicate: boolean }> {
    const integration = await repo.integration(integrationId)
    const adapter = integration ? adapterOf(integration.platform) : undefined
    if (!integration || !adapter) throw integrationNotFound()
    if (!integration.syncEnabled) throw syncTurnedOff()
    let event: InboundEvent
    try {
      event = adapter.receive(raw, headers, credentials(integration), clock())
    } catch (error) {
      if (error instanceof WebhookRefused && error.status === 401)
        await activity(integration.id, 'bad_signature', error.message)
      throw error
    }
    const stored = await repo.storeEvent({
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
    if (!stored) return { duplicate: true }
    // A signed order proves the credentials: a pending integration is connected.
    if (integration.status === 'pending')
      await repo.setIntegrationState(integration.id, { status: 'connected' })
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
      await draining
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
