import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const cameraStreamRoutes: FastifyPluginAsyncZod = async () => {}
