import type { Duplex } from 'node:stream'
import websocket from '@fastify/websocket'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { clientMessageSchema, LIVE_MAX_MESSAGE_BYTES, type ServerMessage } from '../../shared/live-messages'
import { toCents, toDollars } from '../../shared/money'
import { currentUser } from '../auth/auth.guard'
import { SESSION_COOKIE } from '../auth/auth.service'
import { createChefService } from '../chef/chef.service'
import { menuItems, orders, telemetry, upsells } from '../db/schema'
import { AppError } from '../errors'
import { findViewableOrder } from '../orders/order-access'
import { createHub, type HubMember } from './hub'
import { readingAt } from './telemetry-model'

/** ws closes the connection above this; the product's own limit (LIVE_MAX_MESSAGE_BYTES) answers with an error. */
const WS_MAX_PAYLOAD = 64 * 1024
export const HEARTBEAT_MS = 30_000
/** A viewer this far behind skips messages instead of buffering them without end. */
export const MAX_BUFFERED_BYTES = 1024 * 1024
/** Consecutive skipped messages after which a stalled viewer is disconnected. */
const MAX_SKIPPED = 200
export const MAX_SUBSCRIPTIONS = 50
/** Messages a connection may send per 10 seconds. */
const RATE_LIMIT = { messages: 100, windowMs: 10_000 }
const DEMO_TIP_INTERVAL_MS = 3000

const MESSAGE_TYPES = new Set(clientMessageSchema.options.map((o) => o.shape.type.value as string))
type Parsed = ReturnType<typeof clientMessageSchema.parse>

