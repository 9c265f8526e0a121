import { liveMessage } from '../../shared/live-message-builders'
import type { Notification, NotificationKind, NotificationList } from '../../shared/schemas/notifications'
import type { Db, Tx } from '../db/client'
import { type Bus, userChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import { createNotificationsRepository, type NotificationRow } from './notifications.repository'

export type { NotificationRow }

export const NOTIFICATIONS_LIMIT = 30

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    orderId: row.orderId,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}

export interface NotificationInput {
  userId: number
  kind: NotificationKind
  orderId: number | null
  /** The order status a `status` notice announces. */
  status?: string
  title: string
  body: string
  /** The page it opens, when not the order's own. */
  link?: string
  /** An owner's notice names what it is about; a second notice of the same subject is not kept. */
  subject?: string
}

/**
 * What happened to a diner's orders, kept server-side (a reload or another device shows the same
 * list) and pushed live to the diner's sockets as `notification` messages. `record` writes inside
 * the caller's transaction; `push` sends once it has committed. `send` does both.
 */
export function createNotificationsService({
  db,
  bus,
  log,
  onPushed,
}: {
  db: Db
  bus: Bus
  log?: Pick<Logger, 'error'>
  /**
   * Called once per stored notice, on the instance that stored it, after it committed: the push
   * to the diner's devices (Web Push) starts here and never holds up the caller.
   */
  onPushed?: (row: NotificationRow) => void
}) {
  async function push(row: NotificationRow): Promise<void> {
    onPushed?.(row)
    try {
      const unreadCount = await createNotificationsRepository(db).unreadCount(row.userId)
      const message = liveMessage.notification({ notification: toNotification(row), unreadCount })
      await bus.publish(userChannel(row.userId), message)
    } catch (err) {
      // The notification is stored: the list shows it even when the live push fails.
      log?.error({ err, notificationId: row.id }, 'could not push a notification')
    }
  }

  return {
    record(input: NotificationInput, tx: Tx = db): Promise<NotificationRow> {
      return createNotificationsRepository(tx).insert(input)
    },
    push,
    async send(input: NotificationInput): Promise<Notification> {
      const row = await createNotificationsRepository(db).insert(input)
      await push(row)
      return toNotification(row)
    },
    /**
     * Stores and pushes a notice once per subject: undefined when one of the same kind and
     * subject was already kept for that user (another instance, or an earlier pass).
     */
    async sendOnce(input: NotificationInput & { subject: string }): Promise<Notification | undefined> {
      const row = await createNotificationsRepository(db).insertOnce(input)
      if (!row) return undefined
      await push(row)
      return toNotification(row)
    },
    async list(userId: number): Promise<NotificationList> {
      const repo = createNotificationsRepository(db)
      const [rows, unreadCount] = await Promise.all([
        repo.listForUser(userId, NOTIFICATIONS_LIMIT),
        repo.unreadCount(userId),
      ])
      return { notifications: rows.map(toNotification), unreadCount }
    },
    async markRead(userId: number, ids?: number[]) {
      const repo = createNotificationsRepository(db)
      const updated = await repo.markRead(userId, ids, new Date())
      return { updated, unreadCount: await repo.unreadCount(userId) }
    },
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
