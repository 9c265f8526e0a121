import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { upsellResponseSchema, upsellResultSchema } from '../../shared/schemas/chef'
import { idParam } from '../../shared/schemas/common'
import { signedIn, userOf } from '../auth/access'
import { idempotencyHeaders } from '../infra/idempotency'
import type { UpsellsService } from './upsells.service'

const upsellParams = z.object({ upsellId: idParam() })

export function upsellRoutes(upsells: UpsellsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/upsells/:upsellId/response',
      {
        ...signedIn,
        schema: {
          tags: ['chef'],
          params: upsellParams,
          headers: idempotencyHeaders,
          body: upsellResponseSchema,
          response: { 200: upsellResultSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return upsells.answer({
          userId: user.id,
          upsellId: request.params.upsellId,
          accepted: request.body.accepted,
          idempotencyKey: request.headers['idempotency-key'],
        })
      },
    )
  }
}
