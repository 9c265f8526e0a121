import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const allergenRoutes: FastifyPluginAsyncZod = async () => {}
