/**
 * One adapter per delivery platform, behind one interface: verify an inbound webhook on its raw
 * bytes, read the order it announces, accept or deny it, report a status where the platform
 * takes one, publish the menu and check the connection. Uber Eats and DoorDash follow their
 * public APIs; Grubhub, Seamless and Postmates (no public order API) use the generic scheme
 * signed as Standard Webhooks.
 */
import type { Fulfilment } from '../../shared/constants'

export const PLATFORMS = ['ubereats', 'doordash', 'grubhub', 'postmates', 'seamless'] as const
export type Platform = (typeof PLATFORMS)[number]

/** An integration with its secrets opened: only ever held in memory. */
export interface Credentials {
  id: number
  restaurantId: number
  platform: string
  apiKey: string | null
  clientId: string | null
  clientSecret: string | null
  merchantId: string | null
  storeId: string | null
  webhookUrl: string | null
}

export interface PlatformLine {
  /** Our menu item id, when the platform sent back the id we published. */
  menuItemId?: number
  name: string
  quantity: number
  priceCents: number
  notes?: string
}

/** A platform's order in our terms. */
export interface PlatformOrder {
  externalId: string
  displayId: string | null
  customerName: string
  notes: string | null
  fulfilment: Fulfilment
  /** What the customer paid the platform, in cents. */
  totalCents: number
  /**
   * When the platform expects the order ready for its courier or customer, when it says (ISO
   * 8601: a webhook's order waits in the inbox as JSON).
   */
  readyAt: string | null
  lines: PlatformLine[]
}

/** What a verified webhook says. */
export type InboundEvent =
  | {
      kind: 'order'
      eventId: string
      type: string
      externalId: string
      /** The order itself when the webhook carries it (DoorDash, generic); Uber Eats' is read. */
      order?: PlatformOrder
      /** Where the order is read (Uber Eats). */
      resourceHref?: string
    }
  | { kind: 'cancel'; eventId: string; type: string; externalId: string }
  | { kind: 'other'; eventId: string; type: string; externalId: string | null }

export type Headers = Record<string, string | string[] | undefined>

export class WebhookRefused extends Error {
  constructor(
    message: string,
    /** 401 for a missing or wrong signature, 400 for a body that is not the platform's. */
    readonly status: 401 | 400,
  ) {
    super(message)
  }
}

/** The restaurant's menu as every platform receives it (each adapter maps it to its own shape). */
export interface PublishedMenu {
  restaurantId: number
  restaurantName: string
  categories: {
    name: string
    items: {
      id: number
      name: string
      description: string
      priceCents: number
      available: boolean
      allergens: string[]
    }[]
  }[]
}

export interface StatusReport {
  externalId: string
  orderId: number
  status: string
  /** The absolute address of the order's watch page, when it has one. */
  watchUrl: string | null
}

/** The kitchen's reason for cancelling an accepted order, in our words (each platform maps it to its own). */
export interface KitchenCancel {
  reason: 'out_of_stock' | 'kitchen_closed' | 'other'
  note: string | null
}

export interface PlatformAdapter {
  platform: Platform
  /** How long the platform waits for the kitchen's answer to a new order. */
  acceptSeconds: number
  /** Checks the signature on the raw bytes, then reads the envelope; throws WebhookRefused. */
  receive(raw: Buffer, headers: Headers, integration: Credentials, now: number): InboundEvent
  /** The whole order (Uber Eats reads it from the platform). */
  readOrder(integration: Credentials, event: Extract<InboundEvent, { kind: 'order' }>): Promise<PlatformOrder>
  /** `readyAt`: when the kitchen promises the order ready (the platform's own estimate, else ours). */
  accept(
    integration: Credentials,
    order: StatusReport & { prepMinutes: number; readyAt: Date },
  ): Promise<void>
  deny(integration: Credentials, order: StatusReport, reason: string): Promise<void>
  /** Cancels an order the platform saw accepted: the kitchen cannot make it after all. */
  cancel(integration: Credentials, order: StatusReport, reason: KitchenCancel): Promise<void>
  /** Tells the platform of a later status change, where the platform takes them. */
  reportStatus?(integration: Credentials, order: StatusReport): Promise<void>
  publishMenu(integration: Credentials, menu: PublishedMenu): Promise<void>
  /** Resolves when the platform answers the integration's credentials; throws its reason otherwise. */
  check(integration: Credentials): Promise<string>
}

export function headerOf(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new WebhookRefused('The body is not JSON', 400)
  }
}

/** A whole number of cents from a platform's integer amount. */
export function cents(value: unknown): number {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0
}

/** A platform's time as ISO 8601 in UTC, or null when it sent none or none that reads. */
export function platformTime(value: string | null | undefined): string | null {
  if (!value) return null
  const at = Date.parse(value)
  return Number.isFinite(at) ? new Date(at).toISOString() : null
}

/** "42" → 42 when it is one of our ids. */
export function ourId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined
}
