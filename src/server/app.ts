import { existsSync } from 'node:fs'
import { join } from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { ServerMessage } from '../shared/live-messages'
import { addressRoutes } from './addresses/addresses.routes'
import { createAddressesService } from './addresses/addresses.service'
import { createGeocoder } from './addresses/geocoding'
import { createAllergenRepository } from './allergens/allergens.repository'
import { allergenRoutes } from './allergens/allergens.routes'
import { type AuthRepository, createAuthRepository } from './auth/auth.repository'
import { authRoutes } from './auth/auth.routes'
import { createSessionCache, type SessionCache } from './auth/session-cache'
import { createCameraSettingsRepository } from './cameras/camera-settings.repository'
import { cameraSettingsRoutes } from './cameras/camera-settings.routes'
import { cameraStreamRoutes } from './cameras/cameras.routes'
import { chefRoutes } from './chef/chef.routes'
import { type ChefService, createChefService } from './chef/chef.service'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import { urgently } from './db/pglite-turns'
import { deviceRoutes } from './devices/devices.routes'
import { createDevicesService, type DevicesService } from './devices/devices.service'
import { earningsRoutes } from './earnings/earnings.routes'
import { createEarningsService } from './earnings/earnings.service'
import type { Bus } from './infra/bus'
import { createMemoryBus } from './infra/bus.memory'
import { registerDatabaseTurns } from './infra/database-turns'
import { errorHandler, notFoundBody } from './infra/error-handler'
import { createMetrics, type Metrics, registerMetrics } from './infra/metrics'
import { completeOpenApi, openApiBase } from './infra/openapi'
import { createPageRenderer } from './infra/prerendered-page'
import { createReadCache, type ReadCache } from './infra/read-cache'
import { registerSecurityHeaders } from './infra/security-headers'
import { insightsRoutes } from './insights/insights.routes'
import { createInsightsService } from './insights/insights.service'
import { type ConsolePresence, createConsolePresence } from './kitchen/console-presence'
import { estimateByKitchenMode, staffedEstimate } from './kitchen/estimate'
import { kitchenRoutes } from './kitchen/kitchen.routes'
import { createKitchenService, type KitchenService } from './kitchen/kitchen.service'
import { menuRoutes } from './menu/menu.routes'
import { createMenuService } from './menu/menu.service'
import { notificationRoutes } from './notifications/notifications.routes'
import { createNotificationsService, type NotificationsService } from './notifications/notifications.service'
import { createOwnerNotices, type OwnerNotices } from './notifications/owner-notices'
import { allergenNotices } from './orders/allergen-notices'
import { createOrderCancellation } from './orders/cancellation'
import { cookingCurveRoutes } from './orders/cooking-curve.routes'
import { createOrderStatus, type OrderStatusService } from './orders/order-status'
import { createOrderReads } from './orders/orders.repository'
import { ordersRoutes } from './orders/orders.routes'
import { createOrdersService } from './orders/orders.service'
import { refundNotices } from './orders/refund-notices'
import { createInstallationRepository } from './partners/installations.repository'
import { installationRoutes } from './partners/installations.routes'
import { integrationRoutes } from './partners/integrations.routes'
import { createIntegrationService } from './partners/integrations.service'
import { createStripeProvider } from './payments/stripe-provider'
import { createTestProvider } from './payments/test-provider'
import { platformRoutes } from './platforms/platforms.routes'
import { createPlatformService, type PlatformService } from './platforms/platforms.service'
import { pushRoutes } from './push/push.routes'
import { createPushService, type PushService } from './push/push.service'
import { loadVapidKeys } from './push/vapid-keys'
import { liveRoutes } from './realtime/realtime.routes'
import { createPauses, type Pauses, restaurantPause } from './restaurants/pause'
import { restaurantRoutes } from './restaurants/restaurants.routes'
import { createRestaurantService, type RestaurantService } from './restaurants/restaurants.service'
import { reviewRoutes } from './reviews/reviews.routes'
import { createReviewsService } from './reviews/reviews.service'
import { searchRoutes } from './search/search.routes'
import { createSearchService } from './search/search.service'
import { staffRoutes } from './staff/staff.routes'
import { createStaffService, type StaffService } from './staff/staff.service'
import { createUploadsRepository } from './uploads/uploads.repository'
import { imageRoutes, uploadRoutes } from './uploads/uploads.routes'
import { upsellRoutes } from './upsells/upsells.routes'
import { createUpsellsService, type UpsellsService } from './upsells/upsells.service'
import { topUpRoutes } from './wallet/top-ups.routes'
import { createTopUpsService } from './wallet/top-ups.service'
import { createWalletReads } from './wallet/wallet.repository'
import { walletRoutes } from './wallet/wallet.routes'
import { createWalletService } from './wallet/wallet.service'
import type { World } from './world'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    db: Db
    bus: Bus
    cache: ReadCache
    authRepo: AuthRepository
    sessions: SessionCache
    /** Sensors: registration, ingest, and which orders they report on (the kitchen's drivers ask). */
    devices: DevicesService
    /** The kitchen console's service; `ticketChanged` tells a restaurant's consoles about an order. */
    kitchen: KitchenService
    /** Restaurants' public reads (cached) and the owner check every restaurant write obeys. */
    restaurants: RestaurantService
    /** A diner's notifications: stored, then pushed to their sockets. */
    notifications: NotificationsService
    /** The order state machine: every status change, its history and its notice. */
    orderStatus: OrderStatusService
    /** Chef shouts (sent, answered) and tips. */
    chef: ChefService
    /** Upsell offers from choice to answer; both kitchen drivers offer through it. */
    upsells: UpsellsService
    /** What a restaurant's owner is told: new orders, reviews, silent sensors, stopped cameras, late orders. */
    ownerNotices: OwnerNotices
    /** Which restaurants have a kitchen console open, on this instance or another. */
    consoles: ConsolePresence
    /** The kitchen's pause of new orders. */
    pauses: Pauses
    /** Web Push to diners' devices: subscriptions, preferences, and the sender. */
    push: PushService
    /** A restaurant's team: roles, invitations, and the activity log of who did what. */
    staff: StaffService
    /** Delivery platforms: inbound webhooks and their inbox, platform orders, menu sync. */
    platforms: PlatformService
    metrics: Metrics
  }
}

