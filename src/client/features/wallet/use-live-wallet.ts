import { liveClient } from '@client/lib/live-client'
import { queryKeys } from '@client/lib/query-keys'
import type { ServerMessage } from '@shared/live-messages'
import type { User } from '@shared/schemas/auth'
import type { WalletTransaction } from '@shared/schemas/wallet'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

type WalletMessage = Extract<ServerMessage, { type: 'wallet' }>

/**
 * Writes a `wallet` live message into the caches the REST calls fill: the balance, the
 * transaction list (newest first) and the signed-in user. A message older than what the cache
 * already shows (a lower transaction id) changes nothing.
 */
export function applyWalletMessage(queryClient: QueryClient, userId: number, message: WalletMessage) {
  const { transaction } = message
  const newest = queryClient.getQueryData<{ balance: number; asOf?: number }>(queryKeys.walletBalance(userId))
  if (newest?.asOf !== undefined && newest.asOf >= transaction.id) return
  queryClient.setQueryData(queryKeys.walletBalance(userId), {
    balance: message.balance,
    asOf: transaction.id,
  })
  queryClient.setQueryData<WalletTransaction[]>(queryKeys.walletTransactions(userId), (list) =>
    list && !list.some((t) => t.id === transaction.id) ? [transaction, ...list] : list,
  )
  queryClient.setQueryData<User | null>(queryKeys.me, (user) =>
    user && user.id === userId ? { ...user, walletBalance: message.balance } : user,
  )
}

/**
 * For a signed-in diner: keeps the live channel open and writes their wallet's movements into
 * the query cache as they happen, so nothing needs polling while it is open. When the channel
 * reopens after a break, the wallet is fetched once to catch up on what it missed.
 */
export function useLiveWallet(userId: number | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const release = liveClient.retain()
    const offMessage = liveClient.onMessage((message) => {
      if (message.type === 'wallet' && message.transaction.userId === userId)
        applyWalletMessage(queryClient, userId, message)
    })
    let wasOpen = liveClient.state === 'open'
    let hadBreak = false
    const offState = liveClient.onState((state) => {
      if (state === 'open') {
        if (hadBreak) {
          void queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
          void queryClient.invalidateQueries({ queryKey: queryKeys.me })
        }
        wasOpen = true
        hadBreak = false
      } else if (state === 'closed' && wasOpen) {
        hadBreak = true
      }
    })
    return () => {
      offMessage()
      offState()
      release()
    }
  }, [userId, queryClient])
}
