import { WALLET_POLL_MS } from '@shared/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'
import { useLiveState } from '../use-live-order'

/**
 * GET /api/users/{id}/wallet-balance. While the live channel is open, changes arrive as `wallet`
 * messages (see features/wallet/use-live-wallet.ts); while it is closed, the balance is polled every 10 seconds.
 */
export function walletBalanceQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.walletBalance(userId),
    queryFn: () => api.get<{ balance: number }>(`/api/users/${userId}/wallet-balance`),
  })
}

export function useWalletBalance(userId: number | undefined) {
  const live = useLiveState()
  return useQuery({
    ...walletBalanceQuery(userId ?? 0),
    enabled: Boolean(userId),
    refetchInterval: live === 'open' ? false : WALLET_POLL_MS,
  })
}
