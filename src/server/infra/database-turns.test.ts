import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { runAs } from '../db/pglite-turns'
import { orders } from '../db/schema'
import { createRestaurant } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser } from '../testing/build-test-app'

/** The clock by which the embedded database judges how long requests have been in flight. */
let clockMs = 1_000_000
const app = await buildTestApp({ turns: { now: () => clockMs, maxWaitMs: 5000, minInFlight: 1 } })
const turns = app.database.turns

describe.skipIf(!turns)('the embedded database behind on its requests', () => {
  /**
   * A request in flight whose transaction holds the database, started `waitedMs` ago by the
   * database's clock; `done()` lets it finish.
   */
  async function requestInFlight(waitedMs: number) {
    const asker = turns!.request()
    let release = () => {}
    let started = () => {}
    const inside = new Promise<void>((resolve) => {
      started = resolve
    })
    const held = runAs(asker, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        started()
        await new Promise<void>((resolve) => {
          release = resolve
        })
      }),
    )
    await inside
    clockMs += waitedMs
    return {
      async done() {
        release()
        await held
        turns!.finish(asker)
      },
    }
  }

  it('answers a new order 503 with Retry-After at once, placing nothing and charging nothing; once it has caught up the same order is placed', async () => {
    const diner = await createUser(app, { balance: 50 })
    const { restaurant, items } = await createRestaurant(app)
    const order = { restaurantId: restaurant.id, items: [{ menuItemId: items[0]!.id, quantity: 1 }] }
    const place = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...diner.headers, 'idempotency-key': 'busy-then-placed' },
        payload: order,
      })

    const earlier = await requestInFlight(6000)
    const refused = await place()
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json()).toMatchObject({ code: 'service_unavailable' })
    await earlier.done()

    expect(await app.db.select().from(orders).where(eq(orders.userId, diner.user.id))).toEqual([])
    expect(await balanceCents(app, diner.user.id)).toBe(5000)

    // The same key again: nothing was stored for it, so the order is placed now, once.
    const placed = await place()
    expect(placed.statusCode).toBe(201)
    expect(await app.db.select().from(orders).where(eq(orders.userId, diner.user.id))).toHaveLength(1)
  })

  it('admits new requests while the oldest in flight has waited less than the limit', async () => {
    const diner = await createUser(app, { balance: 5 })
    const earlier = await requestInFlight(4000)
    // Asked while the transaction holds the database: admitted, so it waits for its turn.
    const balance = app.inject({
      method: 'GET',
      url: `/api/users/${diner.user.id}/wallet-balance`,
      headers: diner.headers,
    })
    await earlier.done()
    expect((await balance).statusCode).toBe(200)
  })
})
