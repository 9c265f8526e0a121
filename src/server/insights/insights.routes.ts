import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import { insightsCsvQuery, insightsQuery, insightsSchema } from '../../shared/schemas/insights'
import { restaurantAccess } from '../auth/access'
import type { InsightsService } from './insights.service'

export function insightsRoutes(insights: InsightsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/restaurants/:id/insights',
      {
        ...restaurantAccess('read_insights', { param: 'id' }),
        schema: {
          tags: ['insights'],
          summary:
            'The restaurant’s sales, live-kitchen revenue, item mix, speed of service and reviews for a range of local dates, beside the range before it, in the restaurant’s time zone unless `tz` says another (its owner only)',
          params: idParams,
          querystring: insightsQuery,
          response: { 200: insightsSchema },
        },
      },
      async (request, reply) => {
        const figures = await insights.insights(request.params.id, request.query)
        return reply.header('cache-control', 'private, no-store').send(figures)
      },
    )

    app.get(
      '/restaurants/:id/insights.csv',
      {
        ...restaurantAccess('read_insights', { param: 'id' }),
        schema: {
          tags: ['insights'],
          summary: 'One section of the insights (sales by day, items, service, reviews) as CSV',
          params: idParams,
          querystring: insightsCsvQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV, a header line first') },
        },
      },
      async (request, reply) => {
        const { filename, body } = await insights.csv(request.params.id, request.query)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(body)
      },
    )
  }
}
