/**
 * Grubhub, Seamless and Postmates, which have no public order API: one generic scheme signed as
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,{base64
 * HMAC-SHA256 of "{id}.{timestamp}.{body}"}`) keyed with the integration's API key, refused outside
 * ±5 minutes. Our answers (accepted, denied, later statuses, the menu) go to the integration's
 * `webhookUrl`, signed the same way, through the outbound address policy.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { LookupFunction } from 'node:net'
import { z } from 'zod'
import {
  type Credentials,
  headerOf,
  ourId,
  type Platform,
  type PlatformAdapter,
  type PlatformOrder,
  parseJson,
  platformTime,
  WebhookRefused,
} from './adapter'
import { callPlatform, expectOk, PlatformCallError } from './platform-http'
import { joinNotes } from './ubereats'

export const TOLERANCE_SECONDS = 5 * 60
export const GENERIC_ACCEPT_SECONDS = 10 * 60

const bodySchema = z.object({
  type: z.string().min(1).max(100),
  order: z.object({
    id: z.union([z.string().min(1).max(200), z.number()]).transform(String),
    customerName: z.string().max(200).optional().nullable(),
    items: z
      .array(
        z.object({
          menuItemId: z.union([z.string(), z.number()]).optional().nullable(),
          name: z.string().min(1).max(200),
          quantity: z.number().int().positive().max(100),
          price: z.number().nonnegative(),
          notes: z.string().max(500).optional().nullable(),
        }),
      )
      .default([]),
    notes: z.string().max(1000).optional().nullable(),
    fulfilment: z.enum(['delivery', 'pickup']).default('delivery'),
    total: z.number().nonnegative().optional(),
    /** When the platform expects the order ready (ISO 8601), if it says. */
    readyAt: z.string().max(40).optional().nullable(),
  }),
})

/** The key bytes: a `whsec_` secret is base64 after its prefix (as the spec's libraries take it); any other key is its own bytes. */
function keyOf(apiKey: string): Buffer {
  return apiKey.startsWith('whsec_') ? Buffer.from(apiKey.slice(6), 'base64') : Buffer.from(apiKey, 'utf8')
}

export function standardSignature(
  apiKey: string,
  id: string,
  timestamp: number | string,
  body: string | Buffer,
) {
  const mac = createHmac('sha256', keyOf(apiKey))
  mac.update(`${id}.${timestamp}.`)
  mac.update(body)
  return `v1,${mac.digest('base64')}`
}

/** The three headers of a signed delivery. */
export function signedHeaders(apiKey: string, body: string, now = Date.now(), id = `msg_${randomUUID()}`) {
  const timestamp = Math.floor(now / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(apiKey, id, timestamp, body),
  }
}

const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? ''

export function createStandardWebhooksAdapter(
  platform: Exclude<Platform, 'ubereats' | 'doordash'>,
  settings: { lookup: LookupFunction },
): PlatformAdapter {
  const label = { grubhub: 'Grubhub', seamless: 'Seamless', postmates: 'Postmates' }[platform]

  async function send(integration: Credentials, payload: object) {
    if (!integration.webhookUrl)
      throw new PlatformCallError(`${label} needs a webhook URL for our answers and the menu`)
    const body = JSON.stringify(payload)
    expectOk(
      await callPlatform({
        method: 'POST',
        url: integration.webhookUrl,
        headers: { 'content-type': 'application/json', ...signedHeaders(integration.apiKey ?? '', body) },
        body,
        lookup: settings.lookup,
        timeoutMs: 10_000,
      }),
    )
  }

  const statusPayload = (
    order: { externalId: string; orderId: number; watchUrl: string | null },
    status: string,
  ) => ({
    type: 'order.status',
    orderId: order.orderId,
    externalId: order.externalId,
    status,
    watchUrl: order.watchUrl,
  })

  return {
    platform,
    acceptSeconds: GENERIC_ACCEPT_SECONDS,

    receive(raw, headers, integration, now) {
      const id = headerOf(headers, 'webhook-id')
      const timestamp = headerOf(headers, 'webhook-timestamp')
      const signatures = headerOf(headers, 'webhook-signature')
      if (!id || !timestamp || !signatures)
        throw new WebhookRefused('webhook-id, webhook-timestamp and webhook-signature are required', 401)
      if (!/^[0-9]{1,12}$/.test(timestamp)) throw new WebhookRefused('webhook-timestamp is not a time', 401)
      if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
        throw new WebhookRefused('webhook-timestamp is more than 5 minutes away', 401)
      const expected = Buffer.from(standardSignature(integration.apiKey ?? '', id, timestamp, raw).slice(3))
      const matches = signatures.split(' ').some((candidate) => {
        const [version, value] = candidate.split(',', 2)
        if (version !== 'v1' || !value) return false
        const given = Buffer.from(value)
        return given.length === expected.length && timingSafeEqual(given, expected)
      })
      if (!matches) throw new WebhookRefused('webhook-signature does not match', 401)
      const parsed = bodySchema.safeParse(parseJson(raw))
      if (!parsed.success) throw new WebhookRefused(`Not a ${label} order webhook`, 400)
      const { type, order } = parsed.data
      if (type === 'order.created') {
        const lines = order.items.map((item) => ({
          menuItemId: ourId(item.menuItemId),
          name: item.name,
          quantity: item.quantity,
          priceCents: Math.round(item.price * 100),
          notes: item.notes ?? undefined,
        }))
        const platformOrder: PlatformOrder = {
          externalId: order.id,
          displayId: null,
          customerName: firstName(order.customerName) || `${label} customer`,
          notes: joinNotes(order.notes, lines),
          fulfilment: order.fulfilment,
          totalCents:
            order.total !== undefined
              ? Math.round(order.total * 100)
              : lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
          lines,
          readyAt: platformTime(order.readyAt),
        }
        return { kind: 'order', eventId: id, type, externalId: order.id, order: platformOrder }
      }
      if (type === 'order.cancelled') return { kind: 'cancel', eventId: id, type, externalId: order.id }
      return { kind: 'other', eventId: id, type, externalId: order.id }
    },

    async readOrder(_integration, event) {
      if (!event.order) throw new Error('A generic order webhook carries its order')
      return event.order
    },

    async accept(integration, order) {
      await send(integration, statusPayload(order, 'accepted'))
    },

    async deny(integration, order, reason) {
      await send(integration, { ...statusPayload(order, 'denied'), reason })
    },

    async cancel(integration, order, cancel) {
      await send(integration, {
        ...statusPayload(order, 'cancelled'),
        reason: cancel.reason,
        note: cancel.note,
      })
    },

    async reportStatus(integration, order) {
      await send(integration, statusPayload(order, order.status))
    },

    async publishMenu(integration, menu) {
      await send(integration, {
        type: 'menu.updated',
        menu: {
          restaurant: menu.restaurantName,
          categories: menu.categories.map((c) => ({
            name: c.name,
            items: c.items.map((item) => ({
              id: String(item.id),
              name: item.name,
              description: item.description,
              price: item.priceCents / 100,
              available: item.available,
              allergens: item.allergens,
            })),
          })),
        },
      })
    },

    async check(integration) {
      await send(integration, { type: 'ping', sentAt: new Date().toISOString() })
      return `${label} answered the signed ping at the webhook URL`
    },
  }
}
