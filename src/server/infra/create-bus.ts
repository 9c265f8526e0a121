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
      onPublishFailed: (reason) => metrics?.busPublishFailures.inc({ reason }),
      onPublished: (lagMs) => metrics?.busPublishLag.observe(lagMs / 1000),
    })
    metrics?.trackBus(() => bus.status())
    return bus
  }
  return createMemoryBus()
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
