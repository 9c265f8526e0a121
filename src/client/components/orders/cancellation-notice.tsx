import { formatMoney } from '@client/lib/utils'
import { cancelReasonLabel } from '@shared/cancel-reasons'
import type { Order } from '@shared/schemas/orders'
import { Ban } from 'lucide-react'

/** "Cancelled: Out of stock. $17.48 refunded to your wallet." */
export function cancellationText(cancellation: NonNullable<Order['cancellation']>): string {
  const reason = cancellation.note
    ? `${cancelReasonLabel(cancellation.reason)}: ${cancellation.note}`
    : cancelReasonLabel(cancellation.reason)
  const refund =
    cancellation.refund > 0 ? ` ${formatMoney(cancellation.refund)} refunded to your wallet.` : ''
  return `${reason}.${refund}`
}

/** Shown where a cancelled order appears: why, and what went back to the wallet. */
export function CancellationNotice({
  order,
  className,
}: {
  order: Pick<Order, 'status' | 'cancellation'>
  className?: string
}) {
  if (order.status !== 'cancelled') return null
  return (
    <div
      role="status"
      data-testid="cancellation"
      className={`flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100 ${className ?? ''}`}
    >
      <Ban className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Cancelled</p>
        {order.cancellation ? <p className="text-sm">{cancellationText(order.cancellation)}</p> : null}
      </div>
    </div>
  )
}
