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
import { idempotencyHeaders, requestScope, runIdempotent } from '../infra/idempotency'
import { createWalletRepository, toWalletTransactionDto } from './wallet.repository'

export const ADD_FUNDS_DESCRIPTION = 'Added funds'

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/wallet-balance',
    { schema: { tags: ['wallet'], params: idParams, response: { 200: walletBalanceSchema } } },
    async (request) => {
      // The session lookup reads the user's row in the same query, balance included.
      const user = await requireSelf(request, request.params.id)
      return { balance: toDollars(user.walletBalanceCents) }
    },
  )

  app.get(
    '/users/:id/wallet/transactions',
    { schema: { tags: ['wallet'], params: idParams, response: { 200: z.array(walletTransactionSchema) } } },
    async (request) => {
      const user = await requireSelf(request, request.params.id)
      const rows = await createWalletRepository(app.db).listTransactions(user.id)
      return rows.map(toWalletTransactionDto)
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
          const { balanceCents, transaction } = await createWalletRepository(tx).credit({
            userId: user.id,
            cents: toCents(amount),
            type: 'deposit',
            description: description || ADD_FUNDS_DESCRIPTION,
          })
          return { balance: toDollars(balanceCents), transaction: toWalletTransactionDto(transaction) }
        },
      )
      return reply.code(result.statusCode as 200).send(result.body)
    },
  )
}
