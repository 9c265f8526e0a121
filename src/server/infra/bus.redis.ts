import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Bus, BusHandler } from './bus'

export interface RedisBusOptions {
  /** Called for connection problems; the connections come back by themselves. */
  onError?: (error: Error) => void
  /** Messages that are not replaceable kept while the broker is away; past this the oldest are dropped. */
  maxQueued?: number
  /** Replaceable messages kept while the broker is away (one per key); past this the oldest key is dropped. */
  maxReplaceable?: number
  /** A queued message older than this is dropped: the live state it describes has moved on. */
  maxQueuedAgeMs?: number
  /** A subscribe the broker has not answered after this long counts as failed. */
  commandTimeoutMs?: number
  /**
   * A publish (or heartbeat) the broker has not answered after this long marks the broker as not
   * answering: the bus reports itself degraded and queues what follows until the answer comes.
   */
  publishTimeoutMs?: number
  /** How often the queue is tried again while messages wait, and the broker's heartbeat. */
  retryMs?: number
  /**
   * A publish unanswered this long (a broker that froze, or a half-open connection) makes the bus
   * drop the connection and open a new one; what it had sent is sent again there.
   */
  stallReconnectMs?: number
  /**
   * The key of a replaceable message: while the broker is away only the newest message of each
   * key waits (an order's telemetry). Messages without a key are kept, in order, apart from them.
   */
  replaceKey?: (channel: string, message: unknown) => string | undefined
  /** A message could not be handed over at once: queued for a retry, replaced by a newer one of its key, or dropped for good. */
  onPublishFailed?: (reason: 'queued' | 'replaced' | 'dropped') => void
  /** A message reached the broker, `lagMs` after it was published. */
  onPublished?: (lagMs: number) => void
}

interface Queued {
  channel: string
  raw: string
  at: number
  /** Publish order: a message that failed is put back in its place. */
  seq: number
  key?: string
}

interface Channel {
  handlers: Set<BusHandler>
  /** Settles once the broker subscription is made or has failed (it is made again on reconnect). */
  ready: Promise<void>
}

/** Queued messages sent to Redis in one write when it answers again. */
const FLUSH_BATCH = 500

/**
 * A confirmed message travels in an envelope naming its sender and a number; each other instance
 * hands the message to its handlers, then answers the number on the sender's own channel.
 */
const CONFIRM = '__confirm'
const ACKS_CHANNEL = '__acks:'
interface Envelope {
  [CONFIRM]: { from: string; id: number }
  message: unknown
}
const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && CONFIRM in value

