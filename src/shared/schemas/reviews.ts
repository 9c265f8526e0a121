import { z } from 'zod'
import { REVIEW_COMMENT_MAX } from '../constants'
import { multilineText } from './common'

export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  comment: multilineText()
    .max(REVIEW_COMMENT_MAX, `Keep your comment under ${REVIEW_COMMENT_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
})
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>

export const reviewSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  restaurantId: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  /** First name and initial: reviews are public. */
  author: z.string(),
  createdAt: z.string(),
})
export type Review = z.infer<typeof reviewSchema>

/** The review and the restaurant's figures after it. */
export const reviewCreatedSchema = reviewSchema.extend({
  restaurantRating: z.number().nullable(),
  restaurantReviewCount: z.number(),
})

export const reviewPageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .default(10),
  /** The `nextCursor` of the page before. */
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, 'Invalid cursor')
    .optional(),
})

export const reviewPageSchema = z.object({
  reviews: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
})
export type ReviewPage = z.infer<typeof reviewPageSchema>
