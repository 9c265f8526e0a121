import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toCents, toDollars } from '../../shared/money'
import { idParams } from '../../shared/schemas/common'
import {
  type AddFundsResult,
  addFundsResponseSchema,
  addFundsSchema,
  walletBalanceSchema,
  walletTransactionSchema,
} from '../../shared/schemas/wallet'
import { requireSelf } from '../auth/auth.guard'
import { sendCached } from '../infra/cached-response'
import { unauthorized } from '../infra/errors'
import { idempotencyHeaders, requestScope, runIdempotent } from '../infra/idempotency'
import { cacheWalletReads, publishWalletMovement, walletCacheKeys } from './wallet.events'
import {
  createWalletRepository,
  type MovementResult,
  toWalletTransactionDto,
  type WalletReads,
} from './wallet.repository'

export const ADD_FUNDS_DESCRIPTION = 'Added funds'

export const walletRoutes =
  (reads: WalletReads): FastifyPluginAsyncZod =>
  async (app) => {
    // Read far more often than they change (every open page shows the balance): served from the
    // read cache, serialized once, until the next movement (publishWalletMovement) clears them.
    cacheWalletReads(app.bus, app.cache)

    app.get(
      '/users/:id/wallet-balance',
      { schema: { tags: ['wallet'], params: idParams, response: { 200: walletBalanceSchema } } },
      async (request, reply) => {
        const user = await requireSelf(request, request.params.id)
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
      { schema: { tags: ['wallet'], params: idParams, response: { 200: z.array(walletTransactionSchema) } } },
      async (request, reply) => {
        const user = await requireSelf(request, request.params.id)
        const entry = await app.cache.get(walletCacheKeys.transactions(user.id), async () =>
          (await reads.transactions(user.id)).map(toWalletTransactionDto),
        )
        return sendCached(request, reply, entry, { personal: true })
      },
    )

    app.post(
      '/users/:id/wallet/add-funds',
      {
        schema: {
          tags: ['wallet'],
          params: idParams,
          headers: idempotencyHeaders,
          body: addFundsSchema,
          response: { 200: addFundsResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await requireSelf(request, request.params.id)
        const { amount, description } = request.body
        let moved: MovementResult | undefined
        const result = await runIdempotent<AddFundsResult>(
          app.db,
          {
            userId: user.id,
            key: request.headers['idempotency-key'],
            scope: requestScope(request),
            statusCode: 200,
            request: { amount, description },
          },
          async (tx) => {
            moved = await createWalletRepository(tx).credit({
              userId: user.id,
              cents: toCents(amount),
              type: 'deposit',
              description: description || ADD_FUNDS_DESCRIPTION,
            })
            return {
              balance: toDollars(moved.balanceCents),
              transaction: toWalletTransactionDto(moved.transaction),
            }
          },
        )
        if (!result.replayed) await publishWalletMovement(app.bus, moved, request.log)
        return reply.code(result.statusCode as 200).send(result.body)
      },
    )
  }
