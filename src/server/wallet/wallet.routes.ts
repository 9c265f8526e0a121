import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toDollars } from '../../shared/money'
import { idParams } from '../../shared/schemas/common'
import {
  addFundsResponseSchema,
  addFundsSchema,
  walletBalanceSchema,
  walletTransactionSchema,
} from '../../shared/schemas/wallet'
import { self, userOf } from '../auth/access'
import { sendCached } from '../infra/cached-response'
import { unauthorized } from '../infra/errors'
import { idempotencyHeaders } from '../infra/idempotency'
import { cacheWalletReads, walletCacheKeys } from './wallet.events'
import { toWalletTransactionDto, type WalletReads } from './wallet.repository'
import type { WalletService } from './wallet.service'

export const walletRoutes =
  (reads: WalletReads, wallet: WalletService): FastifyPluginAsyncZod =>
  async (app) => {
    // Read far more often than they change (every open page shows the balance): served from the
    // read cache, serialized once, until the next movement (publishWalletMovement) clears them.
    cacheWalletReads(app.bus, app.cache)

    app.get(
      '/users/:id/wallet-balance',
      { ...self(), schema: { tags: ['wallet'], params: idParams, response: { 200: walletBalanceSchema } } },
      async (request, reply) => {
        const user = userOf(request)
        const entry = await app.cache.get(walletCacheKeys.balance(user.id), async () => {
          const cents = await reads.balanceCents(user.id)
          if (cents === undefined) throw unauthorized()
          return { balance: toDollars(cents) }
        })
        return sendCached(request, reply, entry, { personal: true })
      },
    )

    app.get(
      '/users/:id/wallet/transactions',
      {
        ...self(),
        schema: { tags: ['wallet'], params: idParams, response: { 200: z.array(walletTransactionSchema) } },
      },
      async (request, reply) => {
        const user = userOf(request)
        const entry = await app.cache.get(walletCacheKeys.transactions(user.id), async () =>
          (await reads.transactions(user.id)).map(toWalletTransactionDto),
        )
        return sendCached(request, reply, entry, { personal: true })
      },
    )

    app.post(
      '/users/:id/wallet/add-funds',
      {
        ...self(),
        schema: {
          tags: ['wallet'],
          params: idParams,
          headers: idempotencyHeaders,
          body: addFundsSchema,
          response: { 200: addFundsResponseSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const result = await wallet.addFunds({
          userId: user.id,
          funds: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        })
        return reply.code(result.statusCode as 200).send(result.body)
      },
    )
  }
