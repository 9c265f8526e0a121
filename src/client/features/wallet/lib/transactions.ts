import { formatMoney } from '@client/lib/utils'
import type { WalletTransaction } from '@shared/schemas/wallet'

/** Deposits and other positive amounts are credits; charges (orders, shouts, tips, upsells) debits. */
export function isCredit(transaction: Pick<WalletTransaction, 'type' | 'amount'>): boolean {
  return transaction.amount > 0
}

/** "+$25.00" for a credit, "−$2.00" for a debit (a true minus sign). */
export function signedAmount(transaction: Pick<WalletTransaction, 'type' | 'amount'>): string {
  const value = formatMoney(Math.abs(transaction.amount))
  return isCredit(transaction) ? `+${value}` : `\u2212${value}`
}

const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  top_up: 'Top-up',
  top_up_refund: 'Top-up refunded',
  order: 'Order',
  chef_shout: 'Chef shout',
  tip: 'Tip',
  upsell: 'Add-on',
  refund: 'Refund',
}
export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? 'Payment'
}
