import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { Bus } from './bus'
import { createRedisBus } from './bus.redis'
import { createReadCache } from './read-cache'

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('the read cache of two instances over Redis', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`
  const buses: Bus[] = []
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()))
  })

  it('never serves a key the other instance forgot once the forget was answered', async () => {
    const url = `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=${prefix}`
    buses.push(await createRedisBus(url), await createRedisBus(url))
    const [a, b] = await Promise.all(buses.map((bus) => createReadCache(bus)))
    // Both instances live in this process: the writer's answer from the broker and the reader's
    // copy of the message arrive on two sockets, often read in the same turn, the answer first.
    let stale = 0
    for (let round = 0; round < 300; round++) {
      const key = `wallet:${round}`
      await b!.get(key, async () => ({ balance: 1 }))
      await a!.forget([key])
      const { body } = await b!.get(key, async () => ({ balance: 2 }))
      if (JSON.parse(body).balance !== 2) stale++
    }
    expect(stale).toBe(0)
  })
})
