import { existsSync } from 'node:fs'
import { join } from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { ServerMessage } from '../shared/live-messages'
import { addressRoutes } from './addresses/addresses.routes'
import { createAddressesService } from './addresses/addresses.service'
import { createAllergenRepository } from './allergens/allergens.repository'
import { allergenRoutes } from './allergens/allergens.routes'
import { authRoutes } from './auth/auth.routes'
import { type AuthRepository, createAuthRepository } from './auth/auth.service'
import { createSessionCache, type SessionCache } from './auth/session-cache'
import { createCameraSettingsRepository } from './cameras/camera-settings.repository'
import { cameraSettingsRoutes } from './cameras/camera-settings.routes'
import { cameraStreamRoutes } from './cameras/cameras.routes'
import { chefRoutes } from './chef/chef.routes'
import { type ChefService, createChefService } from './chef/chef.service'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import { autopilotTelemetry } from './demo/autopilot'
import { demoCameraScene } from './demo/camera-scene'
import { mediaRoutes } from './demo/media/media.routes'
import { deviceRoutes } from './devices/devices.routes'
import { createDevicesService, type DevicesService } from './devices/devices.service'
import type { Bus } from './infra/bus'
import { createMemoryBus } from './infra/bus.memory'
import { errorHandler, notFoundBody } from './infra/error-handler'
import { createMetrics, type Metrics, registerMetrics } from './infra/metrics'
import { completeOpenApi, openApiBase } from './infra/openapi'
import { createPageRenderer } from './infra/prerendered-page'
import { createReadCache, type ReadCache } from './infra/read-cache'
import { registerSecurityHeaders } from './infra/security-headers'
import { kitchenRoutes } from './kitchen/kitchen.routes'
import { createKitchenService, type KitchenService } from './kitchen/kitchen.service'
import { kitchenNotices } from './kitchen/kitchen-notices'
import { createOrderStatus, type OrderStatusService } from './kitchen/order-status'
import { menuRoutes } from './menu/menu.routes'
import { createMenuService } from './menu/menu.service'
import { notificationRoutes } from './notifications/notifications.routes'
import { createNotificationsService, type NotificationsService } from './notifications/notifications.service'
import { createOrderReads } from './orders/orders.repository'
import { ordersRoutes } from './orders/orders.routes'
import { createOrdersService } from './orders/orders.service'
import { createInstallationRepository } from './partners/installations.repository'
import { installationRoutes } from './partners/installations.routes'
import { integrationRoutes } from './partners/integrations.routes'
import { createIntegrationService } from './partners/integrations.service'
import { liveRoutes } from './realtime/realtime.routes'
import { restaurantRoutes } from './restaurants/restaurants.routes'
import { createRestaurantService, type RestaurantService } from './restaurants/restaurants.service'
import { reviewRoutes } from './reviews/reviews.routes'
import { createReviewsService } from './reviews/reviews.service'
import { searchRoutes } from './search/search.routes'
import { createSearchService } from './search/search.service'
import { createUploadsRepository } from './uploads/uploads.repository'
import { imageRoutes, uploadRoutes } from './uploads/uploads.routes'
import { upsellRoutes } from './upsells/upsells.routes'
import { createUpsellsService, type UpsellsService } from './upsells/upsells.service'
import { createWalletReads } from './wallet/wallet.repository'
import { walletRoutes } from './wallet/wallet.routes'

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
    metrics: Metrics
  }
}

export interface AppOptions {
  config: Config
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
    disableRequestLogging: config.env === 'test',
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
  app.decorate('restaurants', createRestaurantService(app))
  const notifications = createNotificationsService({ db: database.db, bus, log: app.log })
  app.decorate('notifications', notifications)
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
      config,
      log: app.log,
      listeners: kitchenNotices({ db: database.db, notifications, log: app.log }),
    }),
  )
  app.decorate(
    'upsells',
    createUpsellsService({ db: database.db, bus, notifications, log: app.log, onAnswered: toKitchen }),
  )
  // The demo world plugs in here: the autopilot's telemetry estimate, for what a sensor does not say.
  const estimate = autopilotTelemetry(config.kitchen.orderMs)
  app.decorate(
    'devices',
    await createDevicesService({
      db: database.db,
      bus,
      offlineMs: config.sensors.offlineMs,
      estimate,
      log: app.log,
    }),
  )
  // Those only their route plugins use, and the repositories that routes read and write directly.
  const db = database.db
  const orders = createOrdersService({ db, bus, log: app.log, plannedMs: config.kitchen.orderMs })
  const orderReads = createOrderReads(db)
  const walletReads = createWalletReads(db)
  const menu = createMenuService(app)
  const reviews = createReviewsService({ db, onRestaurantChanged: () => app.restaurants.invalidate() })
  const addresses = createAddressesService({ db })
  const search = createSearchService({ db })
  const integrations = createIntegrationService(app)
  const installations = createInstallationRepository(db)
  const allergenProfiles = createAllergenRepository(db)
  const cameraSettings = createCameraSettingsRepository(db)
  const uploads = createUploadsRepository(db)
  app.addHook('onClose', async () => {
    await app.devices.close()
    await app.cache.close()
    await app.sessions.close()
  })

  await app.register(cookie)
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        // 'self' covers the live channel's ws:/wss: on this origin in current browsers.
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
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
  // invalidations from other instances wait for the bus; unavailable: the database is down.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const busStatus = bus.status()
    const busReport = { kind: bus.kind, connected: busStatus.connected, queued: busStatus.queued }
    try {
      await app.db.execute(sql`select 1`)
    } catch {
      return reply.code(503).send({
        status: 'unavailable',
        message: 'Database unreachable',
        database: { kind: database.kind, ok: false },
        bus: busReport,
      })
    }
    return {
      status: busStatus.connected ? 'ready' : 'degraded',
      database: { kind: database.kind, ok: true },
      bus: busReport,
    }
  })

  await app.register(
    async (api) => {
      await api.register(authRoutes)
      await api.register(restaurantRoutes)
      await api.register(ordersRoutes(orders, orderReads))
      await api.register(walletRoutes(walletReads))
      await api.register(chefRoutes(app.chef))
      await api.register(allergenRoutes(allergenProfiles))
      await api.register(integrationRoutes(integrations))
      await api.register(installationRoutes(installations))
      await api.register(deviceRoutes(app.devices))
      await api.register(kitchenRoutes(app.kitchen))
      await api.register(upsellRoutes(app.upsells))
      await api.register(menuRoutes(menu))
      await api.register(cameraSettingsRoutes(cameraSettings))
      await api.register(uploadRoutes(uploads))
      await api.register(addressRoutes(addresses))
      await api.register(reviewRoutes(reviews))
      await api.register(notificationRoutes(app.notifications))
      await api.register(searchRoutes(search))
    },
    { prefix: '/api' },
  )
  // The demo world plugs in here too: the generated art and what the demo cameras show.
  await app.register(liveRoutes, {
    currentTelemetry: (order, now) => app.devices.snapshot(order, now),
    upsells: app.upsells,
  })
  await app.register(cameraStreamRoutes, { scene: demoCameraScene })
  await app.register(mediaRoutes)
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
