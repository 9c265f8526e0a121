import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  createdTopUpSchema,
  createTopUpSchema,
  testPaymentSchema,
  topUpSchema,
  webhookAnswerSchema,
} from '../../shared/schemas/wallet'
import { self, signedIn, userOf } from '../auth/access'
import { idempotencyHeaders } from '../infra/idempotency'
import type { TopUpsService } from './top-ups.service'

/** Stripe sends at most a few kilobytes; anything larger is not an event of ours. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

export function topUpRoutes(topUps: TopUpsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/:id/wallet/top-ups',
      {
        ...self(),
        schema: {
          tags: ['wallet'],
          summary: 'Start a top-up ($5–$500): pay it on payUrl (test) or with the clientSecret (Stripe)',
          params: idParams,
          headers: idempotencyHeaders,
          body: createTopUpSchema,
          response: { 201: createdTopUpSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const result = await topUps.create({
          userId: user.id,
          amount: request.body.amount,
          idempotencyKey: request.headers['idempotency-key'],
        })
        return reply.code(201).send(result.body)
      },
    )

    app.get(
      '/top-ups/:id',
      {
        ...signedIn,
        schema: {
          tags: ['wallet'],
          summary: 'A top-up of your own: pending, succeeded, failed or refunded',
          params: idParams,
          response: { 200: topUpSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        return reply
          .header('cache-control', 'private, no-store')
          .send(await topUps.get(user.id, request.params.id))
      },
    )

    app.post(
      '/top-ups/:id/test-payment',
      {
        ...signedIn,
        schema: {
          tags: ['wallet'],
          summary: "The test provider's payment: Stripe's test cards succeed or are declined",
          params: idParams,
          body: testPaymentSchema,
          response: { 200: topUpSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return topUps.testPayment(user.id, request.params.id, request.body.cardNumber)
      },
    )

    // Its own scope: the signature is checked on the raw bytes, so JSON is not parsed here.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      )
      raw.post(
        '/payments/stripe/webhook',
        {
          schema: {
            tags: ['payments'],
            summary: "Stripe's signed events (Stripe-Signature checked with STRIPE_WEBHOOK_SECRET)",
            body: z.custom<Buffer>((value) => Buffer.isBuffer(value), 'Expected the raw request body'),
            response: { 200: webhookAnswerSchema },
          },
        },
        async (request) => {
          const event = topUps.provider.parseWebhook(request.body as Buffer, request.headers)
          await topUps.receive(event)
          return { received: true as const }
        },
      )
    })
  }
}
