import { REVIEW_WINDOW_DAYS } from '../../shared/constants'
import type { Review, ReviewPage } from '../../shared/schemas/reviews'
import type { Db } from '../db/client'
import { findOrderWithOwner } from '../orders/order-access'
import { completedAt } from '../orders/order-history'
import { orderNotFound } from '../orders/orders.errors'
import { restaurantNotFound } from '../restaurants/restaurants.errors'
import { alreadyReviewed, notDeliveredYet, notYourOrder, reviewWindowClosed } from './reviews.errors'
import { createReviewsRepository, type ReviewRow } from './reviews.repository'

const DAY_MS = 24 * 60 * 60 * 1000

/** "Maya O.": reviews are public, so they show a first name and an initial. */
export function authorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return 'A diner'
  const first = parts[0]!
  const last = parts.length > 1 ? parts[parts.length - 1]! : ''
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first
}

export function toReview(row: ReviewRow, fullName: string): Review {
  return {
    id: row.id,
    orderId: row.orderId,
    restaurantId: row.restaurantId,
    rating: row.rating,
    comment: row.comment,
    author: authorName(fullName),
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Reviews: one per order, from its diner only, once it is delivered and for 14 days after. A
 * review counts into its restaurant's rating and review count in the same transaction.
 */
export function createReviewsService({
  db,
  onRestaurantChanged,
  onReviewed,
}: {
  db: Db
  onRestaurantChanged: () => Promise<void>
  /** Called once a review is committed (the owner's notice); must not throw. */
  onReviewed?: (review: {
    id: number
    restaurantId: number
    rating: number
    comment: string | null
  }) => Promise<void>
}) {
  return {
    async create(input: {
      userId: number
      orderId: number
      rating: number
      comment?: string | undefined
      now?: Date
    }) {
      const now = input.now ?? new Date()
      const result = await db.transaction(async (tx) => {
        const found = await findOrderWithOwner(tx, input.orderId)
        if (!found || (found.order.userId !== input.userId && found.ownerId !== input.userId)) {
          // Like every order route: an order you may not read does not exist for you.
          throw orderNotFound()
        }
        const { order } = found
        if (order.userId !== input.userId || order.isShowcase) throw notYourOrder()
        if (order.status !== 'completed') throw notDeliveredYet()
        const deliveredAt = await completedAt(tx, order)
        if (now.getTime() - deliveredAt.getTime() > REVIEW_WINDOW_DAYS * DAY_MS) throw reviewWindowClosed()
        const repo = createReviewsRepository(tx)
        const row = await repo.insert({
          orderId: order.id,
          restaurantId: order.restaurantId,
          userId: input.userId,
          rating: input.rating,
          comment: input.comment ?? null,
        })
        if (!row) throw alreadyReviewed()
        const figures = await repo.addRating(order.restaurantId, input.rating)
        return { row, figures, fullName: await repo.authorName(input.userId) }
      })
      await onRestaurantChanged()
      const { id, restaurantId, rating, comment } = result.row
      await onReviewed?.({ id, restaurantId, rating, comment })
      return {
        ...toReview(result.row, result.fullName),
        restaurantRating: result.figures.rating,
        restaurantReviewCount: result.figures.reviewCount,
      }
    },

    async page(restaurantId: number, limit: number, cursor?: string): Promise<ReviewPage> {
      const repo = createReviewsRepository(db)
      const rows = await repo.pageForRestaurant(
        restaurantId,
        limit + 1,
        cursor === undefined ? undefined : Number(cursor),
      )
      // A restaurant with reviews exists: only an empty page needs asking.
      if (rows.length === 0 && !(await repo.restaurantExists(restaurantId))) throw restaurantNotFound()
      const page = rows.slice(0, limit)
      const more = rows.length > limit
      return {
        reviews: page.map((r) => toReview(r.review, r.fullName)),
        nextCursor: more ? String(page[page.length - 1]!.review.id) : null,
      }
    },
  }
}
export type ReviewsService = ReturnType<typeof createReviewsService>
