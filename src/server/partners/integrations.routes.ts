import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  deliveryIntegrationSchema,
  integrationCreateSchema,
  integrationUpdateSchema,
} from '../../shared/schemas/partners'
import { signedIn, userOf } from '../auth/access'
import type { IntegrationService } from './integrations.service'

export function integrationRoutes(integrations: IntegrationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/restaurants/:id/delivery-integrations',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary: "The restaurant's delivery-platform integrations, secrets masked (owner only)",
          params: idParams,
          response: { 200: z.array(deliveryIntegrationSchema) },
        },
      },
      async (request) => {
        const user = userOf(request)
        return integrations.list(request.params.id, user.id, originOf(request))
      },
    )

    app.post(
      '/restaurants/:id/delivery-integrations',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary: 'Connect a delivery platform; it starts pending (owner only)',
          params: idParams,
          body: integrationCreateSchema,
          response: { 201: deliveryIntegrationSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        return reply
          .code(201)
          .send(await integrations.create(request.params.id, user.id, request.body, originOf(request)))
      },
    )

    app.put(
      '/delivery-integrations/:id',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary:
            'Change some fields of an integration, e.g. {"syncEnabled": false}; new credentials leave what the platform needs complete (400 otherwise) and make it pending (owner only)',
          params: idParams,
          body: integrationUpdateSchema,
          response: { 200: deliveryIntegrationSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return integrations.update(request.params.id, user.id, request.body, originOf(request))
      },
    )

    app.delete(
      '/delivery-integrations/:id',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary: 'Disconnect a delivery platform (owner only)',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const user = userOf(request)
        await integrations.remove(request.params.id, user.id)
        return { message: 'Integration deleted' }
      },
    )
  }
}

/** This server's address as the request reached it (behind a proxy, as TRUST_PROXY judges). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}
