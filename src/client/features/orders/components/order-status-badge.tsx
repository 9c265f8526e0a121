import { Badge } from '@client/components/ui/badge'
import { orderStatusLabel } from '@shared/constants'

const VARIANT: Record<string, 'warning' | 'info' | 'success' | 'danger' | 'secondary'> = {
  preparing: 'warning',
  cooking: 'info',
  plating: 'warning',
  delivering: 'success',
  completed: 'success',
  cancelled: 'danger',
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANT[status] ?? 'secondary'}>{orderStatusLabel(status)}</Badge>
}
