import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { restaurants, reviews, users } from '../db/schema'

export type ReviewRow = typeof reviews.$inferSelect

export function createReviewsRepository(tx: Tx) {
  return {
    async findByOrder(orderId: number): Promise<ReviewRow | undefined> {
      const [row] = await tx.select().from(reviews).where(eq(reviews.orderId, orderId))
      return row
    },

    /** Inserts the review unless the order has one; undefined when it had. */
    async insert(
      values: Omit<typeof reviews.$inferInsert, 'id' | 'createdAt'>,
    ): Promise<ReviewRow | undefined> {
      const [row] = await tx
        .insert(reviews)
        .values(values)
        .onConflictDoNothing({ target: reviews.orderId })
        .returning()
      return row
    },

    /** Counts one more rating into the restaurant's figures, in one statement. */
    async addRating(restaurantId: number, rating: number) {
      const [row] = await tx
        .update(restaurants)
        .set({
          ratingTotal: sql`${restaurants.ratingTotal} + ${rating}`,
          reviewCount: sql`${restaurants.reviewCount} + 1`,
          rating: sql`(${restaurants.ratingTotal} + ${rating}) / (${restaurants.reviewCount} + 1)`,
          updatedAt: new Date(),
        })
        .where(eq(restaurants.id, restaurantId))
        .returning({ rating: restaurants.rating, reviewCount: restaurants.reviewCount })
      return row!
    },

    async authorName(userId: number): Promise<string> {
      const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId))
      return row?.fullName ?? ''
    },

    async restaurantExists(restaurantId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row !== undefined
    },

    /** Newest first, `limit` of them, before the review `beforeId` when given. */
    async pageForRestaurant(restaurantId: number, limit: number, beforeId?: number) {
      return tx
        .select({ review: reviews, fullName: users.fullName })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(
          and(
            eq(reviews.restaurantId, restaurantId),
            beforeId === undefined ? undefined : lt(reviews.id, beforeId),
          ),
        )
        .orderBy(desc(reviews.id))
        .limit(limit)
    },
  }
}
