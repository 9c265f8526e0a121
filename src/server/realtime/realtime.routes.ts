import websocket from '@fastify/websocket'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { restaurantChannel, STAFF_CHANNEL } from '../infra/bus'
import type { KitchenAccessRule } from '../kitchen/kitchen-access'
import type { StaffChange } from '../staff/staff.service'
import type { UpsellsService } from '../upsells/upsells.service'
import { LiveConnection } from './connection'
import { createMessageHandler, type DemoTip, recheckKitchen } from './handlers'
import { createHub } from './hub'
import { createKitchenRooms } from './kitchen-rooms'
import { type CurrentTelemetry, createLiveRepository } from './live.repository'
import { createUserFeeds } from './user-feeds'

/** ws closes the connection above this; the product's own limit (LIVE_MAX_MESSAGE_BYTES) answers with an error. */
const WS_MAX_PAYLOAD = 64 * 1024
export const HEARTBEAT_MS = 30_000

export interface LiveRoutesOptions {
  /** What a new viewer of an order sees first: its sensor's reading, or the kitchen's estimate. */
  currentTelemetry: CurrentTelemetry
  /** The open offer a new viewer who is the order's diner sees again. */
  upsells: Pick<UpsellsService, 'openOfferFor'>
  /** A visitor's demo tip (the demo world's); without it, tips go through the API only. */
  demoTip?: DemoTip
}

/** Another site may not open the live channel with a visitor's cookie; clients without an Origin may. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (host && url.host.toLowerCase() === host.toLowerCase()) return true
  return allowed.some((entry) => {
    try {
      return new URL(entry).origin === url.origin
    } catch {
      return false
    }
  })
}

/**
 * The live channel at /ws: viewers subscribe to orders they may watch and receive their status,
 * telemetry, upsell offers, chef shouts and tips as they happen. Money moves only through the
 * REST routes; a visitor who is not signed in may send a demo tip here, which only they see.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (
  app,
  { currentTelemetry, upsells, demoTip },
) => {
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    errorHandler(error, socket, request) {
      // Unclean disconnects are routine for a live channel.
      request.log.debug({ err: error }, 'live connection error')
      socket.terminate()
    },
  })

  const hub = createHub({ bus: app.bus, onError: (err) => app.log.error({ err }, 'live room error') })
  const kitchens = createKitchenRooms({
    bus: app.bus,
    onError: (err) => app.log.error({ err }, 'kitchen room error'),
  })
  const access: KitchenAccessRule = (restaurantId, userId, capability) =>
    app.restaurantAccess(restaurantId, userId, capability)
  const pages = createKitchenRooms({
    bus: app.bus,
    channelOf: restaurantChannel,
    onError: (err) => app.log.error({ err }, 'restaurant room error'),
  })
  const handle = createMessageHandler({
    db: app.db,
    hub,
    kitchens,
    pages,
    consoles: app.consoles,
    authRepo: app.authRepo,
    live: createLiveRepository(app.db, currentTelemetry),
    upsells,
    access,
    demoTip,
  })
  const userFeeds = createUserFeeds({
    bus: app.bus,
    onError: (err) => app.log.error({ err }, 'user feed error'),
  })
  const connections = new Set<LiveConnection>()
  /** Open connections per client address. */
  const perAddress = new Map<string, number>()
  const addressCap = app.config.limits.liveConnectionsPerAddress
  app.metrics.trackLive(() => ({ connections: connections.size, rooms: hub.stats().rooms }))

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat()
  }, HEARTBEAT_MS)
  heartbeat.unref()
  // A member changed or left a restaurant's staff (on any instance): their consoles here are
  // checked again at once, closed or narrowed.
  const staffChanges = app.bus.subscribe(STAFF_CHANNEL, (message) => {
    const { restaurantId, userId } = (message ?? {}) as Partial<StaffChange>
    if (typeof restaurantId !== 'number' || typeof userId !== 'number') return
    for (const connection of connections)
      if (connection.userId === userId && connection.kitchens.has(restaurantId))
        recheckKitchen({ access, kitchens, consoles: app.consoles }, connection, restaurantId).catch(
          (err: unknown) => app.log.error({ err }, 'kitchen access check failed'),
        )
  })
  app.addHook('onClose', async () => {
    await (await staffChanges)()
    clearInterval(heartbeat)
    await hub.close()
    await userFeeds.close()
    await kitchens.close()
    await pages.close()
  })

  async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    if (!originAllowed(request.headers.origin, request.host, app.config.allowedOrigins)) {
      return reply
        .code(403)
        .send({ message: 'This origin may not open the live channel', code: 'realtime.origin_not_allowed' })
    }
  }

  /** Refuses the upgrade of an address that already has its share of connections open. */
  async function checkAddress(request: FastifyRequest, reply: FastifyReply) {
    if ((perAddress.get(request.ip) ?? 0) >= addressCap) {
      app.metrics.liveClosed.inc({ reason: 'address_cap' })
      return reply.code(429).send({ message: 'Too many live connections from this address' })
    }
  }

  app.get(
    '/ws',
    { websocket: true, onRequest: [checkOrigin, checkAddress], schema: { hide: true } },
    (socket, request) => {
      const address = request.ip
      const open = (perAddress.get(address) ?? 0) + 1
      perAddress.set(address, open)
      const connection = new LiveConnection(socket, request, handle, (reason) =>
        app.metrics.liveClosed.inc({ reason }),
      )
      connections.add(connection)
      socket.on('message', (raw, isBinary) => connection.receive(raw, isBinary))
      socket.on('pong', () => connection.markAlive())
      socket.on('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1
        if (left <= 0) perAddress.delete(address)
        else perAddress.set(address, left)
        connections.delete(connection)
        for (const orderId of connection.orders) hub.leave(orderId, connection)
        connection.orders.clear()
        for (const restaurantId of connection.kitchens) {
          kitchens.leave(restaurantId, connection)
          app.consoles.closed(restaurantId)
        }
        connection.kitchens.clear()
        for (const restaurantId of connection.restaurants) pages.leave(restaurantId, connection)
        connection.restaurants.clear()
        if (connection.userId !== undefined) userFeeds.leave(connection.userId, connection)
      })
      // A signed-in diner's connections hear about their own wallet.
      connection.ready = connection.ready.then(async () => {
        if (connection.userId !== undefined && connection.open)
          await userFeeds.join(connection.userId, connection).catch(() => {})
      })
      // Upgrades that raced past the check: the newest one goes.
      if (open > addressCap)
        connection.closeForPolicy('Too many live connections from this address', 'address_cap')
    },
  )
}
