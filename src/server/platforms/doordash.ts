/**
 * DoorDash Marketplace: the webhook is the whole order, authenticated by `Authorization: Bearer
 * {apiKey}` (the value the restaurant set on DoorDash's side). Orders are confirmed or failed with
 * a PATCH; the menu is sent whole; calls carry the same key.
 */
import { timingSafeEqual } from 'node:crypto'
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
import { callPlatform, expectOk } from './platform-http'
import { joinNotes } from './ubereats'

const webhookSchema = z.object({
  event: z.object({ type: z.string().min(1).max(100), status: z.string().optional().nullable() }),
  order: z.object({
    id: z.string().min(1).max(200),
    store: z.object({ merchant_supplied_id: z.string().optional().nullable() }).optional().nullable(),
    consumer: z.object({ first_name: z.string().optional().nullable() }).optional().nullable(),
    categories: z
      .array(
        z.object({
          items: z.array(
            z.object({
              merchant_supplied_id: z.string().optional().nullable(),
              name: z.string(),
              quantity: z.number().int().positive(),
              price: z.number(),
              special_instructions: z.string().optional().nullable(),
            }),
          ),
        }),
      )
      .default([]),
    subtotal: z.number().optional(),
    is_pickup: z.boolean().optional(),
    special_instructions: z.string().optional().nullable(),
    /** When DoorDash's courier is expected at the store. */
    estimated_pickup_time: z.string().optional().nullable(),
  }),
})

export const DOORDASH_ACCEPT_SECONDS = 10 * 60

/** DoorDash's own words for why a merchant cancels. */
const DOORDASH_CANCEL_REASONS: Record<KitchenCancel['reason'], string> = {
  out_of_stock: 'ITEM_OUT_OF_STOCK',
  kitchen_closed: 'STORE_CLOSED',
  other: 'OTHER',
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createDoorDashAdapter(settings: { apiUrl: string }): PlatformAdapter {
  const api = async (integration: Credentials, method: string, path: string, payload?: unknown) =>
    expectOk(
      await callPlatform({
        method,
        url: `${settings.apiUrl}${path}`,
        headers: {
          authorization: `Bearer ${integration.apiKey ?? ''}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      }),
    )

  const confirm = (integration: Credentials, externalId: string, body: object) =>
    api(integration, 'PATCH', `/marketplace/api/v1/orders/${encodeURIComponent(externalId)}`, body)

  return {
    platform: 'doordash',
    acceptSeconds: DOORDASH_ACCEPT_SECONDS,

    receive(raw, headers, integration) {
      const authorization = headerOf(headers, 'authorization')
      const match = authorization?.match(/^Bearer\s+(.+)$/i)
      if (!match) throw new WebhookRefused('Authorization is missing', 401)
      if (!sameSecret(match[1]!.trim(), integration.apiKey ?? ''))
        throw new WebhookRefused('Authorization does not match', 401)
      const parsed = webhookSchema.safeParse(parseJson(raw))
      if (!parsed.success) throw new WebhookRefused('Not a DoorDash order webhook', 400)
      const { event, order } = parsed.data
      // DoorDash sends no event id: the order and what happened to it are the event.
      const eventId = `${order.id}:${event.type}`
      if (event.type === 'OrderCreate') {
        const lines = order.categories.flatMap((c) =>
          c.items.map((item) => ({
            menuItemId: ourId(item.merchant_supplied_id),
            name: item.name,
            quantity: item.quantity,
            priceCents: cents(item.price),
            notes: item.special_instructions ?? undefined,
          })),
        )
        const platformOrder: PlatformOrder = {
          externalId: order.id,
          displayId: null,
          customerName: order.consumer?.first_name?.trim() || 'DoorDash customer',
          notes: joinNotes(order.special_instructions, lines),
          fulfilment: order.is_pickup ? 'pickup' : 'delivery',
          totalCents:
            order.subtotal !== undefined
              ? cents(order.subtotal)
              : lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
          lines,
          readyAt: platformTime(order.estimated_pickup_time),
        }
        return { kind: 'order', eventId, type: event.type, externalId: order.id, order: platformOrder }
      }
      if (event.type === 'OrderCancel')
        return { kind: 'cancel', eventId, type: event.type, externalId: order.id }
      return { kind: 'other', eventId, type: event.type, externalId: order.id }
    },

    async readOrder(_integration, event) {
      if (!event.order) throw new Error('A DoorDash order webhook carries its order')
      return event.order
    },

    async accept(integration, order) {
      await confirm(integration, order.externalId, {
        merchant_supplied_id: String(order.orderId),
        order_status: 'success',
        prep_time: order.readyAt.toISOString(),
        failure_reason: null,
      })
    },

    async deny(integration, order, reason) {
      await confirm(integration, order.externalId, {
        merchant_supplied_id: String(order.orderId),
        order_status: 'fail',
        prep_time: null,
        failure_reason: reason,
      })
    },

    async cancel(integration, order, cancel) {
      await api(
        integration,
        'PATCH',
        `/marketplace/api/v1/orders/${encodeURIComponent(order.externalId)}/cancellation`,
        { cancel_reason: DOORDASH_CANCEL_REASONS[cancel.reason], cancel_details: cancel.note ?? '' },
      )
    },

    async publishMenu(integration, menu) {
      await api(integration, 'POST', '/marketplace/api/v1/menus', doorDashMenu(integration, menu))
    },

    async check(integration) {
      const store = encodeURIComponent(integration.storeId ?? '')
      await api(integration, 'GET', `/marketplace/api/v2/stores/${store}/store_details`)
      return 'DoorDash answered for this store'
    },
  }
}

function doorDashMenu(integration: Credentials, menu: PublishedMenu) {
  return {
    reference: `clearplate-${menu.restaurantId}`,
    store: { merchant_supplied_id: integration.storeId },
    menu: {
      name: menu.restaurantName,
      active: true,
      categories: menu.categories.map((category) => ({
        name: category.name,
        merchant_supplied_id: `category-${category.name}`,
        items: category.items.map((item) => ({
          merchant_supplied_id: String(item.id),
          name: item.name,
          description: item.description,
          price: item.priceCents,
          is_active: item.available,
          allergens: item.allergens,
        })),
      })),
    },
  }
}
