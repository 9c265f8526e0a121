import { Badge } from '@client/components/ui/badge'
import { orderOutcome } from '@client/lib/order-outcome'
import { orderStatusLabel } from '@shared/constants'
import type { Order } from '@shared/schemas/orders'

const VARIANT: Record<string, 'warning' | 'info' | 'success' | 'danger' | 'secondary'> = {
  preparing: 'warning',
  cooking: 'info',
  plating: 'warning',
  delivering: 'success',
  completed: 'success',
  cancelled: 'danger',
}

/** The order's status while it is active; once finished, what happened and when ("Delivered at 8:41 PM"). */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<Order, 'status' | 'fulfilment' | 'cancellation' | 'finishedAt'>
}) {
  return (
    <Badge variant={VARIANT[order.status] ?? 'secondary'} data-testid="order-outcome">
      {orderOutcome(order) ?? orderStatusLabel(order.status)}
    </Badge>
  )
}
