import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toDollars } from '../../shared/money'
import { idParams } from '../../shared/schemas/common'
import { cancelOrderSchema } from '../../shared/schemas/kitchen'
import {
  cancelOrderResult,
  orderEventSchema,
  orderQuoteResponse,
  orderQuoteSchema,
  orderSchema,
  placeOrderSchema,
  showcaseSchema,
  streamAccessResponse,
  streamAccessSchema,
} from '../../shared/schemas/orders'
import { currentUser, requireSelf, requireUser } from '../auth/auth.guard'
import { activeOrdersCacheKey, cacheActiveOrders } from '../infra/active-orders-cache'
import { sendCached } from '../infra/cached-response'
import { idempotencyHeaders } from '../infra/idempotency'
import { requireViewableOrder, toOrderDto } from './order-access'
import { listEvents, orderReview, orderTimeline } from './order-history'
import type { OrderReads } from './orders.repository'
import type { OrdersService } from './orders.service'

export function ordersRoutes(service: OrdersService, reads: OrderReads): FastifyPluginAsyncZod {
  return async (app) => {
    const plannedMs = app.config.kitchen.orderMs
    // Every page of a signed-in diner asks for their orders under way: served from the read cache,
    // serialized once, until a change to one of them (publishActiveOrdersChanged) clears it.
    cacheActiveOrders(app.bus, app.cache)

    app.get(
      '/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'The order, with its timeline: steps reached from its status history, the rest estimated',
          params: idParams,
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const order = await requireViewableOrder(request, app.db, request.params.id)
        const [timeline, review] = await Promise.all([
          orderTimeline(app.db, order, plannedMs),
          orderReview(app.db, order.id),
        ])
        return { ...toOrderDto(order), timeline, review }
      },
    )

    app.get(
      '/orders/:id/events',
      {
        schema: {
          tags: ['orders'],
          summary: 'The order’s status history, oldest first',
          params: idParams,
          response: { 200: z.array(orderEventSchema) },
        },
      },
      async (request) => {
        const order = await requireViewableOrder(request, app.db, request.params.id)
        return listEvents(app.db, order)
      },
    )

    app.post(
      '/orders/quote',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Delivery or pickup before paying: the fee, the address and its distance, the promised time',
          body: orderQuoteSchema,
          response: { 200: orderQuoteResponse },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        return service.quote(user.id, request.body)
      },
    )

    app.get(
      '/users/:id/orders',
      { schema: { tags: ['orders'], params: idParams, response: { 200: z.array(orderSchema) } } },
      async (request) => {
        const user = await requireSelf(request, request.params.id)
        return (await reads.listForUser(user.id)).map(toOrderDto)
      },
    )

    app.get(
      '/users/:id/active-orders',
      { schema: { tags: ['orders'], params: idParams, response: { 200: z.array(orderSchema) } } },
      async (request, reply) => {
        const user = await requireSelf(request, request.params.id)
        const entry = await app.cache.get(activeOrdersCacheKey(user.id), async () =>
          (await reads.listForUser(user.id, { activeOnly: true })).map(toOrderDto),
        )
        return sendCached(request, reply, entry, { personal: true })
      },
    )

    app.post(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          headers: idempotencyHeaders,
          body: placeOrderSchema,
          response: { 201: orderSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        const result = await service.placeOrder({
          userId: user.id,
          order: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        })
        // The restaurant's kitchen consoles see the new ticket.
        if (!result.replayed) await app.kitchen.ticketChanged(result.body.id)
        return reply.code(result.statusCode as 201).send(result.body)
      },
    )

    app.post(
      '/orders/:id/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Cancel an order and refund everything it charged (its diner: only while preparing)',
          params: idParams,
          body: cancelOrderSchema,
          response: { 200: cancelOrderResult },
        },
      },
      async (request) => {
        const user = await currentUser(request)
        const { order, refundCents } = await app.kitchen.cancel(
          { userId: user?.id },
          request.params.id,
          request.body,
        )
        return { order: toOrderDto(order), refund: toDollars(refundCents) }
      },
    )

    app.post(
      '/stream-access',
      { schema: { tags: ['orders'], body: streamAccessSchema, response: { 200: streamAccessResponse } } },
      async (request) => {
        const user = await currentUser(request)
        return service.grantStreamAccess({ userId: user?.id, orderId: request.body.orderId })
      },
    )

    app.get('/showcase', { schema: { tags: ['orders'], response: { 200: showcaseSchema } } }, async () =>
      service.showcase(),
    )
  }
}
