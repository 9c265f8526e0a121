import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { searchQuery, searchResultSchema } from '../../shared/schemas/search'
import type { SearchService } from './search.service'

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
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
}
