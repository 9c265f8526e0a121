import type { Duplex } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { liveMessage } from '../../shared/live-message-builders'
import { clientMessageSchema, LIVE_MAX_MESSAGE_BYTES, type ServerMessage } from '../../shared/live-messages'
import { currentUser } from '../auth/auth.guard'
import { SESSION_COOKIE } from '../auth/auth.service'
import { AppError } from '../infra/errors'
import type { HubMember } from './hub'

/** A viewer this far behind skips messages instead of buffering them without end. */
export const MAX_BUFFERED_BYTES = 1024 * 1024
/** Consecutive skipped messages after which a stalled viewer is disconnected. */
const MAX_SKIPPED = 200
/** Messages a connection may send per 10 seconds. */
export const RATE_LIMIT = { messages: 100, windowMs: 10_000 }
/**
 * Messages past the rate within one window after which the connection is closed with 1008
 * (policy violation): the first is answered with an error, a client that keeps going is cut off.
 */
export const RATE_LIMIT_CLOSE_AFTER = 50
/** WebSocket close code for a policy violation. */
export const POLICY_VIOLATION = 1008
/** Messages a connection may have waiting to be handled. */
const MAX_PENDING = 20

const MESSAGE_TYPES = new Set(clientMessageSchema.options.map((o) => o.shape.type.value as string))

const TEXT = { binary: false }
const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.'

/** A client message as the schema parsed it. */
export type ParsedMessage = ReturnType<typeof clientMessageSchema.parse>

/** Handles one checked message of a connection; errors it throws are answered to the sender. */
export type MessageHandler = (connection: LiveConnection, message: ParsedMessage) => Promise<void>

/**
 * One viewer's WebSocket: sends with back-pressure, keeps it alive, checks every incoming message
 * (rate, size, JSON, schema) and hands it to the message handler, one after another.
 */
export class LiveConnection implements HubMember {
  /** The orders this connection watches. */
  readonly orders = new Set<number>()
  /** The restaurants whose kitchen console this connection shows. */
  readonly kitchens = new Set<number>()
  /** The restaurants whose public page this connection shows. */
  readonly restaurants = new Set<number>()
  userId: number | undefined
  /** When this visitor last sent a demo tip. */
  lastDemoTip = 0
  /** The user of the session cookie at connection time (or undefined). */
  readonly user: ReturnType<typeof currentUser>
  /** Settles once the connection is set up for its user; messages are handled after it. */
  ready: Promise<unknown>
  /** Kept instead of the request, which a long-lived connection need not hold on to. */
  readonly sessionToken: string | undefined
  private alive = true
  private skipped = 0
  private queue: Promise<void> = Promise.resolve()
  private pending = 0
  private windowStart = Date.now()
  private windowCount = 0
  private toldToWait = false
  private readonly log: FastifyRequest['log']

  constructor(
    readonly socket: WebSocket,
    request: FastifyRequest,
    private readonly handle: MessageHandler,
    private readonly onPolicyClose: (reason: string) => void = () => {},
  ) {
    this.sessionToken = request.cookies[SESSION_COOKIE]
    this.log = request.log
    this.user = currentUser(request).catch(() => undefined)
    this.ready = this.user.then((u) => {
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

  sendFrames(frames: Buffer) {
    if (!this.open) return
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      if (++this.skipped > MAX_SKIPPED) this.socket.terminate()
      return
    }
    this.skipped = 0
    // The frames are complete (server frames are not masked, this channel is not compressed), so
    // they go to the TCP socket as they are, after anything ws wrote before them.
    const raw = (this.socket as unknown as { _socket?: Duplex })._socket
    if (raw && !raw.destroyed) raw.write(frames)
  }

  sendMessage(message: ServerMessage) {
    this.send(Buffer.from(JSON.stringify(message)))
  }

  error(message: string, extra: { code?: string; request?: string } = {}) {
    this.sendMessage(liveMessage.error(message, extra))
  }

  /** Closes the connection for breaking a rule (1008); its messages are no longer read. */
  closeForPolicy(reason: string, label: string) {
    if (!this.open) return
    this.onPolicyClose(label)
    this.socket.close(POLICY_VIOLATION, reason)
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
      this.toldToWait = false
    }
    if (!this.open) return
    if (++this.windowCount > RATE_LIMIT.messages) {
      const excess = this.windowCount - RATE_LIMIT.messages
      if (excess === 1) this.error('Too many messages. Please slow down.', { code: 'rate_limited' })
      if (excess >= RATE_LIMIT_CLOSE_AFTER) this.closeForPolicy('Message rate exceeded', 'rate')
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
    if (this.pending >= MAX_PENDING) {
      // Said once per window: a client that floods gets no flood of answers.
      if (!this.toldToWait)
        this.error('Too many messages waiting. Please slow down.', { code: 'rate_limited', request: type })
      this.toldToWait = true
      return
    }
    this.pending++
    this.queue = this.queue
      .then(() => this.ready)
      .then(() => this.handle(this, parsed.data))
      .catch((error: unknown) => {
        if (error instanceof AppError) {
          this.error(error.message, { code: error.code, request: type })
        } else {
          this.log.error({ err: error }, 'live message failed')
          this.error(INTERNAL_ERROR, { code: 'internal', request: type })
        }
      })
      .finally(() => {
        this.pending--
      })
  }
}
