/**
 * Uber Eats: `X-Uber-Signature` is the lowercase hex HMAC-SHA256 of the raw body keyed with the
 * client secret. The webhook is a thin envelope; the order is read at its `resource_href` (which
 * must lie under the configured API base) with a client-credentials token, cached until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import {
  type Credentials,
  cents,
  headerOf,
  type KitchenCancel,
  ourId,
  type PlatformAdapter,
  type PlatformOrder,
  type PublishedMenu,
  parseJson,
  platformTime,
  WebhookRefused,
} from './adapter'
import { callPlatform, expectOk, PlatformCallError } from './platform-http'

const envelopeSchema = z.object({
  event_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(100),
  event_time: z.number().optional(),
  meta: z.object({
    resource_id: z.string().min(1).max(200),
    status: z.string().optional(),
    user_id: z.string().optional(),
  }),
  resource_href: z.string().max(2000).optional(),
})

const orderSchema = z.object({
  id: z.string(),
  display_id: z.string().optional().nullable(),
  current_state: z.string().optional(),
  placed_at: z.string().optional(),
  eater: z.object({ first_name: z.string().optional().nullable() }).optional().nullable(),
  cart: z.object({
    items: z.array(
      z.object({
        id: z.string().optional(),
        title: z.string(),
        external_data: z.string().optional().nullable(),
        quantity: z.number().int().positive(),
        price: z.object({ unit_price: z.object({ amount: z.number() }) }),
        special_instructions: z.string().optional().nullable(),
      }),
    ),
    special_instructions: z.string().optional().nullable(),
  }),
  payment: z.object({ charges: z.object({ total: z.object({ amount: z.number() }) }) }).optional(),
  type: z.string().optional(),
  /** Uber Eats' own estimate of when the courier collects the order. */
  estimated_ready_for_pickup_at: z.string().optional().nullable(),
})

export const UBER_ACCEPT_SECONDS = 11.5 * 60

/** Uber Eats' own words for why a merchant cancels. */
const UBER_CANCEL_REASONS: Record<KitchenCancel['reason'], string> = {
  out_of_stock: 'ITEM_ISSUE',
  kitchen_closed: 'KITCHEN_CLOSED',
  other: 'OTHER',
}

export function uberSignature(raw: Buffer | string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(raw).digest('hex')
}

