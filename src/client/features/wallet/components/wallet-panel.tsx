import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { AddFundsDialog } from '@client/components/wallet/add-funds-dialog'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { cn, formatMoney, relativeTime } from '@client/lib/utils'
import type { WalletPanelProps } from '@client/lib/wallet-panel-slot'
import { Plus, Wallet } from 'lucide-react'
import { Link } from 'wouter'
import { useWalletTransactions } from '../api/get-wallet-transactions'
import { isCredit, signedAmount, transactionTypeLabel } from '../lib/transactions'

/** The wallet where a diner spends it: the balance, Add Funds and the recent transactions. */
export function WalletPanel({ userId, signInHref }: WalletPanelProps) {
  const balance = useWalletBalance(userId)
  const transactions = useWalletTransactions(userId)
  if (!userId) {
    return (
      <p className="rounded-lg bg-muted/70 p-4 text-sm">
        <Link href={signInHref} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        to see your wallet and add funds.
      </p>
    )
  }
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-xl bg-white/15">
            <Wallet className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm text-white/80">Wallet balance</p>
            <p className="text-2xl font-bold tabular-nums" data-testid="wallet-balance">
              {balance.data ? (
                formatMoney(balance.data.balance)
              ) : (
                <Skeleton className="h-8 w-24 bg-white/20" />
              )}
            </p>
          </div>
        </div>
        <AddFundsDialog
          userId={userId}
          trigger={
            <Button variant="secondary" className="bg-white text-brand-800 hover:bg-brand-50">
              <Plus aria-hidden="true" />
              Add Funds
            </Button>
          }
        />
      </div>
      <section aria-labelledby="transactions" className="grid gap-2">
        <h3 id="transactions" className="text-sm font-semibold">
          Recent transactions
        </h3>
        {transactions.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : transactions.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your transactions. Please try again.</p>
        ) : transactions.data && transactions.data.length > 0 ? (
          <ul
            className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border p-1"
            data-testid="transactions"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard
            tabIndex={0}
            aria-label="Transactions"
          >
            {transactions.data.map((t) => (
              <li
                key={t.id}
                className="flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted/60"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{t.description || transactionTypeLabel(t.type)}</p>
                  <p className="text-xs text-muted-foreground">
                    {transactionTypeLabel(t.type)} · {relativeTime(t.createdAt)}
                  </p>
                </div>
                <span
                  className={cn(
                    'shrink-0 font-semibold tabular-nums',
                    isCredit(t) ? 'text-green-600 dark:text-green-400' : 'text-foreground',
                  )}
                  data-testid="transaction-amount"
                >
                  {signedAmount(t)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No transactions yet.</p>
        )}
      </section>
    </div>
  )
}