const TEXT = { binary: false }
const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.'

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
 * telemetry, upsell offers, chef shouts and tips as they happen; signed-in diners send chef
 * shouts, tips and upsell answers on it.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    errorHandler(error, socket, request) {
      // Unclean disconnects are routine for a live channel.
      request.log.debug({ err: error }, 'live connection error')
      socket.terminate()
    },
  })

  const hub = createHub({ bus: app.bus, onError: (err) => app.log.error({ err }, 'live room error') })
  const chef = createChefService({ db: app.db, bus: app.bus, log: app.log })
  const connections = new Set<LiveConnection>()

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat()
  }, HEARTBEAT_MS)
  heartbeat.unref()
  app.addHook('onClose', async () => {
    clearInterval(heartbeat)
    await hub.close()
  })

  async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    if (!originAllowed(request.headers.origin, request.host, app.config.allowedOrigins)) {
      return reply.code(403).send({ message: 'This origin may not open the live channel' })
    }
  }

  /** Current status and telemetry of an order, read from the database. */
  async function loadSnapshot(orderId: number) {
    const [order] = await app.db
      .select({
        status: orders.status,
        progress: orders.progress,
        kitchenStartedAt: orders.kitchenStartedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
    if (!order) return {}
    const [reading] = await app.db
      .select({
        temperature: telemetry.temperature,
        cookingTime: telemetry.cookingTime,
        status: telemetry.status,
      })
      .from(telemetry)
      .where(eq(telemetry.orderId, orderId))
    const sentAt = Date.now()
    const data =
      reading ??
      readingAt(orderId, order.kitchenStartedAt.getTime(), sentAt, app.config.kitchen.orderMs).telemetry
    const status: ServerMessage = {
      type: 'status',
      orderId,
      status: order.status,
      progress: order.progress,
      sentAt,
    }
    const telemetryMessage: ServerMessage = { type: 'telemetry', orderId, data, sentAt }
    return { status, telemetry: telemetryMessage }
  }

  /** The upsell offered with this order that its diner has not answered yet. */
  async function pendingUpsell(orderId: number): Promise<ServerMessage | undefined> {
    const [row] = await app.db
      .select({ upsell: upsells, item: menuItems })
      .from(upsells)
      .innerJoin(menuItems, eq(menuItems.id, upsells.menuItemId))
      .where(and(eq(upsells.orderId, orderId), eq(upsells.shown, true), isNull(upsells.respondedAt)))
      .orderBy(desc(upsells.id))
      .limit(1)
    if (!row) return undefined
    return {
      type: 'upsell',
      orderId,
      upsellId: row.upsell.id,
      menuItem: {
        id: row.item.id,
        name: row.item.name,
        description: row.item.description,
        price: toDollars(row.item.priceCents),
        image: row.item.image,
      },
      sentAt: row.upsell.shownAt?.getTime() ?? Date.now(),
    }
  }

  class LiveConnection implements HubMember {
    readonly orders = new Set<number>()
    userId: number | undefined
    private alive = true
    private skipped = 0
    private queue: Promise<void> = Promise.resolve()
    private pending = 0
    private windowStart = Date.now()
    private windowCount = 0
    private lastDemoTip = 0
    private readonly user: ReturnType<typeof currentUser>
    /** Kept instead of the request, which a long-lived connection need not hold on to. */
    private readonly sessionToken: string | undefined
    private readonly log: FastifyRequest['log']

    constructor(
      readonly socket: WebSocket,
      request: FastifyRequest,
    ) {
      this.sessionToken = request.cookies[SESSION_COOKIE]
      this.log = request.log
      this.user = currentUser(request).catch(() => undefined)
      this.user.then((u) => {
        this.userId = u?.id
      })
    }

    get open() {
      return this.socket.readyState === this.socket.OPEN
    }

    send(data: Buffer, ...more: Buffer[]) {
      if (!this.open) return
      if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        if (++this.skipped > MAX_SKIPPED) this.socket.terminate()
        return
      }
      this.skipped = 0
      if (more.length === 0) {
        this.socket.send(data, TEXT)
        return
      }
      // ws has no batch send: corking its socket turns these frames into one write.
      const raw = (this.socket as unknown as { _socket?: Duplex })._socket
      raw?.cork()
      this.socket.send(data, TEXT)
      for (const next of more) this.socket.send(next, TEXT)
      raw?.uncork()
    }

    sendMessage(message: ServerMessage) {
      this.send(Buffer.from(JSON.stringify(message)))
    }

    error(message: string, extra: { code?: string; request?: string } = {}) {
      this.sendMessage({ type: 'error', message, ...extra })
    }

    heartbeat() {
      if (!this.open) return
      if (!this.alive) {
        this.socket.terminate()
        return
      }
      this.alive = false
      this.socket.ping()
    }

    markAlive() {
      this.alive = true
    }

    /** Parses and checks one incoming message, then handles it after the ones before it. */
    receive(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
      this.alive = true
      const now = Date.now()
      if (now - this.windowStart > RATE_LIMIT.windowMs) {
        this.windowStart = now
        this.windowCount = 0
      }
      if (++this.windowCount > RATE_LIMIT.messages) {
        this.error('Too many messages. Please slow down.', { code: 'rate_limited' })
        return
      }
      const bytes = Array.isArray(raw)
        ? Buffer.concat(raw)
        : raw instanceof ArrayBuffer
          ? Buffer.from(raw)
          : raw
      if (bytes.length > LIVE_MAX_MESSAGE_BYTES) {
        this.error(`Message too large: at most ${LIVE_MAX_MESSAGE_BYTES} bytes`, { code: 'too_large' })
        return
      }
      if (isBinary) {
        this.error('Send messages as JSON text', { code: 'bad_message' })
        return
      }
      let json: unknown
      try {
        json = JSON.parse(bytes.toString('utf8'))
      } catch {
        this.error('Messages must be valid JSON', { code: 'bad_message' })
        return
      }
      const type = json && typeof json === 'object' ? (json as { type?: unknown }).type : undefined
      if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) {
        this.error('Unknown message type', { code: 'unknown_type' })
        return
      }
      const parsed = clientMessageSchema.safeParse(json)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path.join('.')
        this.error(`Invalid ${type} message: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`, {
          code: 'bad_message',
          request: type,
        })
        return
      }
      if (this.pending >= 20) {
        this.error('Too many messages waiting. Please slow down.', { code: 'rate_limited', request: type })
        return
      }
      this.pending++
      this.queue = this.queue
        .then(() => this.handle(parsed.data))
        .catch((error: unknown) => {
          if (error instanceof AppError) {
            this.error(error.message, { request: type })
          } else {
            this.log.error({ err: error }, 'live message failed')
            this.error(INTERNAL_ERROR, { request: type })
          }
        })
        .finally(() => {
          this.pending--
        })
    }

    private async handle(message: Parsed) {
      switch (message.type) {
        case 'ping':
          return this.sendMessage({ type: 'pong' })
        case 'subscribe':
          return this.subscribe(message.orderId)
        case 'unsubscribe':
          this.orders.delete(message.orderId)
          hub.leave(message.orderId, this)
          return this.sendMessage({ type: 'unsubscribed', orderId: message.orderId })
        case 'chef_shout':
          return this.chefShout(message)
        case 'chef_tip':
          return this.chefTip(message)
        case 'upsell_response':
          return this.upsellResponse(message)
      }
    }

    private async subscribe(orderId: number) {
      const user = await this.user
      if (!this.orders.has(orderId) && this.orders.size >= MAX_SUBSCRIPTIONS) {
        return this.error(`Watch at most ${MAX_SUBSCRIPTIONS} orders at once`, { request: 'subscribe' })
      }
      // A crowd on the showcase joins its open room without a database read each (the room is
      // open, so the diner given here is not used).
      if (hub.isPublic(orderId)) return this.join(orderId, { dinerId: 0, isPublic: true })
      const order = await findViewableOrder(app.db, user?.id, orderId)
      if (!order)
        return this.error('You cannot watch this order', { code: 'forbidden', request: 'subscribe' })
      const upsell =
        user && user.id === order.userId && !order.isShowcase ? await pendingUpsell(orderId) : undefined
      return this.join(orderId, { dinerId: order.userId, isPublic: order.isShowcase }, upsell)
    }

    private async join(
      orderId: number,
      room: { dinerId: number; isPublic: boolean },
      upsell?: ServerMessage,
    ) {
      await hub.join(orderId, this, {
        ...room,
        load: () => loadSnapshot(orderId),
        onJoined: (snapshot) => {
          this.orders.add(orderId)
          this.sendMessage({ type: 'subscribed', orderId })
          if (snapshot.status) this.send(snapshot.status)
          if (snapshot.telemetry) this.send(snapshot.telemetry)
          if (upsell) this.sendMessage(upsell)
        },
      })
    }

    /** The signed-in user, checked again: money moves only for a session that still exists. */
    private async signedInUser() {
      if (!this.sessionToken) return undefined
      return app.authRepo.userForSession(this.sessionToken)
    }

    private async chefShout(message: Extract<Parsed, { type: 'chef_shout' }>) {
      const user = await this.signedInUser()
      if (!user)
        return this.error('Sign in to send a chef shout', { code: 'unauthorized', request: 'chef_shout' })
      const shout = await chef.sendShout({
        userId: user.id,
        orderId: message.orderId,
        shoutType: message.shoutType,
      })
      this.sendMessage({
        type: 'ack',
        request: 'chef_shout',
        orderId: message.orderId,
        newBalance: shout.newBalance,
      })
    }

    private async chefTip(message: Extract<Parsed, { type: 'chef_tip' }>) {
      // The amount's range and decimals are checked by the message schema.
      const amountCents = toCents(message.amount)
      const user = await this.signedInUser()
      if (user) {
        const result = await chef.tip({
          userId: user.id,
          orderId: message.orderId,
          amountCents,
          message: message.message,
        })
        return this.sendMessage({
          type: 'ack',
          request: 'chef_tip',
          orderId: message.orderId,
          newBalance: result.newBalance,
        })
      }
      // A visitor's demo tip: no money moves, and only the viewers of an order they watch see it.
      if (!this.orders.has(message.orderId)) {
        return this.error('Watch this order before sending a demo tip', {
          code: 'forbidden',
          request: 'chef_tip',
        })
      }
      const now = Date.now()
      if (now - this.lastDemoTip < DEMO_TIP_INTERVAL_MS) {
        return this.error('Please wait a moment before sending another tip', {
          code: 'rate_limited',
          request: 'chef_tip',
        })
      }
      this.lastDemoTip = now
      await chef.demoTip({
        orderId: message.orderId,
        amount: toDollars(amountCents),
        message: message.message,
      })
      this.sendMessage({ type: 'ack', request: 'chef_tip', orderId: message.orderId })
    }

    private async upsellResponse(message: Extract<Parsed, { type: 'upsell_response' }>) {
      const user = await this.signedInUser()
      if (!user)
        return this.error('Sign in to answer an offer', { code: 'unauthorized', request: 'upsell_response' })
      const result = await chef.respondToUpsell({
        userId: user.id,
        upsellId: message.upsellId,
        accepted: message.accepted,
      })
      this.sendMessage({
        type: 'ack',
        request: 'upsell_response',
        orderId: result.order?.id,
        newBalance: result.newBalance,
      })
    }

    closed() {
      connections.delete(this)
      for (const orderId of this.orders) hub.leave(orderId, this)
      this.orders.clear()
    }
  }

  app.get('/ws', { websocket: true, onRequest: checkOrigin, schema: { hide: true } }, (socket, request) => {
    const connection = new LiveConnection(socket, request)
    connections.add(connection)
    socket.on('message', (raw, isBinary) => connection.receive(raw, isBinary))
    socket.on('pong', () => connection.markAlive())
    socket.on('close', () => connection.closed())
  })
}
