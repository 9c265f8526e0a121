import { queryKeys } from '@client/lib/query-keys'
import type { WalletTransaction } from '@shared/schemas/wallet'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyWalletMessage } from './use-live-wallet'

const transaction = (id: number, amount: number): WalletTransaction => ({
  id,
  userId: 7,
  type: amount > 0 ? 'deposit' : 'tip',
  amount,
  description: 'x',
  reference: null,
  createdAt: new Date(2026, 0, 1).toISOString(),
})
const message = (id: number, amount: number, balance: number) =>
  ({ type: 'wallet', balance, transaction: transaction(id, amount), sentAt: 0 }) as const

describe('wallet messages in the query cache', () => {
  it('sets the balance, puts the movement first in the list and updates the signed-in user', () => {
    const client = new QueryClient()
    client.setQueryData(queryKeys.walletTransactions(7), [transaction(1, 10)])
    client.setQueryData(queryKeys.me, { id: 7, walletBalance: 10 })
    applyWalletMessage(client, 7, message(2, 5, 15))
    expect(client.getQueryData(queryKeys.walletBalance(7))).toMatchObject({ balance: 15 })
    expect(
      client.getQueryData<WalletTransaction[]>(queryKeys.walletTransactions(7))?.map((t) => t.id),
    ).toEqual([2, 1])
    expect(client.getQueryData(queryKeys.me)).toMatchObject({ walletBalance: 15 })
  })

  it('ignores a message older than the balance it already shows', () => {
    const client = new QueryClient()
    applyWalletMessage(client, 7, message(5, -2, 8))
    applyWalletMessage(client, 7, message(4, 5, 10))
    expect(client.getQueryData(queryKeys.walletBalance(7))).toMatchObject({ balance: 8 })
  })
})
