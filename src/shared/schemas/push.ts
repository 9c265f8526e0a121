import { z } from 'zod'

/**
 * What a diner can have pushed to their devices, each switched on or off in the profile. Stored
 * notifications map to them (server/push/push-kinds.ts); a notice of none of them is never pushed.
 */
export const PUSH_KINDS = [
  'cooking',
  'on_the_way',
  'delivered',
  'shout_answered',
  'cancelled',
  'allergen_warning',
  // A restaurant owner's:
  'new_order',
  'restaurant_alert',
] as const
export type PushKind = (typeof PUSH_KINDS)[number]
/** The kinds only a restaurant's owner is ever sent. */
export const OWNER_PUSH_KINDS: readonly PushKind[] = ['new_order', 'restaurant_alert']

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  cooking: { label: 'Cooking started', hint: 'The kitchen starts on your order.' },
  on_the_way: { label: 'Out for delivery or ready for pickup', hint: 'Your food has left the kitchen.' },
  delivered: { label: 'Delivered', hint: 'Your order arrived or was picked up.' },
  shout_answered: { label: 'Chef shout answered', hint: 'The kitchen heard your shout.' },
  cancelled: { label: 'Cancellations and refunds', hint: 'An order was cancelled and what came back.' },
  allergen_warning: {
    label: 'Allergen warnings',
    hint: 'An order holds something on your allergen profile.',
  },
  new_order: {
    label: 'New orders at your restaurant',
    hint: 'For restaurant owners: an order arrives while no kitchen console is open.',
  },
  restaurant_alert: {
    label: 'Your restaurant’s alerts',
    hint: 'For restaurant owners: a late order, a sensor or camera gone quiet, a new review.',
  },
}

/** At most this many devices (subscriptions) per diner. */
export const MAX_PUSH_SUBSCRIPTIONS = 10

const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(min, `${name} is too short`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)

const endpointField = z
  .string({ error: 'endpoint is required' })
  .max(2048, 'endpoint is too long')
  .url('endpoint must be a URL')

/** POST /api/users/{id}/push-subscriptions: what `PushSubscription.toJSON()` gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointField,
  keys: z.object({
    /** The browser's P-256 public key, 65 bytes uncompressed (87 characters). */
    p256dh: base64url('keys.p256dh', 86, 90),
    /** The browser's 16-byte auth secret (22 characters). */
    auth: base64url('keys.auth', 21, 26),
  }),
  /** `PushSubscription.expirationTime`; ignored, the push service's 404/410 says when it is gone. */
  expirationTime: z.number().nullable().optional(),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

/** DELETE /api/users/{id}/push-subscriptions */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointField })

export const pushDeviceSchema = z.object({
  id: z.number(),
  endpoint: z.string(),
  /** The push service's host (fcm.googleapis.com, web.push.apple.com...). */
  service: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
})
export type PushDevice = z.infer<typeof pushDeviceSchema>
export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) })

export const pushPreferencesSchema = z.object({
  cooking: z.boolean(),
  on_the_way: z.boolean(),
  delivered: z.boolean(),
  shout_answered: z.boolean(),
  cancelled: z.boolean(),
  allergen_warning: z.boolean(),
  new_order: z.boolean(),
  restaurant_alert: z.boolean(),
}) satisfies z.ZodType<Record<PushKind, boolean>>
export type PushPreferences = z.infer<typeof pushPreferencesSchema>
/** PATCH: the kinds given change, the others stay. */
export const pushPreferencesPatchSchema = pushPreferencesSchema.partial().strict()

export const pushPublicKeySchema = z.object({ publicKey: z.string() })

/** What the service worker receives in a push and shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens: the order's live page, or the owner's console, devices, cameras or reviews. */
  url: z.string(),
  /** One per order: a newer push replaces the older one on the lock screen. */
  tag: z.string(),
  kind: z.enum(PUSH_KINDS),
  orderId: z.number().nullable(),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>
