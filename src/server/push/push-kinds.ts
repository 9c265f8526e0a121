import type { PushKind } from '../../shared/schemas/push'
import type { NotificationRow } from '../notifications/notifications.service'

/**
 * Which stored notices are pushed, and as what: the steps a diner waits for on the sofa. Plating
 * and add-on offers stay in the app's bell.
 */
export function pushKindOf(row: Pick<NotificationRow, 'kind' | 'status'>): PushKind | undefined {
  switch (row.kind) {
    case 'status':
      switch (row.status) {
        case 'cooking':
          return 'cooking'
        case 'delivering':
          return 'on_the_way'
        case 'completed':
          return 'delivered'
        case 'cancelled':
          return 'cancelled'
        default:
          return undefined
      }
    case 'refund':
      return 'cancelled'
    case 'shout_acknowledged':
      return 'shout_answered'
    case 'allergen_warning':
      return 'allergen_warning'
    case 'new_order':
      return 'new_order'
    case 'new_review':
    case 'sensor_offline':
    case 'camera_stopped':
    case 'order_late':
      return 'restaurant_alert'
    default:
      return undefined
  }
}

/**
 * How long a push service keeps a push it could not deliver yet, and how urgently it wakes the
 * device. A status change is stale within minutes; an allergen warning matters for longer.
 */
export function deliveryOptions(kind: PushKind): { ttlSeconds: number; urgency: 'high' | 'normal' } {
  switch (kind) {
    case 'allergen_warning':
      return { ttlSeconds: 3600, urgency: 'high' }
    case 'shout_answered':
      return { ttlSeconds: 600, urgency: 'normal' }
    case 'restaurant_alert':
      return { ttlSeconds: 1800, urgency: 'normal' }
    default:
      return { ttlSeconds: 600, urgency: 'high' }
  }
}
