import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders, restaurants } from '../db/schema'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { deliverOrder } from './reviews.fixtures'
import { authorName } from './reviews.service'

const app = await buildTestApp()
const owner = await createUser(app)
const kitchen = await createRestaurant(app, { ownerId: owner.user.id })
await app.db
  .update(restaurants)
  .set({ rating: 4.5, reviewCount: 10, ratingTotal: 45 })
  .where(eq(restaurants.id, kitchen.restaurant.id))

const DAY = 24 * 60 * 60 * 1000

async function orderFor(diner: TestUser) {
  return placeOrder(app, diner, kitchen.restaurant.id, [{ menuItemId: kitchen.items[0]!.id, quantity: 1 }])
}
const review = (user: TestUser | undefined, orderId: number, payload: object = { rating: 5 }) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/review`, headers: user?.headers, payload })
const restaurant = async () =>
  (await app.inject({ url: `/api/restaurants/${kitchen.restaurant.id}` })).json() as {
    rating: number
    reviewCount: number
  }

describe('reviews', () => {
  it('lets the diner rate a delivered order once, and the restaurant’s figures follow', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await orderFor(diner)
    await deliverOrder(app, placed.id)
    const before = await restaurant()
    const res = await review(diner, placed.id, { rating: 1, comment: '  Cold on arrival.  ' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      orderId: placed.id,
      restaurantId: kitchen.restaurant.id,
      rating: 1,
      comment: 'Cold on arrival.',
      restaurantReviewCount: before.reviewCount + 1,
    })
    const after = await restaurant()
    expect(after.reviewCount).toBe(before.reviewCount + 1)
    expect(after.rating).toBeCloseTo((before.rating * before.reviewCount + 1) / (before.reviewCount + 1), 6)

    const again = await review(diner, placed.id, { rating: 5 })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('You have already rated this order')
    expect((await restaurant()).reviewCount).toBe(after.reviewCount)
  })

  it('counts one review when the diner sends it twice at once', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await orderFor(diner)
    await deliverOrder(app, placed.id)
    const before = await restaurant()
    const answers = await Promise.all([review(diner, placed.id), review(diner, placed.id)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect((await restaurant()).reviewCount).toBe(before.reviewCount + 1)
  })

  it('refuses a review before delivery with 409', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await orderFor(diner)
    const res = await review(diner, placed.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('You can rate this order once it has been delivered')
  })

  it('refuses a review more than 14 days after delivery with 409', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await orderFor(diner)
    await deliverOrder(app, placed.id, new Date(Date.now() - 15 * DAY))
    const late = await review(diner, placed.id)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('Orders can be rated for 14 days after delivery')

    const recent = await orderFor(diner)
    await deliverOrder(app, recent.id, new Date(Date.now() - 13 * DAY))
    expect((await review(diner, recent.id)).statusCode).toBe(201)
  })

  it('answers 403 to the restaurant’s owner, 404 to another diner and 401 to a visitor', async () => {
    const diner = await createUser(app, { balance: 50 })
    const other = await createUser(app)
    const placed = await orderFor(diner)
    await deliverOrder(app, placed.id)
    expect((await review(owner, placed.id)).statusCode).toBe(403)
    const stranger = await review(other, placed.id)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toEqual({ message: 'Order not found', code: 'orders.not_found' })
    expect((await review(undefined, placed.id)).statusCode).toBe(401)
    expect((await review(diner, placed.id)).statusCode).toBe(201)
  })

  it('refuses a rating outside 1 to 5 and a comment over 500 characters, with field messages', async () => {
    const diner = await createUser(app, { balance: 50 })
    const placed = await orderFor(diner)
    await deliverOrder(app, placed.id)
    for (const rating of [0, 6, 3.5, '5']) {
      const res = await review(diner, placed.id, { rating })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual({ rating: 'Choose a rating from 1 to 5 stars' })
    }
    const long = await review(diner, placed.id, { rating: 4, comment: 'x'.repeat(501) })
    expect(long.json().errors).toEqual({ comment: 'Keep your comment under 500 characters' })
    const nul = await review(diner, placed.id, { rating: 4, comment: 'ok\u0000' })
    expect(nul.statusCode).toBe(400)
    expect(
      (await review(diner, placed.id, { rating: 4, comment: 'Lovely.\nWould order again.' })).statusCode,
    ).toBe(201)
  })

  it('lists a restaurant’s reviews newest first, a page at a time, with first name and initial', async () => {
    const other = await createRestaurant(app)
    const diner = await createUser(app, { balance: 100 })
    const ids: number[] = []
    for (const rating of [3, 4, 5]) {
      const placed = await placeOrder(app, diner, other.restaurant.id, [
        { menuItemId: other.items[0]!.id, quantity: 1 },
      ])
      await deliverOrder(app, placed.id)
      ids.push((await review(diner, placed.id, { rating })).json().id)
    }
    const first = await app.inject({ url: `/api/restaurants/${other.restaurant.id}/reviews?limit=2` })
    expect(first.statusCode).toBe(200)
    const page = first.json()
    expect(page.reviews.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]])
    expect(page.reviews[0]).toMatchObject({ rating: 5, author: expect.stringMatching(/^Test \d\.$/) })
    const second = await app.inject({
      url: `/api/restaurants/${other.restaurant.id}/reviews?limit=2&cursor=${page.nextCursor}`,
    })
    expect(second.json()).toMatchObject({ reviews: [{ id: ids[0], rating: 3 }], nextCursor: null })
    expect((await app.inject({ url: '/api/restaurants/999999/reviews' })).statusCode).toBe(404)
    expect(
      (await app.inject({ url: `/api/restaurants/${other.restaurant.id}/reviews?limit=0` })).statusCode,
    ).toBe(400)
  })

  it('starts a restaurant without reviews from nothing', async () => {
    const fresh = await createRestaurant(app)
    const diner = await createUser(app, { balance: 50 })
    const placed = await placeOrder(app, diner, fresh.restaurant.id, [
      { menuItemId: fresh.items[0]!.id, quantity: 1 },
    ])
    await deliverOrder(app, placed.id)
    const res = await review(diner, placed.id, { rating: 4 })
    expect(res.json()).toMatchObject({ restaurantRating: 4, restaurantReviewCount: 1 })
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.id))
    expect(row!.status).toBe('completed')
  })
})

describe('authorName', () => {
  it('shows a first name and the initial of the last one', () => {
    expect(authorName('Maya  Okafor')).toBe('Maya O.')
    expect(authorName('Ana María de la Cruz')).toBe('Ana C.')
    expect(authorName('Cher')).toBe('Cher')
    expect(authorName('  ')).toBe('A diner')
  })
})
