import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { searchQuery, searchResultSchema } from '../../shared/schemas/search'
import { createSearchService } from './search.service'

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchService({ db: app.db })

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Restaurants by name and cuisine, dishes by name and ingredient; tolerant of typos and accents',
        querystring: searchQuery,
        response: { 200: searchResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache')
      return search.search(request.query.q)
    },
  )
}
