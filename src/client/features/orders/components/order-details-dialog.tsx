import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { formatDate, formatMoney, formatTime, orderNumber } from '@client/lib/utils'
import { toCents, toDollars } from '@shared/money'
import { type Order, parseOrderItems } from '@shared/schemas/orders'
import { OrderStatusBadge } from './order-status-badge'

/** Subtotal of the lines and the rest of the total (the delivery fee), in dollars. */
export function orderBreakdown(order: Pick<Order, 'items' | 'totalPrice'>) {
  const lines = parseOrderItems(order.items)
  const subtotalCents = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0)
  const feeCents = Math.max(0, toCents(order.totalPrice) - subtotalCents)
  return { lines, subtotal: toDollars(subtotalCents), fee: toDollars(feeCents), total: order.totalPrice }
}

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
              <OrderStatusBadge status={order.status} />
            </div>
            <ul className="grid gap-2 text-sm">
              {breakdown.lines.map((line, i) => (
                <li key={i} className="flex justify-between gap-3">
                  <span>
                    {line.quantity} x {line.name}
                  </span>
                  <span className="tabular-nums">{formatMoney(line.price * line.quantity)}</span>
                </li>
              ))}
            </ul>
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