/**
 * Redis pub/sub: one connection publishes, one listens. Each channel is subscribed on Redis once,
 * however many local handlers it has, and unsubscribed when the last one leaves.
 *
 * Nothing here waits on an unreachable Redis: commands fail at once while disconnected (no
 * offline queue), and a publish that Redis has not answered within `publishTimeoutMs` (a frozen
 * Redis keeps the connection open and answers nothing) stops the caller's wait and marks the
 * broker as not answering. Meanwhile messages wait in two bounded queues: messages that must all
 * arrive (tips, shouts, statuses, invalidations, wallet changes) in publish order, and
 * replaceable ones (an order's telemetry) as the newest per key. They go out when Redis answers
 * again: on a reconnect, on the answer to the publish it was holding, or on the retry timer.
 * A publish whose answer is late is not sent again (Redis may still deliver it); only one that
 * failed is. A subscribe made during an outage listens locally and is made on Redis on
 * reconnect, after which `onResync` listeners run.
 *
 * Pub/sub channels are shared by every database number of a Redis server; a `channelPrefix`
 * query parameter on the URL (`redis://host:6379?channelPrefix=staging`) keeps deployments that
 * share one Redis apart.
 */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<Bus> {
  const parsed = new URL(url)
  const prefix = parsed.searchParams.get('channelPrefix') ?? ''
  parsed.searchParams.delete('channelPrefix')
  const maxQueued = options.maxQueued ?? 10_000
  const maxReplaceable = options.maxReplaceable ?? 10_000
  const maxQueuedAgeMs = options.maxQueuedAgeMs ?? 60_000
  const publishTimeoutMs = options.publishTimeoutMs ?? 2000
  const retryMs = options.retryMs ?? 500
  const stallReconnectMs = options.stallReconnectMs ?? 20_000
  const redisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  }
  // A kitchen pass publishes one message per order: send them to Redis in one write. No command
  // timeout here: a publish that is late is still settled by Redis's answer or by the connection
  // closing, so it is never both delivered and sent again.
  const publisher = new Redis(parsed.toString(), { ...redisOptions, enableAutoPipelining: true })
  const subscriber = new Redis(parsed.toString(), {
    ...redisOptions,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    autoResubscribe: false,
  })
  const onError = (error: Error) => options.onError?.(error)
  publisher.on('error', onError)
  subscriber.on('error', onError)

  const channels = new Map<string, Channel>()
  const resyncListeners = new Set<() => void>()
  /** Messages that must all arrive, in publish order. */
  const ordered: Queued[] = []
  /** The newest replaceable message of each key, oldest key first. */
  const latest = new Map<string, Queued>()
  /** When each command Redis has not answered yet was sent. */
  const unanswered = new Set<{ at: number }>()
  let seq = 0
  let flushing = false
  let closed = false
  let subscriberLost = false
  let retryTimer: NodeJS.Timeout | undefined
  /** This instance, for the answers to its confirmed messages. */
  const instanceId = randomBytes(8).toString('hex')
  /** Confirmed messages waiting for the other instances' answers. */
  const confirming = new Map<number, { answers: number; expected?: number; done: () => void }>()
  let confirmSeq = 0

  subscriber.on('message', (channel: string, raw: string) => {
    const set = channels.get(prefix ? channel.slice(prefix.length) : channel)?.handlers
    if (!set || set.size === 0) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    const envelope = isEnvelope(message) ? message[CONFIRM] : undefined
    if (envelope) message = (message as Envelope).message
    for (const handler of set) handler(message)
    // Handled: the sender may answer its request now.
    if (envelope && envelope.from !== instanceId && ready(publisher))
      publisher.publish(`${prefix}${ACKS_CHANNEL}${envelope.from}`, String(envelope.id)).catch(() => {})
  })

  try {
    await Promise.all([publisher.connect(), subscriber.connect()])
  } catch (error) {
    publisher.disconnect()
    subscriber.disconnect()
    throw error
  }

  const ready = (client: Redis) => client.status === 'ready'
  const waiting = () => ordered.length + latest.size
  /** The age of the oldest command Redis has not answered. */
  const oldestUnansweredMs = () => {
    let oldest = 0
    const now = Date.now()
    for (const entry of unanswered) oldest = Math.max(oldest, now - entry.at)
    return oldest
  }
  const answering = () => oldestUnansweredMs() <= publishTimeoutMs

  /** Runs `command` on the publisher, counted as unanswered until Redis answers or it fails. */
  function tracked<T>(command: () => Promise<T>): Promise<T> {
    const entry = { at: Date.now() }
    unanswered.add(entry)
    const settle = () => {
      unanswered.delete(entry)
      // The broker answered: what waited behind the late answer can go.
      if (waiting() > 0 && answering()) void flush()
    }
    const result = command()
    result.then(settle, settle)
    return result
  }

  /**
   * Sends one message; resolves with how many connections Redis passed it to once Redis has taken
   * it, false when it was put back in the queue.
   */
  function send(item: Queued): Promise<number | false> {
    return tracked(() => publisher.publish(prefix + item.channel, item.raw)).then(
      (receivers) => {
        options.onPublished?.(Date.now() - item.at)
        return receivers
      },
      () => {
        putBack(item)
        return false as const
      },
    )
  }

  /**
   * Sends the message now, or queues it behind others (or while Redis is away or not answering).
   * Resolves, when it was sent now, once Redis has answered the publish: with how many
   * connections it passed it to (false when it went back in the queue).
   */
  function handOver(channel: string, message: unknown): Promise<number | false> | undefined {
    if (closed) return undefined
    const key = options.replaceKey?.(channel, message)
    const item: Queued = { channel, raw: JSON.stringify(message), at: Date.now(), seq: seq++, key }
    // Behind queued messages, or with Redis away or silent: wait in line, keeping the order.
    if (waiting() > 0 || !ready(publisher) || !answering()) {
      enqueue(item)
      return undefined
    }
    return send(item)
  }

  function enqueue(item: Queued) {
    if (item.key !== undefined) {
      if (latest.delete(item.key)) options.onPublishFailed?.('replaced')
      else if (latest.size >= maxReplaceable) {
        latest.delete(latest.keys().next().value!)
        options.onPublishFailed?.('dropped')
      }
      latest.set(item.key, item)
    } else {
      if (ordered.length >= maxQueued) {
        ordered.shift()
        options.onPublishFailed?.('dropped')
      }
      ordered.push(item)
    }
    options.onPublishFailed?.('queued')
    scheduleRetry()
  }

  /** A send that failed goes back to its place: ahead of what was published after it. */
  function putBack(item: Queued) {
    if (closed) return
    if (item.key !== undefined) {
      // A newer message of the key replaces it.
      if (latest.has(item.key)) return
      latest.set(item.key, item)
    } else {
      let index = ordered.length
      while (index > 0 && ordered[index - 1]!.seq > item.seq) index--
      ordered.splice(index, 0, item)
      if (ordered.length > maxQueued) {
        ordered.shift()
        options.onPublishFailed?.('dropped')
      }
    }
    options.onPublishFailed?.('queued')
    scheduleRetry()
  }

  /** The next messages to send, oldest first, those that must arrive ahead of replaceable ones. */
  function takeBatch(): Queued[] {
    const batch: Queued[] = []
    const now = Date.now()
    while (batch.length < FLUSH_BATCH && ordered.length > 0) {
      const item = ordered.shift()!
      if (now - item.at > maxQueuedAgeMs) options.onPublishFailed?.('dropped')
      else batch.push(item)
    }
    for (const [key, item] of latest) {
      if (batch.length >= FLUSH_BATCH) break
      latest.delete(key)
      if (now - item.at > maxQueuedAgeMs) options.onPublishFailed?.('dropped')
      else batch.push(item)
    }
    return batch
  }

  async function flush() {
    if (flushing || closed) return
    flushing = true
    try {
      while (waiting() > 0 && ready(publisher) && answering()) {
        const sent = Promise.all(takeBatch().map(send))
        let timer: NodeJS.Timeout | undefined
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), publishTimeoutMs)
          timer.unref()
        })
        const outcome = await Promise.race([sent, late])
        clearTimeout(timer)
        // Not answered in time: the sends settle by themselves; the retry timer takes it from here.
        if (outcome === 'late' || outcome.includes(false)) break
      }
    } finally {
      flushing = false
      if (waiting() > 0) scheduleRetry()
    }
  }

  /**
   * While messages wait, tries again every `retryMs`; with no message waiting and nothing
   * unanswered, asks Redis for a PING instead, so a broker that froze shows as degraded even when
   * nothing is published. A command unanswered for `stallReconnectMs` drops the connection.
   */
  function scheduleRetry() {
    if (retryTimer || closed) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      if (closed) return
      if (oldestUnansweredMs() > stallReconnectMs && ready(publisher)) {
        unanswered.clear()
        publisher.disconnect(true)
      } else if (waiting() > 0) void flush()
      else if (unanswered.size === 0 && ready(publisher)) tracked(() => publisher.ping()).catch(() => {})
      scheduleRetry()
    }, retryMs)
    retryTimer.unref()
  }
  scheduleRetry()

  function subscribeOnBroker(channel: string): Promise<void> {
    if (!ready(subscriber)) return Promise.resolve()
    // Commands on one connection run in order, so a later unsubscribe cannot overtake this.
    return subscriber.subscribe(prefix + channel).then(
      () => {},
      () => {
        // Made again when the connection is back.
      },
    )
  }

  publisher.on('ready', () => void flush())
  subscriber.on('close', () => {
    if (!closed) subscriberLost = true
  })
  subscriber.on('ready', () => {
    if (!subscriberLost || closed) return
    subscriberLost = false
    const names = [...channels.keys()].map((c) => prefix + c)
    const resubscribed = names.length > 0 ? subscriber.subscribe(...names) : Promise.resolve()
    resubscribed.then(
      () => {
        for (const listener of resyncListeners) listener()
      },
      // The connection dropped again: the next 'ready' resubscribes.
      () => {},
    )
  })

  // The other instances' answers to this instance's confirmed messages.
  const acks: Channel = {
    handlers: new Set([
      (answer: unknown) => {
        const entry = confirming.get(Number(answer))
        if (!entry) return
        entry.answers++
        if (entry.expected !== undefined && entry.answers >= entry.expected) entry.done()
      },
    ]),
    ready: subscribeOnBroker(`${ACKS_CHANNEL}${instanceId}`),
  }
  channels.set(`${ACKS_CHANNEL}${instanceId}`, acks)
  await acks.ready

  return {
    kind: 'redis',
    async publish(channel, message) {
      handOver(channel, message)
    },
    async publishConfirmed(channel, message, withinMs) {
      // Redis's answer to a publish says it has the message for every listener, not that they
      // have read it: the other instances answer once their handlers have run.
      const id = ++confirmSeq
      let done!: () => void
      const answered = new Promise<void>((resolve) => {
        done = resolve
      })
      const entry: { answers: number; expected?: number; done: () => void } = { answers: 0, done }
      confirming.set(id, entry)
      const envelope: Envelope = { [CONFIRM]: { from: instanceId, id }, message }
      const sent = handOver(channel, envelope)
      if (!sent) {
        confirming.delete(id)
        return
      }
      void sent.then((receivers) => {
        if (receivers === false) return done()
        // This instance's own listener, when it has one, answers nobody.
        entry.expected = receivers - (channels.get(channel)?.handlers.size ? 1 : 0)
        if (entry.answers >= entry.expected) done()
      })
      let timer: NodeJS.Timeout | undefined
      // A timer that comes due in the same turn of the event loop as the last answer runs first:
      // reading the sockets once more (setImmediate runs after them) lets an answer that has
      // already arrived win.
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => setImmediate(resolve), withinMs)
        timer.unref()
      })
      await Promise.race([answered, late])
      clearTimeout(timer)
      confirming.delete(id)
    },
    async subscribe(channel, handler) {
      let entry = channels.get(channel)
      if (!entry) {
        entry = { handlers: new Set(), ready: subscribeOnBroker(channel) }
        channels.set(channel, entry)
      }
      entry.handlers.add(handler)
      const subscribed = entry
      await subscribed.ready
      let removed = false
      return async () => {
        if (removed) return
        removed = true
        subscribed.handlers.delete(handler)
        if (subscribed.handlers.size === 0 && channels.get(channel) === subscribed) {
          channels.delete(channel)
          if (!closed && ready(subscriber)) await subscriber.unsubscribe(prefix + channel).catch(() => {})
        }
      }
    },
    onResync(listener) {
      resyncListeners.add(listener)
      return () => {
        resyncListeners.delete(listener)
      }
    },
    status() {
      return { connected: ready(publisher) && ready(subscriber) && answering(), queued: waiting() }
    },
    async close() {
      if (closed) return
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      channels.clear()
      resyncListeners.clear()
      await Promise.all(
        [publisher, subscriber].map((client) =>
          client.quit().then(
            () => {},
            () => client.disconnect(),
          ),
        ),
      )
    },
  }
}
