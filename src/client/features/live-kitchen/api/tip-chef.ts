import { api, newIdempotencyKey } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { TipResponse } from '@shared/schemas/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/orders/{id}/tip-chef: charged to the wallet, then every viewer hears of it. */
export function useTipChef(orderId: number, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { amount: number; message: string }) =>
      api.post<TipResponse>(
        `/api/orders/${orderId}/tip-chef`,
        { userId, ...input },
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: async (result) => {
      if (!userId) return
      queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: result.newBalance })
      await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
