import type { AddFundsResult } from '@shared/schemas/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, newIdempotencyKey } from '../api-client'
import { queryKeys } from '../query-keys'

export const ADD_FUNDS_DESCRIPTION = 'Added funds'

/** POST /api/users/{id}/wallet/add-funds; refreshes the balance and the transactions. */
export function useAddFunds(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (amount: number) =>
      api.post<AddFundsResult>(
        `/api/users/${userId}/wallet/add-funds`,
        { amount, description: ADD_FUNDS_DESCRIPTION },
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: result.balance })
      await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
