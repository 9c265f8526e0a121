import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { demoWorld } from '../../demo/world'
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { cameras } from '../db/schema'
import { createRedisBus } from '../infra/bus.redis'
import { testConfig } from '../testing/build-test-app'
import { openTestDatabase } from '../testing/test-database'

/**
 * Two app instances on one PostgreSQL database, sharing cache invalidation through Redis: a change
 * made through one is served at once by the other, whose cached reads were warm.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(onPostgres && process.env.CI === 'true' && !redisUrl)(
  'workspace changes across instances on CI',
  () => {
    it('needs TEST_REDIS_URL', () => {
      throw new Error('Set TEST_REDIS_URL: CI must test cache invalidation across instances')
    })
  },
)

describe.runIf(onPostgres && redisUrl)('workspace changes across two instances', () => {
  it('are read at once on the other instance: profile, going live, menu and cameras', {
    timeout: 60_000,
  }, async () => {
    const database = await openTestDatabase()
    const second = await openDatabase({ url: database.url! })
    const prefix = `workspace-${randomBytes(4).toString('hex')}:`
    const url = `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=${prefix}`
    const a = await buildApp({
      world: demoWorld,
      config: testConfig(),
      database,
      bus: await createRedisBus(url),
      logger: false,
    })
    const b = await buildApp({
      world: demoWorld,
      config: testConfig(),
      database: second,
      bus: await createRedisBus(url),
      logger: false,
    })
    onTestFinished(async () => {
      await a.close()
      await b.close()
      await second.close()
      await database.close()
    })
    await Promise.all([a.ready(), b.ready()])

    const owner = await a.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: `owner_${randomBytes(3).toString('hex')}`,
        password: 'kitchen-pass-1',
        email: `owner_${randomBytes(3).toString('hex')}@example.com`,
        fullName: 'Rosa Delgado',
      },
    })
    expect(owner.statusCode).toBe(201)
    const cookie = String(owner.headers['set-cookie']).split(';')[0]!
    const headers = { cookie }
    const created = await a.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers,
      payload: {
        name: 'Smoke & Oak',
        description: 'Brisket smoked overnight over post oak.',
        cuisine: 'American',
        address: '1100 E 6th St, Austin, TX 78702',
        priceRange: '$$',
      },
    })
    const id = created.json().id as number
    const onB = async (path: string) => (await b.inject({ url: path })).json()
    const eventually = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 3000
      while (!(await check())) {
        if (Date.now() > deadline) return false
        await new Promise((r) => setTimeout(r, 25))
      }
      return true
    }

    // B caches its reads first.
    expect((await onB(`/api/restaurants/${id}`)).name).toBe('Smoke & Oak')
    expect(await onB(`/api/restaurants/${id}/menu`)).toEqual([])
    expect(await onB(`/api/restaurants/${id}/cameras`)).toEqual([])
    expect(
      (await onB('/api/restaurants?limit=100')).restaurants.find((r: { id: number }) => r.id === id).isLive,
    ).toBe(false)

    await a.inject({
      method: 'PATCH',
      url: `/api/restaurants/${id}`,
      headers,
      payload: { name: 'Smoke & Oak BBQ' },
    })
    expect(
      await eventually(async () => (await onB(`/api/restaurants/${id}`)).name === 'Smoke & Oak BBQ'),
    ).toBe(true)
    await a.inject({
      method: 'PATCH',
      url: `/api/restaurants/${id}`,
      headers,
      payload: { deliveryRadiusKm: 3.5 },
    })
    expect(await eventually(async () => (await onB(`/api/restaurants/${id}`)).deliveryRadiusKm === 3.5)).toBe(
      true,
    )

    const dish = (
      await a.inject({
        method: 'POST',
        url: `/api/restaurants/${id}/menu`,
        headers,
        payload: { name: 'Brisket Plate', price: 18.5, category: 'Mains' },
      })
    ).json()
    expect(await eventually(async () => (await onB(`/api/restaurants/${id}/menu`)).length === 1)).toBe(true)
    const camera = (
      await a.inject({
        method: 'POST',
        url: '/api/cameras',
        headers,
        payload: {
          restaurantId: id,
          name: 'Pit',
          position: 'grill',
          streamUrl: 'https://cams.example.com/pit.m3u8',
        },
      })
    ).json()
    expect(await eventually(async () => (await onB(`/api/restaurants/${id}/cameras`)).length === 1)).toBe(
      true,
    )
    // As a "Check stream" that found a picture would (going live needs one).
    await database.db.update(cameras).set({ streamVerifiedAt: new Date() }).where(eq(cameras.id, camera.id))

    expect(
      (await a.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, headers, payload: { isLive: true } }))
        .statusCode,
    ).toBe(200)
    expect(
      await eventually(
        async () =>
          (await onB('/api/restaurants?limit=100')).restaurants.find((r: { id: number }) => r.id === id)
            .isLive,
      ),
    ).toBe(true)

    await a.inject({
      method: 'PATCH',
      url: `/api/menu-items/${dish.id}`,
      headers,
      payload: { isAvailable: false },
    })
    expect(
      await eventually(async () => (await onB(`/api/restaurants/${id}/menu`))[0].isAvailable === false),
    ).toBe(true)
    await a.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers,
      payload: { isActive: false },
    })
    expect(await eventually(async () => (await onB(`/api/restaurants/${id}/cameras`)).length === 0)).toBe(
      true,
    )
    await a.inject({ method: 'DELETE', url: `/api/menu-items/${dish.id}`, headers })
    expect(await eventually(async () => (await onB(`/api/restaurants/${id}/menu`)).length === 0)).toBe(true)
  })
})
