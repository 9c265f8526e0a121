import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../shared/schemas/common'
import {
  reviewCreatedSchema,
  reviewCreateSchema,
  reviewPageQuery,
  reviewPageSchema,
} from '../../shared/schemas/reviews'
import { signedIn, userOf } from '../auth/access'
import type { ReviewsService } from './reviews.service'

export function reviewRoutes(reviews: ReviewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/:id/review',
      {
        ...signedIn,
        schema: {
          tags: ['reviews'],
          summary: 'Rate a delivered order: its diner only, once, within 14 days of delivery',
          params: idParams,
          body: reviewCreateSchema,
          response: { 201: reviewCreatedSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const review = await reviews.create({
          userId: user.id,
          orderId: request.params.id,
          rating: request.body.rating,
          comment: request.body.comment,
        })
        return reply.code(201).send(review)
      },
    )

    app.get(
      '/restaurants/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: 'The restaurant’s reviews, newest first, a page at a time',
          params: idParams,
          querystring: reviewPageQuery,
          response: { 200: reviewPageSchema },
        },
      },
      async (request) => {
        return reviews.page(request.params.id, request.query.limit, request.query.cursor)
      },
    )
  }
}
