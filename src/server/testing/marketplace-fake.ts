/**
 * A local fake of the delivery platforms' APIs (Uber Eats, DoorDash) and of a generic platform's
 * receiver, on 127.0.0.1: tests start it in-process on port 0, `npm run platform-sim` runs it
 * beside a real server. It serves what the adapters call (token, order read, accept, deny, a
 * merchant's cancel, order confirmation, menus, store details), keeps the orders it announced, records every call it
 * receives, and builds signed webhooks as each platform signs them. Chaos switches make its API
 * slow or failing.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signedHeaders, standardSignature } from '../platforms/standard-webhooks'
import { uberSignature } from '../platforms/ubereats'

export interface RecordedCall {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
  json: unknown
  at: number
}

export interface UberOrder {
  id: string
  display_id: string
  current_state: string
  placed_at: string
  eater: { first_name: string }
  cart: {
    items: {
      id: string
      title: string
      external_data: string | null
      quantity: number
      price: { unit_price: { amount: number } }
      special_instructions: string | null
    }[]
    special_instructions: string | null
  }
  payment: { charges: { total: { amount: number } } }
  type: 'DELIVERY_BY_UBER' | 'PICK_UP'
  estimated_ready_for_pickup_at?: string
}

export interface FakeLine {
  menuItemId?: number
  name: string
  quantity: number
  priceCents: number
  notes?: string
}

export interface Chaos {
  /** Every API call answers this status (e.g. 500) instead of its normal answer. */
  failStatus?: number
  /** Every API call waits this long first. */
  slowMs?: number
  /** The token endpoint refuses the credentials. */
  refuseToken?: boolean
}

export interface Marketplace {
  url: string
  calls: RecordedCall[]
  chaos: Chaos
  /** Uber Eats orders the fake serves at `/v1/eats/orders/{id}`. */
  uberOrders: Map<string, UberOrder>
  /**
   * DoorDash orders' states as the fake knows them (CONFIRMED, FAILED, CANCELLED, or set by a
   * test, e.g. PICKED_UP): a merchant may cancel only one that is not picked up or finished.
   */
  doorDashStates: Map<string, string>
  /** Calls whose path contains `fragment` (and, when given, whose method is `method`). */
  callsTo(fragment: string, method?: string): RecordedCall[]
  /** Resolves once a call to `fragment` has been recorded (or rejects after `timeoutMs`). */
  waitForCall(fragment: string, timeoutMs?: number, method?: string): Promise<RecordedCall>
  close(): Promise<void>
}

