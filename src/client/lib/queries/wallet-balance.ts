import { WALLET_POLL_MS } from '@shared/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/wallet-balance, polled every 10 seconds while shown. */
export function walletBalanceQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.walletBalance(userId),
    queryFn: () => api.get<{ balance: number }>(`/api/users/${userId}/wallet-balance`),
    refetchInterval: WALLET_POLL_MS,
  })
}

export function useWalletBalance(userId: number | undefined) {
  return useQuery({ ...walletBalanceQuery(userId ?? 0), enabled: Boolean(userId) })
}
