import type { AddFundsResult } from '@shared/schemas/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { intentDone, intentKey } from '../intent-key'
import { queryKeys } from '../query-keys'

export const ADD_FUNDS_DESCRIPTION = 'Added funds'

/** POST /api/users/{id}/wallet/add-funds; refreshes the balance and the transactions. */
export function useAddFunds(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    // The same top-up retried keeps its key until it succeeds: it is credited once.
    mutationFn: (amount: number) =>
      api.post<AddFundsResult>(
        `/api/users/${userId}/wallet/add-funds`,
        { amount, description: ADD_FUNDS_DESCRIPTION },
        { idempotencyKey: intentKey(`add-funds:${userId}`, { amount }) },
      ),
    onSuccess: async (result) => {
      intentDone(`add-funds:${userId}`)
      queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: result.balance })
      await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
