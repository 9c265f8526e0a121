import { toCents, toDollars } from '../../shared/money'
import type { AddFundsInput, AddFundsResult } from '../../shared/schemas/wallet'
import type { IdempotentResult } from '../infra/idempotency'
import { instantFundsOff } from './wallet.errors'
import { toWalletTransactionDto } from './wallet.repository'
import { runWalletMovement, type WalletMovementDeps } from './wallet-movement'

export const ADD_FUNDS_DESCRIPTION = 'Added funds'
export const ADD_FUNDS_SCOPE = 'POST /api/users/:id/wallet/add-funds'

/** The diner's own wallet: instant demo funds (and, with a payment provider, top-ups). */
export function createWalletService(
  deps: WalletMovementDeps & {
    /** False with a real payment provider: money then enters only through top-ups. */
    instantFunds: boolean
  },
) {
  return {
    /** Credits `amount` at once, under the Idempotency-Key: the demo money of the spec. */
    async addFunds(input: {
      userId: number
      funds: AddFundsInput
      idempotencyKey?: string
    }): Promise<IdempotentResult<AddFundsResult>> {
      const { userId, funds, idempotencyKey } = input
      if (!deps.instantFunds) throw instantFundsOff()
      const { amount, description } = funds
      return runWalletMovement<AddFundsResult>(
        deps,
        {
          userId,
          key: idempotencyKey,
          scope: ADD_FUNDS_SCOPE,
          statusCode: 200,
          request: { amount, description },
        },
        async (_tx, wallet) => {
          const moved = await wallet.credit({
            userId,
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
    },
  }
}
export type WalletService = ReturnType<typeof createWalletService>