export function createUberEatsAdapter(settings: { apiUrl: string; authUrl: string }): PlatformAdapter {
  const tokens = new Map<string, { token: string; expiresAt: number }>()

  async function token(integration: Credentials, fresh = false): Promise<string> {
    const key = `${integration.id}:${integration.clientId}:${integration.clientSecret}`
    const cached = tokens.get(key)
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token
    const form = new URLSearchParams({
      client_id: integration.clientId ?? '',
      client_secret: integration.clientSecret ?? '',
      grant_type: 'client_credentials',
      scope: 'eats.order eats.store',
    }).toString()
    const body = expectOk(
      await callPlatform({
        method: 'POST',
        url: `${settings.authUrl}/oauth/v2/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    ) as { access_token?: string; expires_in?: number } | null
    if (!body?.access_token) throw new PlatformCallError('Uber Eats gave no access token')
    const lifetimeMs = Math.max(60, Number(body.expires_in) || 3600) * 1000
    tokens.set(key, { token: body.access_token, expiresAt: Date.now() + lifetimeMs - 30_000 })
    return body.access_token
  }

  /** An authenticated call; a 401 gets one fresh token and one more try. */
  async function api(integration: Credentials, method: string, url: string, payload?: unknown) {
    for (const fresh of [false, true]) {
      const answer = await callPlatform({
        method,
        url,
        headers: {
          authorization: `Bearer ${await token(integration, fresh)}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      })
      if (answer.status === 401 && !fresh) continue
      return expectOk(answer)
    }
    throw new PlatformCallError('Uber Eats refused the token')
  }

  const orderUrl = (id: string) => `${settings.apiUrl}/v1/eats/orders/${encodeURIComponent(id)}`

  return {
    platform: 'ubereats',
    acceptSeconds: UBER_ACCEPT_SECONDS,

    receive(raw, headers, integration) {
      const signature = headerOf(headers, 'x-uber-signature')
      if (!signature) throw new WebhookRefused('X-Uber-Signature is missing', 401)
      const expected = Buffer.from(uberSignature(raw, integration.clientSecret ?? ''), 'utf8')
      const given = Buffer.from(signature.trim().toLowerCase(), 'utf8')
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WebhookRefused('X-Uber-Signature does not match', 401)
      const parsed = envelopeSchema.safeParse(parseJson(raw))
      if (!parsed.success) throw new WebhookRefused('Not an Uber Eats webhook', 400)
      const event = parsed.data
      if (integration.storeId && event.meta.user_id && event.meta.user_id !== integration.storeId)
        throw new WebhookRefused('The event is for another store', 400)
      const externalId = event.meta.resource_id
      if (event.event_type === 'orders.notification')
        return {
          kind: 'order',
          eventId: event.event_id,
          type: event.event_type,
          externalId,
          resourceHref: event.resource_href ?? orderUrl(externalId),
        }
      if (event.event_type === 'orders.cancel')
        return { kind: 'cancel', eventId: event.event_id, type: event.event_type, externalId }
      return { kind: 'other', eventId: event.event_id, type: event.event_type, externalId }
    },

    async readOrder(integration, event) {
      const href = event.resourceHref ?? orderUrl(event.externalId)
      // Only the operator's API host is ever fetched: a webhook cannot point the server elsewhere.
      let url: URL
      try {
        url = new URL(href)
      } catch {
        throw new PlatformCallError('resource_href is not an address')
      }
      const base = new URL(`${settings.apiUrl}/`)
      if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname))
        throw new PlatformCallError(`resource_href is outside ${settings.apiUrl}; not fetched`)
      const parsed = orderSchema.safeParse(await api(integration, 'GET', url.href))
      if (!parsed.success) throw new PlatformCallError('Uber Eats sent an order we cannot read')
      const order = parsed.data
      const lines = order.cart.items.map((item) => ({
        menuItemId: ourId(item.external_data),
        name: item.title,
        quantity: item.quantity,
        priceCents: cents(item.price.unit_price.amount),
        notes: item.special_instructions ?? undefined,
      }))
      const result: PlatformOrder = {
        externalId: order.id,
        displayId: order.display_id ?? null,
        customerName: order.eater?.first_name?.trim() || 'Uber Eats customer',
        notes: joinNotes(order.cart.special_instructions, lines),
        fulfilment: order.type === 'PICK_UP' ? 'pickup' : 'delivery',
        totalCents:
          order.payment !== undefined
            ? cents(order.payment.charges.total.amount)
            : lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
        lines,
        readyAt: platformTime(order.estimated_ready_for_pickup_at),
      }
      return result
    },

    async accept(integration, order) {
      await api(integration, 'POST', `${orderUrl(order.externalId)}/accept_pos_order`, {
        reason: order.watchUrl ? `Accepted. Watch it cooked: ${order.watchUrl}` : 'Accepted',
      })
    },

    async deny(integration, order, reason) {
      await api(integration, 'POST', `${orderUrl(order.externalId)}/deny_pos_order`, {
        reason: { explanation: reason },
      })
    },

    async cancel(integration, order, cancel) {
      await api(integration, 'POST', `${orderUrl(order.externalId)}/cancel`, {
        reason: UBER_CANCEL_REASONS[cancel.reason],
        details: cancel.note ?? undefined,
        cancelling_party: 'MERCHANT',
      })
    },

    async publishMenu(integration, menu) {
      if (!integration.storeId)
        throw new PlatformCallError('Uber Eats needs the store ID to publish the menu')
      await api(
        integration,
        'PUT',
        `${settings.apiUrl}/v2/eats/stores/${encodeURIComponent(integration.storeId)}/menus`,
        uberMenu(menu),
      )
    },

    async check(integration) {
      await token(integration, true)
      return 'Uber Eats issued a token for these credentials'
    },
  }
}

/** The order's notes and each line's, as the kitchen reads them. */
export function joinNotes(orderNotes: string | null | undefined, lines: { name: string; notes?: string }[]) {
  const parts = [
    ...(orderNotes?.trim() ? [orderNotes.trim()] : []),
    ...lines.filter((l) => l.notes?.trim()).map((l) => `${l.name}: ${l.notes!.trim()}`),
  ]
  return parts.length > 0 ? parts.join('\n').slice(0, 1000) : null
}

const text = (value: string) => ({ translations: { en_us: value } })

function uberMenu(menu: PublishedMenu) {
  return {
    menus: [
      {
        id: 'clearplate-menu',
        title: text(menu.restaurantName),
        service_availability: [],
        category_ids: menu.categories.map((_, i) => `category-${i}`),
      },
    ],
    categories: menu.categories.map((category, i) => ({
      id: `category-${i}`,
      title: text(category.name),
      entities: category.items.map((item) => ({ id: String(item.id), type: 'ITEM' })),
    })),
    items: menu.categories.flatMap((category) =>
      category.items.map((item) => ({
        id: String(item.id),
        external_data: String(item.id),
        title: text(item.name),
        description: text(item.description),
        price_info: { price: item.priceCents },
        // A sold-out dish stays on the menu, suspended until it is back.
        suspension_info: item.available ? null : { suspension: { suspend_until: 0, reason: 'Sold out' } },
        dish_info: { classifications: { allergens: item.allergens } },
      })),
    ),
    modifier_groups: [],
    display_options: { disable_item_instructions: false },
  }
}
