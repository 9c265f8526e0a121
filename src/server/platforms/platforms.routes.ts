import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import { orderSchema } from '../../shared/schemas/orders'
import { connectionCheckSchema, integrationActivitySchema } from '../../shared/schemas/partners'
import { watchSchema } from '../../shared/schemas/watch'
import { requireRestaurantAccess, signedIn, userOf } from '../auth/access'
import { toOrderDto } from '../orders/order-access'
import { createOrdersRepository } from '../orders/orders.repository'
import { originOf } from '../partners/integrations.routes'
import type { IntegrationService } from '../partners/integrations.service'
import { WebhookRefused } from './adapter'
import { notAPlatformOrder } from './platforms.errors'
import type { PlatformService } from './platforms.service'

/** A platform's webhook is small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

export const denySchema = z.object({
  reason: z
    .string({ error: 'Say why the order is denied' })
    .trim()
    .min(1, 'Say why the order is denied')
    .max(200, 'The reason must be at most 200 characters'),
})

export function platformRoutes(
  platforms: PlatformService,
  integrations: IntegrationService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Its own scope: the signature is checked on the raw bytes, so JSON is not parsed here.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      )
      raw.post(
        '/integrations/:id/webhook',
        {
          schema: {
            tags: ['platforms'],
            summary:
              "A delivery platform's webhook: signature checked on the raw bytes, stored once, answered at once and processed after",
            params: idParams,
            response: {
              200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
              400: z.object({ message: z.string() }),
              401: z.object({ message: z.string() }),
            },
          },
        },
        async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
          try {
            const { duplicate } = await platforms.receive(
              (request.params as { id: number }).id,
              body,
              request.headers,
              originOf(request),
            )
            return { received: true as const, duplicate }
          } catch (error) {
            if (error instanceof WebhookRefused)
              return reply.code(error.status).send({ message: error.message })
            throw error
          }
        },
      )
    })

    const platformOrder = async (orderId: number) => {
      const order = await createOrdersRepository(app.db).findById(orderId)
      if (!order?.integrationId) throw notAPlatformOrder()
      return order
    }

    app.post(
      '/orders/:id/accept',
      {
        ...signedIn,
        schema: {
          tags: ['platforms'],
          summary: "Accept a delivery platform's order waiting in the kitchen (the platform is told first)",
          params: idParams,
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const order = await platformOrder(request.params.id)
        const user = await requireRestaurantAccess(request, order.restaurantId, 'accept_platform_orders')
        const accepted = await platforms.orders.accept(
          order.id,
          { actor: 'kitchen', userId: user.id },
          originOf(request),
        )
        return toOrderDto(accepted)
      },
    )

    app.post(
      '/orders/:id/deny',
      {
        ...signedIn,
        schema: {
          tags: ['platforms'],
          summary:
            "Deny a delivery platform's order waiting in the kitchen, with a reason the platform is given",
          params: idParams,
          body: denySchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const order = await platformOrder(request.params.id)
        const user = await requireRestaurantAccess(request, order.restaurantId, 'accept_platform_orders')
        const denied = await platforms.orders.deny(order.id, {
          reason: request.body.reason,
          kind: 'denied',
          by: { actor: 'kitchen', userId: user.id },
        })
        return toOrderDto(denied)
      },
    )

    app.post(
      '/delivery-integrations/:id/check',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary:
            "Check the integration's connection with its platform; the answer is stored on it (owner only)",
          params: idParams,
          response: { 200: connectionCheckSchema },
        },
      },
      async (request) => platforms.check(await integrations.owned(request.params.id, userOf(request).id)),
    )

    app.post(
      '/delivery-integrations/:id/sync',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary: 'Publish the whole menu to the platform now (owner only)',
          params: idParams,
          response: { 200: connectionCheckSchema },
        },
      },
      async (request) => platforms.syncNow(await integrations.owned(request.params.id, userOf(request).id)),
    )

    app.get(
      '/delivery-integrations/:id/events',
      {
        ...signedIn,
        schema: {
          tags: ['partners'],
          summary: "The integration's last 20 events, newest first (owner only)",
          params: idParams,
          response: { 200: z.array(integrationActivitySchema) },
        },
      },
      async (request) => {
        const integration = await integrations.owned(request.params.id, userOf(request).id)
        return (await platforms.recentActivity(integration.id)).map((row) => ({
          id: row.id,
          kind: row.kind,
          message: row.message,
          orderId: row.orderId,
          at: row.at.toISOString(),
        }))
      },
    )

    app.get(
      '/watch/:code',
      {
        schema: {
          tags: ['platforms'],
          summary:
            "A platform order's public watch page: status, dishes and the kitchen's cameras; no name, address or price",
          params: z.object({ code: z.string().max(100) }),
          response: { 200: watchSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return platforms.watch(request.params.code)
      },
    )
  }
}