export interface AppOptions {
  config: Config
  /** The world of example restaurants the entry plugs in (the demo world), if any. */
  world?: World
  database: Database
  /** Defaults to the in-process bus. */
  bus?: Bus
  /** The instance's metrics; main.ts shares them with the bus and the kitchen. */
  metrics?: Metrics
  logger?: boolean
}

export async function buildApp({
  config,
  database,
  bus = createMemoryBus(),
  metrics = createMetrics(),
  logger = true,
  world,
}: AppOptions) {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    // Every route validates and serialises with zod: Fastify's default JSON-schema compilers
    // (Ajv, fast-json-stringify) would only cost their loading time on each start.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)
  // First of every hook: the embedded database serves requests in the order they arrived.
  if (database.turns) registerDatabaseTurns(app, database.turns)

  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('bus', bus)
  app.decorate('metrics', metrics)
  app.decorate('cache', await createReadCache(bus))
  const authRepo = createAuthRepository(database.db)
  app.decorate('authRepo', authRepo)
  app.decorate('sessions', await createSessionCache({ bus, load: (id) => authRepo.findSession(id) }))
  // The domains' services, built once and handed to the route plugins, the live channel and
  // (through main.ts) the kitchen's drivers.
  const geocoder = createGeocoder(config.geocoder, app.log)
  app.decorate('restaurants', createRestaurantService(app, geocoder))
  app.decorate('consoles', await createConsolePresence({ bus }))
  app.decorate(
    'pauses',
    createPauses({ db: database.db, bus, invalidate: () => app.restaurants.invalidate(), log: app.log }),
  )
  app.decorate('staff', createStaffService({ db: database.db, bus, log: app.log }))
  // Who may do what in a restaurant: its owner everything, its staff what their role holds
  // (ROLE_CAPABILITIES in auth/access.ts).
  app.decorate('restaurantAccess', (restaurantId, userId, capability) =>
    app.staff.access(restaurantId, userId, capability),
  )
  const push = createPushService({
    db: database.db,
    vapid: loadVapidKeys(config),
    policy: { anyEndpoint: config.push.anyEndpoint, allowPrivateHosts: config.outbound.allowPrivateHosts },
    log: app.log,
  })
  app.decorate('push', push)
  const notifications = createNotificationsService({
    db: database.db,
    bus,
    log: app.log,
    onPushed: (row) => void push.notify(row),
  })
  app.decorate('notifications', notifications)
  app.decorate(
    'ownerNotices',
    createOwnerNotices({
      db: database.db,
      notifications,
      consoleOpen: (restaurantId) => app.consoles.isOpen(restaurantId),
      log: app.log,
    }),
  )
  app.decorate('orderStatus', createOrderStatus({ db: database.db, bus, notifications, log: app.log }))
  // The kitchen console hears of every shout, tip and upsell answer (called once both exist).
  const toKitchen = (orderId: number, message: ServerMessage) => app.kitchen.ticketChanged(orderId, message)
  app.decorate(
    'chef',
    createChefService({
      db: database.db,
      bus,
      cache: app.cache,
      notifications,
      log: app.log,
      commissionPercent: config.payments.commissionPercent,
      onOrderChanged: toKitchen,
    }),
  )
  app.decorate(
    'kitchen',
    createKitchenService({
      db: database.db,
      bus,
      orderStatus: app.orderStatus,
      shouts: app.chef,
      access: (restaurantId, userId, capability) => app.restaurantAccess(restaurantId, userId, capability),
      record: (entry) => app.staff.record(entry),
      config,
      log: app.log,
      // A platform that takes status changes hears of the kitchen's bumps.
      listeners: {
        statusChanged: (event) => void app.platforms.orders.reportStatus(event.orderId, event.status),
      },
    }),
  )
  app.decorate(
    'platforms',
    createPlatformService({
      db: database.db,
      config,
      orderStatus: app.orderStatus,
      log: app.log,
      ticketChanged: (orderId) => app.kitchen.ticketChanged(orderId),
      ticketsChanged: (orderIds) => app.kitchen.ticketsChanged(orderIds),
      // A paused restaurant denies platform orders with the pause's message.
      pausedReason: async (restaurantId) => (await restaurantPause(database.db, restaurantId))?.message,
    }),
  )
  app.decorate(
    'upsells',
    createUpsellsService({
      db: database.db,
      bus,
      notifications,
      log: app.log,
      onAnswered: toKitchen,
      commissionPercent: config.payments.commissionPercent,
    }),
  )
  // The kitchen's estimate, for what a sensor does not say: one per kitchen mode, the order's own
  // (a world plugs in its autopilot's; without one, an autopilot order is estimated as staffed).
  const estimate = estimateByKitchenMode({
    autopilot: (world?.autopilotEstimate ?? staffedEstimate)(config.kitchen.orderMs),
    staffed: staffedEstimate(config.kitchen.orderMs),
  })
  app.decorate(
    'devices',
    await createDevicesService({
      db: database.db,
      bus,
      offlineMs: config.sensors.offlineMs,
      estimate: estimate.telemetry,
      retentionMs: config.telemetryRetentionMs,
      log: app.log,
      access: (restaurantId, userId, capability) => app.restaurantAccess(restaurantId, userId, capability),
    }),
  )
  // Those only their route plugins use, and the repositories that routes read and write directly.
  const db = database.db
  const allergenWarnings = allergenNotices({ db, notifications, log: app.log })
  const ownerNotices = app.ownerNotices
  const orders = createOrdersService({
    db,
    bus,
    log: app.log,
    onPlaced: (order) => {
      allergenWarnings.placed(order)
      void ownerNotices.orderPlaced(order)
    },
    plannedMs: config.kitchen.orderMs,
    commissionPercent: config.payments.commissionPercent,
  })
  const orderReads = createOrderReads(db)
  const cancellation = createOrderCancellation({
    db,
    access: (restaurantId, userId, capability) => app.restaurantAccess(restaurantId, userId, capability),
    record: (entry) => app.staff.record(entry),
    bus,
    orderStatus: app.orderStatus,
    log: app.log,
    listeners: {
      // A delivery platform's order: the platform is told from the inbox's queue, with retries.
      cancelling: (tx, cancel) => app.platforms.orders.queueKitchenCancel(tx, cancel),
      cancelled: (order) => {
        if (order.integrationId) app.platforms.drainSoon()
        return app.kitchen.ticketChanged(order.id)
      },
      ...refundNotices({ db, notifications, log: app.log }),
    },
  })
  const walletReads = createWalletReads(db)
  const payments =
    config.payments.stripe === undefined ? createTestProvider() : createStripeProvider(config.payments.stripe)
  const earnings = createEarningsService({
    db,
    requireOwner: async (restaurantId, userId) => {
      await app.restaurantAccess(restaurantId, userId, 'manage_earnings')
    },
    rail: { name: payments.name, needsAccount: payments.name === 'stripe', transfer: payments.transfer },
    commissionPercent: config.payments.commissionPercent,
    log: app.log,
  })
  const wallet = createWalletService({ db, bus, log: app.log, instantFunds: payments.name === 'test' })
  const topUps = createTopUpsService({ db, bus, log: app.log, provider: payments })
  // Payment events stored but not processed before a restart are processed now.
  app.addHook('onReady', async () => {
    await topUps.processInbox()
    // Platform events stored but not processed before a restart are processed now, and on.
    app.platforms.start()
  })
  const menu = createMenuService(app)
  const reviews = createReviewsService({
    db,
    onRestaurantChanged: () => app.restaurants.invalidate(),
    onReviewed: (review) => ownerNotices.reviewed(review),
  })
  const addresses = createAddressesService({ db, geocoder })
  const insights = createInsightsService({ db })
  const search = createSearchService({ db })
  const integrations = createIntegrationService(app)
  const installations = createInstallationRepository(db)
  const allergenProfiles = createAllergenRepository(db)
  const cameraSettings = createCameraSettingsRepository(db)
  const uploads = createUploadsRepository(db)
  app.addHook('onClose', async () => {
    await app.consoles.close()
    await app.platforms.stop()
    await app.devices.close()
    await app.push.close()
    await app.cache.close()
    await app.sessions.close()
  })

  await app.register(cookie)
  // With Stripe, the payment page loads Stripe.js and its Payment Element (frames) from Stripe,
  // which talk to Stripe's API: the sources Stripe documents for its Content Security Policy.
  const stripe = config.payments.stripe !== undefined
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        // 'self' covers the live channel's ws:/wss: on this origin in current browsers.
        connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: stripe ? ["'self'", 'https://js.stripe.com'] : ["'self'"],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    // The API docs page and HLS segments are same-origin; nothing needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  })
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  // preHandler, so the key can use the parsed body's username.
  await app.register(rateLimit, { global: false, hook: 'preHandler', errorResponseBuilder: rateLimitBody })

  await app.register(swagger, {
    openapi: { info: openApiBase.info },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      completeOpenApi((documentObject as { openapiObject: Record<string, unknown> }).openapiObject) as never,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  registerMetrics(app, metrics, { token: config.metricsToken })

  // ready: everything answers; degraded: requests are served but live messages and cache
  // invalidations wait for the bus (it is away or not answering, or messages wait to go out);
  // unavailable: the database is down.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const busStatus = bus.status()
    const busReport = { kind: bus.kind, connected: busStatus.connected, queued: busStatus.queued }
    try {
      // Ahead of the requests waiting on the embedded database: health says it answers, not how busy it is.
      await urgently(() => app.db.execute(sql`select 1`))
    } catch {
      return reply.code(503).send({
        status: 'unavailable',
        message: 'Database unreachable',
        database: { kind: database.kind, ok: false },
        bus: busReport,
      })
    }
    return {
      status: busStatus.connected && busStatus.queued === 0 ? 'ready' : 'degraded',
      database: { kind: database.kind, ok: true },
      bus: busReport,
    }
  })

  await app.register(
    async (api) => {
      await api.register(authRoutes)
      await api.register(restaurantRoutes)
      await api.register(ordersRoutes(orders, orderReads, cancellation))
      await api.register(walletRoutes(walletReads, wallet))
      await api.register(earningsRoutes(earnings))
      await api.register(topUpRoutes(topUps))
      await api.register(chefRoutes(app.chef))
      await api.register(allergenRoutes(allergenProfiles))
      await api.register(integrationRoutes(integrations))
      await api.register(platformRoutes(app.platforms, integrations))
      await api.register(installationRoutes(installations))
      await api.register(deviceRoutes(app.devices))
      await api.register(kitchenRoutes(app.kitchen))
      await api.register(upsellRoutes(app.upsells))
      await api.register(menuRoutes(menu))
      await api.register(cameraSettingsRoutes(cameraSettings))
      await api.register(uploadRoutes(uploads))
      await api.register(addressRoutes(addresses))
      await api.register(reviewRoutes(reviews))
      await api.register(insightsRoutes(insights))
      await api.register(
        cookingCurveRoutes({
          estimate: estimate.telemetry,
          targetTemperature: (order) => estimate.targetTemperature(order),
        }),
      )
      await api.register(notificationRoutes(app.notifications))
      await api.register(pushRoutes(app.push))
      await api.register(searchRoutes(search))
      await api.register(staffRoutes(app.staff))
    },
    { prefix: '/api' },
  )
  // A world plugs in here too: a visitor's tip, what its cameras show and its generated art.
  await app.register(liveRoutes, {
    currentTelemetry: (order, now) => app.devices.snapshot(order, now),
    upsells: app.upsells,
    demoTip: world?.tip,
  })
  await app.register(cameraStreamRoutes, { scene: world?.cameraScene })
  if (world) await app.register(world.routes)
  await app.register(imageRoutes(uploads))
  await registerClient(app)

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

function rateLimitBody() {
  return { statusCode: 429, message: 'Too many attempts. Please wait a minute and try again.' }
}

/** Serves the built web client: hashed assets cached for a year, every other path gets index.html. */
async function registerClient(app: FastifyInstance) {
  const root = app.config.clientDir
  const hasClient = existsSync(join(root, 'index.html'))
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // @fastify/static 10 passes the Fastify reply here, not the raw response.
        if (path.startsWith(join(root, 'assets')))
          (reply as unknown as FastifyReply).header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  const page = hasClient ? createPageRenderer(app, root, app.config.pagesRenderedAhead) : undefined
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && path !== '/api'
    if (page && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      return page(request, reply)
    }
    return reply.code(404).send(notFoundBody(request.method, path))
  })
}
