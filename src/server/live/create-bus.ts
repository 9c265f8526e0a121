import type { Config } from '../config'
import type { Bus } from './bus'
import { createMemoryBus } from './bus.memory'

/** The in-process bus, or Redis when REDIS_URL is set. */
export async function createBus(config: Pick<Config, 'redisUrl'>): Promise<Bus> {
  if (config.redisUrl) {
    const { createRedisBus } = await import('./bus.redis')
    return createRedisBus(config.redisUrl)
  }
  return createMemoryBus()
}
