import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { WalletTransaction } from '@shared/schemas/wallet'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/wallet/transactions, newest first. */
export function walletTransactionsQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.walletTransactions(userId),
    queryFn: () => api.get<WalletTransaction[]>(`/api/users/${userId}/wallet/transactions`),
  })
}
export const useWalletTransactions = (userId: number | undefined) =>
  useQuery({ ...walletTransactionsQuery(userId ?? 0), enabled: Boolean(userId) })
