import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toCents } from '../../shared/money'
import { chefShoutCreateResponse, chefShoutCreateSchema, chefShoutSchema } from '../../shared/schemas/chef'
import { idParam } from '../../shared/schemas/common'
import { tipResponseSchema, tipSchema } from '../../shared/schemas/wallet'
import { signedIn, userOf } from '../auth/access'
import { currentUser } from '../auth/auth.guard'
import { sendCached } from '../infra/cached-response'
import { unauthorized } from '../infra/errors'
import { idempotencyHeaders } from '../infra/idempotency'
import { orderNotFound } from '../orders/orders.errors'
import type { ChefService } from './chef.service'

const orderParams = z.object({ orderId: idParam() })

export function chefRoutes(service: ChefService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:orderId/chef-shouts',
      { schema: { tags: ['chef'], params: orderParams, response: { 200: z.array(chefShoutSchema) } } },
      async (request, reply) => {
        const user = await currentUser(request)
        const shouts = await service.listShoutsFor(user?.id, request.params.orderId)
        if (shouts) return sendCached(request, reply, shouts, { personal: true })
        // As for the order itself: 401 to a visitor, 404 to anyone else who may not read it.
        if (!user) throw unauthorized()
        throw orderNotFound()
      },
    )

    app.post(
      '/orders/:orderId/chef-shouts',
      {
        ...signedIn,
        schema: {
          tags: ['chef'],
          params: orderParams,
          headers: idempotencyHeaders,
          body: chefShoutCreateSchema,
          response: { 201: chefShoutCreateResponse },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const shout = await service.sendShout({
          userId: user.id,
          orderId: request.params.orderId,
          shoutType: request.body.shoutType,
          idempotencyKey: request.headers['idempotency-key'],
        })
        return reply.code(201).send(shout)
      },
    )

    app.post(
      '/orders/:orderId/tip-chef',
      {
        ...signedIn,
        schema: {
          tags: ['chef'],
          params: orderParams,
          headers: idempotencyHeaders,
          body: tipSchema,
          response: { 200: tipResponseSchema },
        },
      },
      async (request) => {
        // The body's userId is the spec's; the tip is always the signed-in diner's.
        const user = userOf(request)
        return service.tip({
          userId: user.id,
          orderId: request.params.orderId,
          amountCents: toCents(request.body.amount),
          message: request.body.message,
          idempotencyKey: request.headers['idempotency-key'],
        })
      },
    )
  }
}