export async function startMarketplace(
  options: { port?: number; host?: string; log?: boolean } = {},
): Promise<Marketplace> {
  const calls: RecordedCall[] = []
  const chaos: Chaos = {}
  const uberOrders = new Map<string, UberOrder>()
  const doorDashStates = new Map<string, string>()
  const waiters: { fragment: string; method?: string; resolve(call: RecordedCall): void }[] = []

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    let json: unknown = null
    try {
      json = body ? JSON.parse(body) : null
    } catch {
      json = null
    }
    const path = (req.url ?? '/').split('?')[0]!
    const call: RecordedCall = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body,
      json,
      at: Date.now(),
    }
    calls.push(call)
    if (options.log) console.log(`${call.method} ${path}`)
    for (const waiter of [...waiters]) {
      if (path.includes(waiter.fragment) && (!waiter.method || waiter.method === call.method)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(call)
      }
    }
    if (chaos.slowMs) await new Promise((r) => setTimeout(r, chaos.slowMs))
    // A generic platform's receiver: records what our server sends back.
    if (path.startsWith('/generic/')) return send(res, 200, { ok: true })
    if (chaos.failStatus)
      return send(res, chaos.failStatus, { message: 'The simulator is failing on purpose' })

    if (req.method === 'POST' && path === '/oauth/v2/token') {
      const form = new URLSearchParams(body)
      if (chaos.refuseToken || !form.get('client_id') || !form.get('client_secret'))
        return send(res, 401, { error: 'invalid_client' })
      if (form.get('grant_type') !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type' })
      return send(res, 200, {
        access_token: `uber-token-${randomUUID()}`,
        token_type: 'Bearer',
        expires_in: 2592000,
        scope: form.get('scope'),
      })
    }
    const bearer = /^Bearer .+/.test(String(req.headers.authorization ?? ''))
    const uberOrder = path.match(/^\/v1\/eats\/orders\/([^/]+)(\/(accept_pos_order|deny_pos_order|cancel))?$/)
    if (uberOrder) {
      if (!bearer) return send(res, 401, { message: 'No token' })
      const order = uberOrders.get(decodeURIComponent(uberOrder[1]!))
      if (!order) return send(res, 404, { message: 'Order not found' })
      if (!uberOrder[2] && req.method === 'GET') return send(res, 200, order)
      if (req.method !== 'POST') return send(res, 405, { message: 'Method not allowed' })
      // A merchant cancels an order it accepted, until the courier has it.
      if (uberOrder[3] === 'cancel') {
        if (order.current_state !== 'ACCEPTED' && order.current_state !== 'CREATED')
          return send(res, 409, { message: `Order is ${order.current_state}; it cannot be cancelled` })
        order.current_state = 'CANCELED'
        return send(res, 204, {})
      }
      if (order.current_state !== 'CREATED')
        return send(res, 409, { message: `Order is ${order.current_state}` })
      order.current_state = uberOrder[3] === 'accept_pos_order' ? 'ACCEPTED' : 'DENIED'
      return send(res, 204, {})
    }
    if (req.method === 'PUT' && /^\/v2\/eats\/stores\/[^/]+\/menus$/.test(path)) {
      if (!bearer) return send(res, 401, { message: 'No token' })
      return send(res, 204, {})
    }
    const doorDashOrder = path.match(/^\/marketplace\/api\/v1\/orders\/([^/]+)(\/cancellation)?$/)
    if (req.method === 'PATCH' && doorDashOrder) {
      if (!bearer) return send(res, 401, { message: 'Unauthorized' })
      const id = decodeURIComponent(doorDashOrder[1]!)
      const state = doorDashStates.get(id)
      if (doorDashOrder[2]) {
        if (state === 'PICKED_UP' || state === 'DELIVERED' || state === 'CANCELLED')
          return send(res, 409, { message: `Order is ${state}; it cannot be cancelled` })
        doorDashStates.set(id, 'CANCELLED')
        return send(res, 202, {})
      }
      const confirmed = (json as { order_status?: string } | null)?.order_status === 'success'
      doorDashStates.set(id, confirmed ? 'CONFIRMED' : 'FAILED')
      return send(res, 202, {})
    }
    if (req.method === 'POST' && path === '/marketplace/api/v1/menus') {
      if (!bearer) return send(res, 401, { message: 'Unauthorized' })
      return send(res, 202, { id: randomUUID() })
    }
    if (req.method === 'GET' && /^\/marketplace\/api\/v2\/stores\/[^/]+\/store_details$/.test(path)) {
      if (!bearer) return send(res, 401, { message: 'Unauthorized' })
      return send(res, 200, { id: path.split('/')[5], is_active: true })
    }
    return send(res, 404, { message: `Nothing at ${path}` })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    calls,
    chaos,
    doorDashStates,
    uberOrders,
    callsTo: (fragment, method) =>
      calls.filter((c) => c.path.includes(fragment) && (!method || c.method === method)),
    waitForCall(fragment, timeoutMs = 5000, method) {
      const found = calls.find((c) => c.path.includes(fragment) && (!method || c.method === method))
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = { fragment, method, resolve }
        waiters.push(waiter)
        setTimeout(() => {
          const i = waiters.indexOf(waiter)
          if (i >= 0) {
            waiters.splice(i, 1)
            reject(new Error(`No call to ${fragment} within ${timeoutMs} ms`))
          }
        }, timeoutMs).unref()
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ---- Webhooks, signed as each platform signs them -------------------------------------------

export interface SignedWebhook {
  body: string
  headers: Record<string, string>
  eventId: string
}

/** An Uber Eats order kept by the fake and its `orders.notification` envelope, signed with the client secret. */
export function uberOrderWebhook(
  market: Pick<Marketplace, 'url' | 'uberOrders'>,
  input: {
    clientSecret: string
    storeId?: string
    orderId?: string
    firstName?: string
    lines: FakeLine[]
    notes?: string
    pickup?: boolean
    /** Uber Eats' own estimate of when the courier collects it. */
    readyAt?: Date
  },
): SignedWebhook & { orderId: string } {
  const orderId = input.orderId ?? randomUUID()
  const subtotal = input.lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
  market.uberOrders.set(orderId, {
    id: orderId,
    display_id: orderId.slice(0, 5).toUpperCase(),
    current_state: 'CREATED',
    placed_at: new Date().toISOString(),
    eater: { first_name: input.firstName ?? 'Jordan' },
    cart: {
      items: input.lines.map((l, i) => ({
        id: `item-${i}`,
        title: l.name,
        external_data: l.menuItemId !== undefined ? String(l.menuItemId) : null,
        quantity: l.quantity,
        price: { unit_price: { amount: l.priceCents } },
        special_instructions: l.notes ?? null,
      })),
      special_instructions: input.notes ?? null,
    },
    payment: { charges: { total: { amount: subtotal + 299 } } },
    type: input.pickup ? 'PICK_UP' : 'DELIVERY_BY_UBER',
    ...(input.readyAt ? { estimated_ready_for_pickup_at: input.readyAt.toISOString() } : {}),
  })
  return { ...uberEnvelope(market, { ...input, orderId, type: 'orders.notification' }), orderId }
}

export function uberEnvelope(
  market: Pick<Marketplace, 'url'>,
  input: {
    clientSecret: string
    storeId?: string
    orderId: string
    type: 'orders.notification' | 'orders.cancel'
    resourceHref?: string
  },
): SignedWebhook {
  const eventId = randomUUID()
  const body = JSON.stringify({
    event_id: eventId,
    event_type: input.type,
    event_time: Math.floor(Date.now() / 1000),
    meta: {
      resource_id: input.orderId,
      status: input.type === 'orders.cancel' ? 'cancelled' : 'pos',
      user_id: input.storeId ?? 'store-1',
    },
    resource_href: input.resourceHref ?? `${market.url}/v1/eats/orders/${input.orderId}`,
  })
  return {
    body,
    eventId,
    headers: {
      'content-type': 'application/json',
      'x-uber-signature': uberSignature(body, input.clientSecret),
    },
  }
}

export function doorDashWebhook(input: {
  apiKey: string
  type: 'OrderCreate' | 'OrderCancel'
  orderId?: string
  firstName?: string
  lines?: FakeLine[]
  notes?: string
  pickup?: boolean
  /** When DoorDash's courier is expected at the store. */
  readyAt?: Date
}): SignedWebhook & { orderId: string } {
  const orderId = input.orderId ?? randomUUID()
  const lines = input.lines ?? []
  const body = JSON.stringify({
    event: { type: input.type, status: input.type === 'OrderCancel' ? 'cancelled' : 'NEW' },
    order: {
      id: orderId,
      store: { merchant_supplied_id: 'store-1' },
      consumer: { first_name: input.firstName ?? 'Sam' },
      categories: [
        {
          items: lines.map((l) => ({
            merchant_supplied_id: l.menuItemId !== undefined ? String(l.menuItemId) : null,
            name: l.name,
            quantity: l.quantity,
            price: l.priceCents,
            special_instructions: l.notes ?? null,
          })),
        },
      ],
      subtotal: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      is_pickup: input.pickup ?? false,
      special_instructions: input.notes ?? null,
      ...(input.readyAt ? { estimated_pickup_time: input.readyAt.toISOString() } : {}),
    },
  })
  return {
    body,
    orderId,
    eventId: `${orderId}:${input.type}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${input.apiKey}` },
  }
}

export function genericWebhook(input: {
  apiKey: string
  type: 'order.created' | 'order.cancelled'
  orderId?: string
  customerName?: string
  lines?: FakeLine[]
  notes?: string
  pickup?: boolean
  /** Signed this long ago (a replay). */
  ageMs?: number
  id?: string
}): SignedWebhook & { orderId: string } {
  const orderId = input.orderId ?? randomUUID()
  const lines = input.lines ?? []
  const body = JSON.stringify({
    type: input.type,
    order: {
      id: orderId,
      customerName: input.customerName ?? 'Riley Chen',
      items: lines.map((l) => ({
        ...(l.menuItemId !== undefined ? { menuItemId: String(l.menuItemId) } : {}),
        name: l.name,
        quantity: l.quantity,
        price: l.priceCents / 100,
        ...(l.notes ? { notes: l.notes } : {}),
      })),
      ...(input.notes ? { notes: input.notes } : {}),
      fulfilment: input.pickup ? 'pickup' : 'delivery',
      total: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0) / 100,
    },
  })
  const headers = signedHeaders(input.apiKey, body, Date.now() - (input.ageMs ?? 0), input.id)
  return {
    body,
    orderId,
    eventId: headers['webhook-id'],
    headers: { 'content-type': 'application/json', ...headers },
  }
}

/** Checks what our server sent a generic platform: a valid Standard Webhooks signature with `apiKey`. */
export function verifyGenericCall(call: RecordedCall, apiKey: string): boolean {
  const id = String(call.headers['webhook-id'] ?? '')
  const timestamp = String(call.headers['webhook-timestamp'] ?? '')
  const signature = String(call.headers['webhook-signature'] ?? '')
  return signature.split(' ').includes(standardSignature(apiKey, id, timestamp, call.body))
}
