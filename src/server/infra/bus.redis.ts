import { Redis } from 'ioredis'
import type { Bus, BusHandler } from './bus'

export interface RedisBusOptions {
  /** Called for connection problems; the connections come back by themselves. */
  onError?: (error: Error) => void
  /** Messages kept while the broker is away; past this the oldest are dropped. */
  maxQueued?: number
  /** A queued message older than this is dropped: the live state it describes has moved on. */
  maxQueuedAgeMs?: number
  /** A publish or subscribe the broker has not answered after this long counts as failed. */
  commandTimeoutMs?: number
  /** A message could not be handed over at once: queued for a retry, or dropped for good. */
  onPublishFailed?: (reason: 'queued' | 'dropped') => void
  /** A message reached the broker, `lagMs` after it was published. */
  onPublished?: (lagMs: number) => void
}

interface Queued {
  channel: string
  raw: string
  at: number
}

interface Channel {
  handlers: Set<BusHandler>
  /** Settles once the broker subscription is made or has failed (it is made again on reconnect). */
  ready: Promise<void>
}

/**
 * Redis pub/sub: one connection publishes, one listens. Each channel is subscribed on Redis once,
 * however many local handlers it has, and unsubscribed when the last one leaves.
 *
 * Nothing here waits on an unreachable Redis: commands fail at once while disconnected (no
 * offline queue) and after `commandTimeoutMs` when Redis hangs. A publish that fails joins a
 * bounded queue, sent in order when the publisher is ready again; a subscribe made during an
 * outage listens locally and is made on Redis on reconnect, after which `onResync` listeners run.
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
  const maxQueuedAgeMs = options.maxQueuedAgeMs ?? 60_000
  const redisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  }
  // A kitchen pass publishes one message per order: send them to Redis in one write.
  const publisher = new Redis(parsed.toString(), { ...redisOptions, enableAutoPipelining: true })
  const subscriber = new Redis(parsed.toString(), { ...redisOptions, autoResubscribe: false })
  const onError = (error: Error) => options.onError?.(error)
  publisher.on('error', onError)
  subscriber.on('error', onError)

  const channels = new Map<string, Channel>()
  const resyncListeners = new Set<() => void>()
  const queue: Queued[] = []
  let flushing = false
  let closed = false
  let subscriberLost = false

  subscriber.on('message', (channel: string, raw: string) => {
    const set = channels.get(prefix ? channel.slice(prefix.length) : channel)?.handlers
    if (!set || set.size === 0) return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    for (const handler of set) handler(message)
  })

  try {
    await Promise.all([publisher.connect(), subscriber.connect()])
  } catch (error) {
    publisher.disconnect()
    subscriber.disconnect()
    throw error
  }

  const ready = (client: Redis) => client.status === 'ready'

  /**
   * Sends the message now, or queues it behind others (or while Redis is away). Resolves once
   * Redis has answered the publish, when it was sent now: by then Redis has written it to every
   * subscribed connection.
   */
  function handOver(channel: string, message: unknown): Promise<void> | undefined {
    if (closed) return undefined
    const item = { channel, raw: JSON.stringify(message), at: Date.now() }
    // Behind queued messages, or with Redis away: wait in line, keeping the order.
    if (queue.length > 0 || !ready(publisher)) {
      enqueue(item)
      return undefined
    }
    return publisher.publish(prefix + channel, item.raw).then(
      () => options.onPublished?.(Date.now() - item.at),
      () => {
        enqueue(item)
        void flush()
      },
    )
  }

  function enqueue(item: Queued) {
    if (queue.length >= maxQueued) {
      queue.shift()
      options.onPublishFailed?.('dropped')
    }
    queue.push(item)
    options.onPublishFailed?.('queued')
  }

  async function flush() {
    if (flushing || closed) return
    flushing = true
    try {
      while (queue.length > 0 && ready(publisher)) {
        const item = queue[0]!
        if (Date.now() - item.at > maxQueuedAgeMs) {
          queue.shift()
          options.onPublishFailed?.('dropped')
          continue
        }
        try {
          await publisher.publish(prefix + item.channel, item.raw)
        } catch {
          return
        }
        queue.shift()
        options.onPublished?.(Date.now() - item.at)
      }
    } finally {
      flushing = false
    }
  }

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

  return {
    kind: 'redis',
    async publish(channel, message) {
      handOver(channel, message)
    },
    async publishConfirmed(channel, message, withinMs) {
      const sent = handOver(channel, message)
      if (!sent) return
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs)
        timer.unref()
      })
      await Promise.race([sent, late])
      clearTimeout(timer)
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
      return { connected: ready(publisher) && ready(subscriber), queued: queue.length }
    },
    async close() {
      if (closed) return
      closed = true
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
