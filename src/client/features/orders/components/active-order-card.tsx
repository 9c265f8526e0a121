import { Button } from '@client/components/ui/button'
import { Card } from '@client/components/ui/card'
import { ProgressBar } from '@client/components/ui/progress-bar'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { linesSummary } from '@client/lib/order-lines'
import { formatMoney, orderNumber } from '@client/lib/utils'
import { parseOrderItems } from '@shared/order-lines'
import type { Order } from '@shared/schemas/orders'
import { Video } from 'lucide-react'
import { OrderStatusBadge } from './order-status-badge'

export function ActiveOrderCard({
  order,
  restaurantName,
  onWatch,
  opening,
}: {
  order: Order
  restaurantName: string
  onWatch: () => void
  opening: boolean
}) {
  const lines = parseOrderItems(order.items)
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="active-order">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="text-sm text-muted-foreground">Order {orderNumber(order.id)}</p>
          <h3 className="font-semibold leading-tight">{restaurantName}</h3>
        </div>
        <OrderStatusBadge order={order} />
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{linesSummary(lines)}</p>
      <div className="grid gap-1.5">
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>Progress</span>
          <span className="tabular-nums">{order.progress}%</span>
        </div>
        <ProgressBar value={order.progress} label={`Order ${orderNumber(order.id)} progress`} />
      </div>
      <div className="mt-auto flex items-center justify-between gap-3">
        <span className="font-semibold tabular-nums">{formatMoney(order.totalPrice)}</span>
        <Button onClick={onWatch} disabled={opening}>
          {opening ? (
            <Spinner className="size-4 text-current" label="Opening stream" />
          ) : (
            <Video aria-hidden="true" />
          )}
          Watch live
        </Button>
      </div>
    </Card>
  )
}

export function ActiveOrderSkeleton() {
  return (
    <Card className="grid gap-4 p-5" data-testid="active-order-skeleton">
      <div className="flex justify-between">
        <div className="grid gap-2">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-5 w-40" />
        </div>
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-2 w-full" />
      <div className="flex justify-between">
        <Skeleton className="h-6 w-16" />
        <Skeleton className="h-10 w-28" />
      </div>
    </Card>
  )
}
