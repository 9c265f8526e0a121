import { cancellationText } from '@client/components/orders/cancellation-notice'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { linesSummary } from '@client/lib/order-lines'
import { formatDate, formatMoney, orderNumber } from '@client/lib/utils'
import { parseOrderItems } from '@shared/order-lines'
import type { Order } from '@shared/schemas/orders'
import { Info, RotateCcw } from 'lucide-react'
import { OrderStatusBadge } from './order-status-badge'

export const HISTORY_SKELETONS = 5

interface Props {
  orders: Order[]
  restaurantName: (id: number) => string
  onReorder: (order: Order) => void
  onDetails: (order: Order) => void
}

function summary(order: Order) {
  return linesSummary(parseOrderItems(order.items))
}

/** A table on wider screens, a list of cards on phones. */
export function OrderHistory({ orders, restaurantName, onReorder, onDetails }: Props) {
  const actions = (order: Order) => (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onReorder(order)}
        aria-label={`Reorder ${orderNumber(order.id)}`}
      >
        <RotateCcw aria-hidden="true" />
        Reorder
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onDetails(order)}
        aria-label={`Details of ${orderNumber(order.id)}`}
      >
        <Info aria-hidden="true" />
        Details
      </Button>
    </div>
  )
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm md:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/60 text-left text-xs uppercase tracking-wider text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Order Details
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {orders.map((order) => (
              <tr key={order.id} data-testid="history-row">
                <td className="max-w-xs px-4 py-3">
                  <p className="font-medium">
                    {orderNumber(order.id)} · {restaurantName(order.restaurantId)}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{summary(order)}</p>
                  {order.cancellation ? (
                    <p className="text-xs text-destructive" data-testid="cancellation">
                      {cancellationText(order.cancellation)}
                    </p>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                  {formatDate(order.createdAt)}
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge order={order} />
                </td>
                <td className="px-4 py-3 text-right font-medium tabular-nums">
                  {formatMoney(order.totalPrice)}
                </td>
                <td className="px-4 py-3">{actions(order)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {orders.map((order) => (
          <li key={order.id} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {orderNumber(order.id)} · {restaurantName(order.restaurantId)}
                </p>
                <p className="text-xs text-muted-foreground">{formatDate(order.createdAt)}</p>
              </div>
              <OrderStatusBadge order={order} />
            </div>
            <p className="line-clamp-2 text-sm text-muted-foreground">{summary(order)}</p>
            {order.cancellation ? (
              <p className="text-sm text-destructive">{cancellationText(order.cancellation)}</p>
            ) : null}
            <div className="flex items-center justify-between">
              <span className="font-semibold tabular-nums">{formatMoney(order.totalPrice)}</span>
              {actions(order)}
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

export function OrderHistorySkeleton() {
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4">
      {Array.from({ length: HISTORY_SKELETONS }, (_, i) => (
        <div key={i} className="flex items-center gap-4" data-testid="history-skeleton">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-8 w-40" />
        </div>
      ))}
    </div>
  )
}
