import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const chefRoutes: FastifyPluginAsyncZod = async () => {}
