import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { INSTALLATION_TIME_SLOTS } from '../../shared/constants'
import { installationSchema } from '../../shared/schemas/partners'
import { installations } from '../db/schema'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()

/** A calendar date `days` from today in UTC, as YYYY-MM-DD. */
const utcDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function ownerWithRestaurant() {
  const owner = await createUser(app)
  const res = await app.inject({
    method: 'POST',
    url: '/api/restaurants',
    headers: owner.headers,
    payload: {
      name: 'Saffron Lane',
      description: 'Slow-cooked curries and fresh naan.',
      cuisine: 'Indian',
      address: '12 Lamar Blvd, Austin, TX',
      priceRange: '$$',
    },
  })
  expect(res.statusCode).toBe(201)
  return { owner, restaurantId: res.json().id as number }
}

function request(restaurantId: number, overrides: Record<string, unknown> = {}) {
  return {
    restaurantId,
    preferredDate: utcDate(2),
    preferredTimeSlot: INSTALLATION_TIME_SLOTS[0],
    secondaryDate: utcDate(3),
    secondaryTimeSlot: INSTALLATION_TIME_SLOTS[4],
    specialInstructions: 'Use the loading dock entrance.',
    contactName: 'Priya Raman',
    contactPhone: '512-555-0142',
    contactEmail: 'priya@example.com',
    termsAccepted: true,
    ...overrides,
  }
}

async function storedFor(user: TestUser) {
  return app.db.select().from(installations).where(eq(installations.userId, user.user.id))
}

describe('installation requests', () => {
  it('stores a pending request under the signed-in user, whatever user and status the client sends', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant()
    const other = await createUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: owner.headers,
      payload: request(restaurantId, {
        userId: other.user.id,
        status: 'confirmed',
        createdAt: '2001-01-01T00:00:00Z',
      }),
    })
    expect(res.statusCode).toBe(201)
    const created = installationSchema.strict().parse(res.json())
    expect(created).toMatchObject({
      restaurantId,
      userId: owner.user.id,
      status: 'pending',
      preferredDate: utcDate(2),
      preferredTimeSlot: INSTALLATION_TIME_SLOTS[0],
      secondaryDate: utcDate(3),
      secondaryTimeSlot: INSTALLATION_TIME_SLOTS[4],
      contactEmail: 'priya@example.com',
    })
    expect(Date.now() - Date.parse(created.createdAt)).toBeLessThan(60_000)
    const [row] = await storedFor(owner)
    expect(row).toMatchObject({ id: created.id, termsAccepted: true, status: 'pending' })
    expect(await storedFor(other)).toEqual([])
  })

  it('treats empty optional fields as not given', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant()
    const res = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: owner.headers,
      payload: request(restaurantId, { secondaryDate: '', secondaryTimeSlot: '', specialInstructions: '' }),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      secondaryDate: null,
      secondaryTimeSlot: null,
      specialInstructions: null,
    })
  })

  it.each([
    [{ restaurantId: undefined }, 'restaurantId', 'Please select a restaurant'],
    [{ preferredDate: undefined }, 'preferredDate', 'Please select a preferred installation date'],
    [{ preferredDate: 'next tuesday' }, 'preferredDate', 'Please select a preferred installation date'],
    [{ preferredDate: '2099-02-30' }, 'preferredDate', 'Please select a preferred installation date'],
    [{ preferredDate: utcDate(-1) }, 'preferredDate', 'The installation date must be tomorrow or later'],
    [{ secondaryDate: 'next week' }, 'secondaryDate', 'Please select a valid alternative date'],
    [{ preferredDate: '2020-01-01' }, 'preferredDate', 'The installation date must be tomorrow or later'],
    [{ secondaryDate: utcDate(-1) }, 'secondaryDate', 'The alternative date must be tomorrow or later'],
    [{ preferredTimeSlot: undefined }, 'preferredTimeSlot', 'Please select a preferred time slot'],
    [{ preferredTimeSlot: '6:00 AM - 7:00 AM' }, 'preferredTimeSlot', 'Please select a preferred time slot'],
    [{ secondaryTimeSlot: 'midnight' }, 'secondaryTimeSlot', 'Please select a valid time slot'],
    [
      { specialInstructions: 'x'.repeat(501) },
      'specialInstructions',
      'Special instructions cannot exceed 500 characters',
    ],
    [{ contactName: 'P' }, 'contactName', 'Contact name must be at least 2 characters'],
    [{ contactPhone: '555-0142' }, 'contactPhone', 'Please enter a valid phone number'],
    [{ contactEmail: 'priya@' }, 'contactEmail', 'Please enter a valid email address'],
    [{ termsAccepted: false }, 'termsAccepted', 'You must accept the terms to continue'],
    [{ termsAccepted: undefined }, 'termsAccepted', 'You must accept the terms to continue'],
  ])('refuses %o with "%s: %s" and stores nothing', async (overrides, field, message) => {
    const { owner, restaurantId } = await ownerWithRestaurant()
    const res = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: owner.headers,
      payload: request(restaurantId, overrides),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(await storedFor(owner)).toEqual([])
  })

  it('accepts exactly 500 characters of instructions', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant()
    const res = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: owner.headers,
      payload: request(restaurantId, { specialInstructions: 'x'.repeat(500) }),
    })
    expect(res.statusCode).toBe(201)
  })

  it("answers 401 to a visitor, 403 for someone else's restaurant and 404 for an unknown one", async () => {
    const { restaurantId } = await ownerWithRestaurant()
    const stranger = await createUser(app)
    expect(
      (await app.inject({ method: 'POST', url: '/api/installations', payload: request(restaurantId) }))
        .statusCode,
    ).toBe(401)
    const notOwner = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: stranger.headers,
      payload: request(restaurantId),
    })
    expect(notOwner.statusCode).toBe(403)
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: stranger.headers,
      payload: request(999999),
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Restaurant not found')
    expect(await storedFor(stranger)).toEqual([])
  })

  it("lists a user's requests, newest first, to that user only", async () => {
    const { owner, restaurantId } = await ownerWithRestaurant()
    const ids: number[] = []
    for (const slot of INSTALLATION_TIME_SLOTS.slice(0, 2)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/installations',
        headers: owner.headers,
        payload: request(restaurantId, { preferredTimeSlot: slot }),
      })
      ids.push(res.json().id)
    }
    const url = `/api/users/${owner.user.id}/installations`
    const res = await app.inject({ url, headers: owner.headers })
    expect(res.statusCode).toBe(200)
    const list = z.array(installationSchema.strict()).parse(res.json())
    expect(list.map((i) => i.id)).toEqual([...ids].reverse())
    expect((await app.inject({ url })).statusCode).toBe(401)
    expect((await app.inject({ url, headers: (await createUser(app)).headers })).statusCode).toBe(403)
  })
})
