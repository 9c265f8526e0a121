import { z } from 'zod'
import { idField } from './common'

export const NOTIFICATION_KINDS = [
  'status',
  'shout_acknowledged',
  'upsell_offered',
  'refund',
  'allergen_warning',
  // A restaurant owner's:
  'new_order',
  'new_review',
  'sensor_offline',
  'camera_stopped',
  'order_late',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export const OWNER_NOTIFICATION_KINDS = [
  'new_order',
  'new_review',
  'sensor_offline',
  'camera_stopped',
  'order_late',
] as const satisfies readonly NotificationKind[]

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  orderId: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  /** The page it opens; null: the order's page when it names one, else nothing. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
})
export type NotificationList = z.infer<typeof notificationListSchema>

/** POST /api/users/{id}/notifications/read: these ids, or every unread one when `ids` is absent. */
export const markReadSchema = z.object({
  ids: z.array(idField()).min(1, 'Give at least one id, or leave ids out to mark all').max(100).optional(),
})
export const markReadResponse = z.object({ updated: z.number(), unreadCount: z.number() })
