import { ProgressBar } from '@client/components/ui/progress-bar'
import { finishedAtFromTimeline, orderOutcome } from '@client/lib/order-outcome'
import { useOrder } from '@client/lib/queries/order'
import { useNow } from '@client/lib/use-now'
import { formatTime } from '@client/lib/utils'
import { isActiveStatus, orderStatusLabel } from '@shared/constants'
import type { Order } from '@shared/schemas/orders'
import { timelineLabel } from '@shared/timeline'
import { Clock } from 'lucide-react'
import { expectedTime } from '../timeline'

/**
 * Status, progress and the estimated delivery time of the order; once it is finished, what
 * happened and when, without a progress bar (a cancelled order is not "1% complete"). It reads the
 * order itself, so each step of the progress renders this part of the page only.
 */
export function OrderProgress({ orderId }: { orderId: number }) {
  const order = useOrder(orderId).data
  if (!order) return null
  const outcome = orderOutcome(order, finishedAtFromTimeline(order))
  if (outcome)
    return (
      <section aria-label="Order progress" className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <p className="text-lg font-semibold">
          <span className="sr-only">Status: </span>
          <span data-testid="order-status">{outcome}</span>
        </p>
      </section>
    )
  return <ActiveOrderProgress order={order} />
}

function ActiveOrderProgress({ order }: { order: Order }) {
  const now = useNow(30_000, isActiveStatus(order.status))
  const eta = expectedTime(order, now) ?? (order.estimatedDelivery ? new Date(order.estimatedDelivery) : null)
  const label =
    order.status === 'delivering' || order.status === 'completed'
      ? timelineLabel(order.status, order.fulfilment)
      : orderStatusLabel(order.status)
  return (
    <section
      aria-label="Order progress"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold">
          <span className="sr-only">Status: </span>
          <span data-testid="order-status">{label}</span>
        </p>
        {eta &&
        isActiveStatus(order.status) &&
        !(order.fulfilment === 'pickup' && order.status === 'delivering') ? (
          <p
            className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
            data-testid="order-eta"
          >
            <Clock className="size-4" aria-hidden="true" />
            {order.fulfilment === 'pickup' ? 'Estimated ready at' : 'Estimated delivery'} {formatTime(eta)}
          </p>
        ) : null}
      </div>
      <ProgressBar
        value={order.progress}
        label="Order progress"
        className="h-3"
        fillClassName="bg-gradient-to-r from-brand-400 to-brand-600 duration-700"
      />
      <p className="text-sm text-muted-foreground">
        <span data-testid="order-progress" className="font-medium text-foreground tabular-nums">
          {order.progress}%
        </span>{' '}
        complete
      </p>
    </section>
  )
}
