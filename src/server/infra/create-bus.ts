import type { Config } from '../config'
import type { Bus } from './bus'
import { createMemoryBus } from './bus.memory'
import type { Metrics } from './metrics'

/** The in-process bus, or Redis when REDIS_URL is set; its publish failures and lag go to `metrics`. */
export async function createBus(
  config: Pick<Config, 'redisUrl'>,
  options: { onError?: (error: Error) => void; metrics?: Metrics } = {},
): Promise<Bus> {
  if (config.redisUrl) {
    const { createRedisBus } = await import('./bus.redis')
    const { metrics } = options
    const bus = await createRedisBus(config.redisUrl, {
      onError: options.onError ?? warnAtMostEvery(10_000),
      replaceKey: replaceableKey,
      onPublishFailed: (reason) => metrics?.busPublishFailures.inc({ reason }),
      onPublished: (lagMs) => metrics?.busPublishLag.observe(lagMs / 1000),
    })
    metrics?.trackBus(() => bus.status())
    return bus
  }
  return createMemoryBus()
}

/**
 * Telemetry is replaceable: a viewer needs only an order's newest reading, so while the broker is
 * away only the newest per channel waits. Everything else (statuses, tips, shouts, upsells,
 * wallet changes, notifications, cache invalidations) must all arrive and is kept in order.
 */
export function replaceableKey(channel: string, message: unknown): string | undefined {
  const type = (message as { type?: unknown } | null)?.type
  return type === 'telemetry' ? `${channel}|telemetry` : undefined
}

/** ioredis retries on its own; one line now and then is enough to see an outage in the logs. */
function warnAtMostEvery(ms: number) {
  let last = 0
  return (error: Error) => {
    const now = Date.now()
    if (now - last < ms) return
    last = now
    console.warn(`Redis bus: ${error.message}`)
  }
}
