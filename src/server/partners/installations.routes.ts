import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const installationRoutes: FastifyPluginAsyncZod = async () => {}
