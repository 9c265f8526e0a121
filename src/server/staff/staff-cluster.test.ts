import { randomBytes } from 'node:crypto'
import { describe, expect, it, onTestFinished } from 'vitest'
import { freePort, type RunningServer, startServer } from '../../../e2e/support/server'
import { createAuthRepository } from '../auth/auth.repository'
import type { Db } from '../db/client'
import { restaurantStaff, users } from '../db/schema'
import { connectViewer, createKitchen, type Viewer } from '../realtime/live.fixtures'
import { openTestDatabase } from '../testing/test-database'
import { vapidEnv } from '../testing/vapid-env'

/**
 * Two real server processes on one PostgreSQL database and one Redis: a cook's console open on
 * one instance is closed when the owner removes them through the other. PostgreSQL project only.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(onPostgres && redisUrl)('staff changes across two instances', () => {
  it("closes a removed cook's console on B within 2 s of the owner removing them on A", {
    timeout: 90_000,
  }, async () => {
    const database = await openTestDatabase()
    const servers: RunningServer[] = []
    const viewers: Viewer[] = []
    onTestFinished(async () => {
      await Promise.all(viewers.map((v) => v.close()))
      await Promise.all(servers.map((s) => s.stop()))
      await database.close()
    })

    const owner = await signedInUser(database.db)
    const cook = await signedInUser(database.db)
    const { restaurant } = await createKitchen(database.db, { ownerId: owner.id, kitchenMode: 'staffed' })
    await database.db
      .insert(restaurantStaff)
      .values({ restaurantId: restaurant.id, userId: cook.id, role: 'cook', stations: ['grill'] })
    const env = {
      DATABASE_URL: database.url!,
      APP_SECRET: randomBytes(32).toString('hex'),
      ...vapidEnv(),
      REDIS_URL: `${redisUrl}${redisUrl!.includes('?') ? '&' : '?'}channelPrefix=staff-${randomBytes(4).toString('hex')}:`,
      KITCHEN_ORDER_SECONDS: '600',
      KITCHEN_TICK_MS: '500',
      CAMERAS_ENABLED: 'false',
    }
    const [a, b] = await Promise.all([
      startServer({ ...env, PORT: String(await freePort()) }),
      startServer({ ...env, PORT: String(await freePort()) }),
    ])
    servers.push(a!, b!)

    const tablet = await connectViewer(`${b!.url.replace('http', 'ws')}/ws`, { cookie: cook.cookie })
    viewers.push(tablet)
    expect(
      await tablet.request(
        { type: 'subscribe_kitchen', restaurantId: restaurant.id },
        (m) => m.type === 'kitchen_access' || m.type === 'error',
      ),
    ).toEqual({ type: 'kitchen_access', restaurantId: restaurant.id, role: 'cook', stations: ['grill'] })

    // Made expo on A: B's console hears its new role.
    const changed = await fetch(`${a!.url}/api/restaurants/${restaurant.id}/staff/${cook.id}`, {
      method: 'PATCH',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'expo' }),
    })
    expect(changed.status).toBe(200)
    await tablet.waitFor((m) => m.type === 'kitchen_access' && m.role === 'expo', 2000)

    const removedAt = Date.now()
    const removed = await fetch(`${a!.url}/api/restaurants/${restaurant.id}/staff/${cook.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    })
    expect(removed.status).toBe(204)
    await tablet.waitFor((m) => m.type === 'kitchen_closed' && m.restaurantId === restaurant.id, 2000)
    expect(Date.now() - removedAt).toBeLessThan(2000)
    const refused = await fetch(`${b!.url}/api/restaurants/${restaurant.id}/kitchen`, {
      headers: { cookie: cook.cookie },
    })
    expect(refused.status).toBe(403)
  })
})

async function signedInUser(db: Db) {
  const name = `staff_${randomBytes(4).toString('hex')}`
  const [user] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.com`, fullName: 'Cluster Cook', passwordHash: 'x' })
    .returning()
  const session = await createAuthRepository(db).createSession(user!.id)
  return { id: user!.id, cookie: `clearplate_session=${session.token}` }
}
