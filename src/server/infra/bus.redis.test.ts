import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import type { Bus } from './bus'
import { createRedisBus } from './bus.redis'

const redisUrl = process.env.TEST_REDIS_URL
const required = process.env.CI === 'true'

describe.runIf(required && !redisUrl)('the Redis bus on CI', () => {
  it('needs TEST_REDIS_URL', () => {
    throw new Error('Set TEST_REDIS_URL (for example redis://127.0.0.1:6379): CI must test the Redis bus')
  })
})

describe.runIf(redisUrl)('the Redis bus', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`
  const withPrefix = (p: string) => `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=${p}`
  const buses: Bus[] = []
  const admin = new Redis(redisUrl!)
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()))
    await admin.quit()
  })
  async function bus(p = prefix) {
    const b = await createRedisBus(withPrefix(p))
    buses.push(b)
    return b
  }
  const numsub = async (channel: string) =>
    Number(((await admin.pubsub('NUMSUB', prefix + channel)) as [string, number])[1])
  const until = async (check: () => boolean, ms = 2000) => {
    const deadline = Date.now() + ms
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  }

  it('delivers a message published on one instance to the handlers of another, as JSON', async () => {
    const a = await bus()
    const b = await bus()
    const received: unknown[] = []
    await b.subscribe('order:1', (m) => received.push(m))
    await a.publish('order:1', { type: 'status', orderId: 1, status: 'cooking', progress: 31, sentAt: 5 })
    await until(() => received.length > 0)
    expect(received).toEqual([{ type: 'status', orderId: 1, status: 'cooking', progress: 31, sentAt: 5 }])
    expect(a.kind).toBe('redis')
  })

  it('subscribes a channel on Redis once per instance and unsubscribes after its last handler', async () => {
    const a = await bus()
    const first: unknown[] = []
    const second: unknown[] = []
    const offFirst = await a.subscribe('order:2', (m) => first.push(m))
    const offSecond = await a.subscribe('order:2', (m) => second.push(m))
    expect(await numsub('order:2')).toBe(1)
    await a.publish('order:2', 'hello')
    await until(() => first.length > 0 && second.length > 0)
    expect([first, second]).toEqual([['hello'], ['hello']])

    await offFirst()
    expect(await numsub('order:2')).toBe(1)
    await offSecond()
    await offSecond()
    expect(await numsub('order:2')).toBe(0)
  })

  it('keeps deployments with different channel prefixes apart', async () => {
    const mine = await bus()
    const theirs = await bus(`other-${randomBytes(4).toString('hex')}:`)
    const received: unknown[] = []
    await mine.subscribe('order:3', (m) => received.push(m))
    await theirs.publish('order:3', 'not for you')
    await mine.publish('order:3', 'for you')
    await until(() => received.length > 0)
    await new Promise((r) => setTimeout(r, 50))
    expect(received).toEqual(['for you'])
  })

  it('fails to start when Redis cannot be reached', async () => {
    await expect(createRedisBus('redis://127.0.0.1:1')).rejects.toThrow()
  })
})
