import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const restaurantRoutes: FastifyPluginAsyncZod = async () => {}
