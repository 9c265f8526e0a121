import {
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_KINDS,
  type PushDevice,
  type PushKind,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionInput,
} from '../../shared/schemas/push'
import type { Db } from '../db/client'
import type { Logger } from '../infra/logger'
import type { NotificationRow } from '../notifications/notifications.service'
import { endpointRefused, subscriptionNotFound, tooManySubscriptions } from './push.errors'
import { createPushRepository, type PushSubscriptionRow } from './push.repository'
import { pushEndpointProblem } from './push-endpoint-policy'
import { deliveryOptions, pushKindOf } from './push-kinds'
import { createPushSender, type PushSenderOptions } from './push-sender'
import type { VapidKeys } from './vapid-keys'

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    service: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  }
}

/** The page a push opens: the order's live page. */
export const orderPageUrl = (orderId: number) => `/stream/${orderId}`

export function payloadOf(row: NotificationRow, kind: PushKind): PushPayload {
  return {
    title: row.title,
    body: row.body,
    url: row.link ?? (row.orderId ? orderPageUrl(row.orderId) : '/orders'),
    tag: row.link ? `notice-${row.id}` : row.orderId ? `order-${row.orderId}` : `notice-${row.id}`,
    kind,
    orderId: row.orderId,
  }
}

/**
 * Web Push for diners (docs/decisions/043): their devices' subscriptions, which kinds they want,
 * and `notify`, called once for each stored notice on the instance that stored it (the one that
 * committed the change), so a push leaves once whatever the number of instances.
 */
export function createPushService({
  db,
  vapid,
  policy,
  log,
  sender: senderOptions,
}: {
  db: Db
  vapid: VapidKeys
  policy: { anyEndpoint: boolean; allowPrivateHosts: boolean }
  log?: Pick<Logger, 'warn' | 'error'>
  sender?: Partial<Pick<PushSenderOptions, 'retryDelaysMs' | 'timeoutMs'>>
}) {
  const repo = createPushRepository(db)
  const sender = createPushSender({
    vapid,
    allowPrivateHosts: policy.allowPrivateHosts,
    log,
    onGone: (endpoint) => repo.deleteByEndpoint(endpoint),
    onSent: (endpoint) => repo.markSent(endpoint, new Date()),
    ...senderOptions,
  })

  async function preferences(userId: number): Promise<PushPreferences> {
    const disabled = new Set(await repo.disabledKinds(userId))
    return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !disabled.has(kind)])) as PushPreferences
  }

  async function notify(row: NotificationRow): Promise<void> {
    const kind = pushKindOf(row)
    if (!kind) return
    try {
      const [disabled, subscriptions] = await Promise.all([
        repo.disabledKinds(row.userId),
        repo.listForUser(row.userId),
      ])
      if (disabled.includes(kind) || subscriptions.length === 0) return
      const payload = JSON.stringify(payloadOf(row, kind))
      const { ttlSeconds, urgency } = deliveryOptions(kind)
      for (const subscription of subscriptions) {
        sender.send({
          target: {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          payload,
          ttlSeconds,
          urgency,
          topic: row.orderId && !row.link ? `order-${row.orderId}` : undefined,
        })
      }
    } catch (err) {
      log?.error({ err, notificationId: row.id }, 'could not push a notification to devices')
    }
  }

  return {
    publicKey: vapid.publicKey,
    notify,
    async list(userId: number): Promise<{ devices: PushDevice[] }> {
      return { devices: (await repo.listForUser(userId)).map(toDevice) }
    },
    /** Saves this browser's subscription; `created` is false when the endpoint was known and is updated. */
    async subscribe(
      userId: number,
      input: PushSubscriptionInput,
    ): Promise<{ device: PushDevice; created: boolean }> {
      const problem = pushEndpointProblem(input.endpoint, policy)
      if (problem) throw endpointRefused(problem, { endpoint: problem })
      return db.transaction(async (tx) => {
        const txRepo = createPushRepository(tx)
        const existing = await txRepo.findByEndpoint(input.endpoint)
        const mine = existing?.userId === userId
        if (!mine && (await txRepo.countForUser(userId)) >= MAX_PUSH_SUBSCRIPTIONS)
          throw tooManySubscriptions()
        const row = await txRepo.upsert(
          { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
          new Date(),
        )
        return { device: toDevice(row), created: !existing }
      })
    },
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await repo.deleteForUser(userId, endpoint))) throw subscriptionNotFound()
    },
    preferences,
    async updatePreferences(userId: number, changes: Partial<PushPreferences>): Promise<PushPreferences> {
      const merged = { ...(await preferences(userId)), ...changes }
      const disabled = PUSH_KINDS.filter((kind) => !merged[kind])
      await repo.setDisabledKinds(userId, disabled, new Date())
      return merged
    },
    close: () => sender.close(),
  }
}
export type PushService = ReturnType<typeof createPushService>
