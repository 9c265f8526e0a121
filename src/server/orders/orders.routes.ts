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
import { self, signedIn, userOf } from '../auth/access'
import { currentUser } from '../auth/auth.guard'
import { activeOrdersCacheKey, cacheActiveOrders } from '../infra/active-orders-cache'
import { sendCached } from '../infra/cached-response'
import { idempotencyHeaders } from '../infra/idempotency'
import type { OrderCancellation } from './cancellation'
import { requireViewableOrder, requireViewableOrderFor, toOrderDto } from './order-access'
import { listEvents, orderReview, orderTimeline } from './order-history'
import type { OrderReads } from './orders.repository'
import type { OrdersService } from './orders.service'

export function ordersRoutes(
  service: OrdersService,
  reads: OrderReads,
  cancellation: OrderCancellation,
): FastifyPluginAsyncZod {
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
      async (request, reply) => {
        const { order, team } = await requireViewableOrderFor(request, app.db, request.params.id)
        reply.header('cache-control', 'private, no-store')
        return listEvents(app.db, order, team)
      },
    )

    app.post(
      '/orders/quote',
      {
        ...signedIn,
        schema: {
          tags: ['orders'],
          summary:
            'Delivery or pickup before paying: the fee, the address and its distance, the promised time',
          body: orderQuoteSchema,
          response: { 200: orderQuoteResponse },
        },
      },
      async (request) => {
        const user = userOf(request)
        return service.quote(user.id, request.body)
      },
    )

    app.get(
      '/users/:id/orders',
      { ...self(), schema: { tags: ['orders'], params: idParams, response: { 200: z.array(orderSchema) } } },
      async (request) => {
        const user = userOf(request)
        return (await reads.listForUser(user.id)).map((row) => toOrderDto(row, row.completedAt))
      },
    )

    app.get(
      '/users/:id/active-orders',
      { ...self(), schema: { tags: ['orders'], params: idParams, response: { 200: z.array(orderSchema) } } },
      async (request, reply) => {
        const user = userOf(request)
        const entry = await app.cache.get(activeOrdersCacheKey(user.id), async () =>
          (await reads.listActiveForUser(user.id)).map((row) => toOrderDto(row)),
        )
        return sendCached(request, reply, entry, { personal: true })
      },
    )

    app.post(
      '/orders',
      {
        ...signedIn,
        schema: {
          tags: ['orders'],
          headers: idempotencyHeaders,
          body: placeOrderSchema,
          response: { 201: orderSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
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
        ...signedIn,
        schema: {
          tags: ['orders'],
          summary: 'Cancel an order and refund everything it charged (its diner: only while preparing)',
          params: idParams,
          body: cancelOrderSchema,
          response: { 200: cancelOrderResult },
        },
      },
      async (request) => {
        const user = userOf(request)
        const { order, refundCents } = await cancellation.cancel(user.id, request.params.id, request.body)
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
