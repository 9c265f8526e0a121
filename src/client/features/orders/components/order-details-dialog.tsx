import { OrderLines } from '@client/components/orders/order-lines'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { orderBreakdown } from '@client/lib/order-lines'
import { formatDate, formatMoney, formatTime, orderNumber } from '@client/lib/utils'
import type { Order } from '@shared/schemas/orders'
import { OrderStatusBadge } from './order-status-badge'

export function OrderDetailsDialog({
  order,
  restaurantName,
  onOpenChange,
}: {
  order: Order | null
  restaurantName: string
  onOpenChange: (open: boolean) => void
}) {
  const breakdown = order ? orderBreakdown(order) : null
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {order && breakdown ? (
          <>
            <DialogHeader>
              <DialogTitle>Order {orderNumber(order.id)}</DialogTitle>
              <DialogDescription>
                {restaurantName} · {formatDate(order.createdAt)} at {formatTime(new Date(order.createdAt))}
              </DialogDescription>
            </DialogHeader>
            <div>
              <OrderStatusBadge order={order} />
            </div>
            <OrderLines lines={breakdown.lines} />
            <dl className="grid gap-1.5 border-t pt-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted-foreground">Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(breakdown.subtotal)}</dd>
              </div>
              {breakdown.fee > 0 ? (
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">Delivery fee</dt>
                  <dd className="tabular-nums">{formatMoney(breakdown.fee)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between font-bold">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(breakdown.total)}</dd>
              </div>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
