import { Redis } from 'ioredis'
import type { Bus, BusHandler } from './bus'

export interface RedisBusOptions {
  /** Called for connection problems; ioredis reconnects by itself. */
  onError?: (error: Error) => void
}

/**
 * Redis pub/sub: one connection publishes, one listens. Each channel is subscribed on Redis once,
 * however many local handlers it has, and unsubscribed when the last one leaves.
 *
 * Pub/sub channels are shared by every database number of a Redis server; a `channelPrefix`
 * query parameter on the URL (`redis://host:6379?channelPrefix=staging`) keeps deployments that
 * share one Redis apart.
 */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<Bus> {
  const parsed = new URL(url)
  const prefix = parsed.searchParams.get('channelPrefix') ?? ''
  parsed.searchParams.delete('channelPrefix')
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3 }
  // A kitchen pass publishes one message per order: send them to Redis in one write.
  const publisher = new Redis(parsed.toString(), { ...redisOptions, enableAutoPipelining: true })
  const subscriber = new Redis(parsed.toString(), redisOptions)
  const onError = (error: Error) => options.onError?.(error)
  publisher.on('error', onError)
  subscriber.on('error', onError)

  const channels = new Map<string, { handlers: Set<BusHandler>; ready: Promise<void> }>()
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

  let closed = false
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message))
    },
    async subscribe(channel, handler) {
      let entry = channels.get(channel)
      if (!entry) {
        // Commands on one connection run in order, so a later unsubscribe cannot overtake this.
        entry = { handlers: new Set(), ready: subscriber.subscribe(prefix + channel).then(() => {}) }
        channels.set(channel, entry)
      }
      entry.handlers.add(handler)
      const subscribed = entry
      try {
        await subscribed.ready
      } catch (error) {
        subscribed.handlers.delete(handler)
        if (subscribed.handlers.size === 0 && channels.get(channel) === subscribed) channels.delete(channel)
        throw error
      }
      let removed = false
      return async () => {
        if (removed) return
        removed = true
        subscribed.handlers.delete(handler)
        if (subscribed.handlers.size === 0 && channels.get(channel) === subscribed) {
          channels.delete(channel)
          if (!closed) await subscriber.unsubscribe(prefix + channel).catch(() => {})
        }
      }
    },
    async close() {
      if (closed) return
      closed = true
      channels.clear()
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
