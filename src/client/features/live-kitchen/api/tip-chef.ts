import { api } from '@client/lib/api-client'
import { intentDone, intentKey } from '@client/lib/intent-key'
import { queryKeys } from '@client/lib/query-keys'
import type { TipResponse } from '@shared/schemas/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'

export interface TipInput {
  amount: number
  message: string
}

/**
 * POST /api/orders/{id}/tip-chef: charged to the wallet, then every viewer hears of it. A retry
 * of the same tip (after an error or a hang) sends the same Idempotency-Key: it is charged once.
 */
export async function tipChef(orderId: number, input: TipInput, userId?: number): Promise<TipResponse> {
  const scope = `tip:${orderId}`
  const result = await api.post<TipResponse>(
    `/api/orders/${orderId}/tip-chef`,
    { userId, ...input },
    { idempotencyKey: intentKey(scope, input) },
  )
  intentDone(scope)
  return result
}

/** Tips the chef of the order; the wallet balance follows. */
export function useTipChef(orderId: number, userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TipInput) => tipChef(orderId, input, userId),
    onSuccess: async (result) => {
      if (!userId) return
      queryClient.setQueryData(queryKeys.walletBalance(userId), { balance: result.newBalance })
      await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
