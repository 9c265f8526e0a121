import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  earningsQuerySchema,
  earningsSchema,
  linkPayoutAccountSchema,
  payoutAccountSchema,
  payoutSchema,
} from '../../shared/schemas/earnings'
import { signedIn, userOf } from '../auth/access'
import { idempotencyHeaders } from '../infra/idempotency'
import { type EarningsService, earningsCsv } from './earnings.service'

/** A restaurant's earnings, statement and payouts: its owner only. */
export function earningsRoutes(earnings: EarningsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/restaurants/:id/earnings',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: "The restaurant's earnings lines in a range, totals per kind and the available balance",
          params: idParams,
          querystring: earningsQuerySchema,
          response: { 200: earningsSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return (await earnings.earnings(request.params.id, user.id, request.query)).earnings
      },
    )

    app.get(
      '/restaurants/:id/earnings.csv',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: 'The same as a CSV statement',
          params: idParams,
          querystring: earningsQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const { earnings: body, range } = await earnings.earnings(request.params.id, user.id, request.query)
        const day = (d: Date) => d.toISOString().slice(0, 10)
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="earnings-${request.params.id}-${day(range.from)}-to-${day(range.to)}.csv"`,
          )
          .send(earningsCsv(body, range))
      },
    )

    app.get(
      '/restaurants/:id/payouts',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: "The restaurant's payouts, newest first",
          params: idParams,
          response: { 200: z.array(payoutSchema) },
        },
      },
      async (request) => earnings.payouts(request.params.id, userOf(request).id),
    )

    app.post(
      '/restaurants/:id/payouts',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: 'Pay out the available balance (at least $10), once per Idempotency-Key',
          params: idParams,
          headers: idempotencyHeaders,
          response: { 201: payoutSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const result = await earnings.requestPayout({
          restaurantId: request.params.id,
          userId: user.id,
          idempotencyKey: request.headers['idempotency-key'],
        })
        return reply.code(201).send(result.body)
      },
    )

    app.get(
      '/restaurants/:id/payout-account',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: 'Where payouts go: the provider and the linked Stripe account',
          params: idParams,
          response: { 200: payoutAccountSchema },
        },
      },
      async (request) => earnings.payoutAccount(request.params.id, userOf(request).id),
    )

    app.put(
      '/restaurants/:id/payout-account',
      {
        ...signedIn,
        schema: {
          tags: ['earnings'],
          summary: 'Link (or unlink, with null) the Stripe Connect account payouts go to',
          params: idParams,
          body: linkPayoutAccountSchema,
          response: { 200: payoutAccountSchema },
        },
      },
      async (request) =>
        earnings.linkPayoutAccount(request.params.id, userOf(request).id, request.body.stripeAccountId),
    )
  }
}
