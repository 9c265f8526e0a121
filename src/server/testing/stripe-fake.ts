/**
 * A local stand-in for Stripe's API on 127.0.0.1, faithful to what the payment provider uses:
 * PaymentIntents (create with an Idempotency-Key, retrieve with `expand[]=latest_charge`),
 * refunds and Connect transfers, Stripe's error shape and its bearer-key check. The test side
 * plays the browser and Stripe's event sender: `confirm` settles an intent with a test card and
 * hands back the event Stripe would send, `refundEvent` refunds it, and tests sign the events
 * with the SDK's `webhooks.generateTestHeaderString` before posting them to our webhook.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>

interface Charge extends Json {
  id: string
  payment_intent: string
  refunded: boolean
  metadata: Record<string, string>
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } }
}
interface Intent extends Json {
  id: string
  amount: number
  status: string
  metadata: Record<string, string>
  latest_charge: string | null
  last_payment_error: { message: string; code: string } | null
}

export interface FakeRequest {
  method: string
  path: string
  idempotencyKey: string | undefined
  body: Json
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** `a[b]=1&c[0]=x` into `{ a: { b: '1' }, c: ['x'] }` (one level deep, as the SDK sends ours). */
function parseForm(text: string): Json {
  const out: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^([^[]+)\[([^\]]*)\]$/.exec(key)
    if (!nested) {
      out[key] = value
      continue
    }
    const [, outer, inner] = nested as unknown as [string, string, string]
    if (inner === '' || /^\d+$/.test(inner)) {
      const list = (out[outer] as string[] | undefined) ?? []
      list.push(value)
      out[outer] = list
    } else {
      const obj = (out[outer] as Record<string, string> | undefined) ?? {}
      obj[inner] = value
      out[outer] = obj
    }
  }
  return out
}

const CARDS: Record<string, { brand: string; last4: string; decline?: { code: string; message: string } }> = {
  '4242424242424242': { brand: 'visa', last4: '4242' },
  '5555555555554444': { brand: 'mastercard', last4: '4444' },
  '4000000000000002': {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  },
}

export async function startStripeFake(options: { secretKey: string }) {
  const intents = new Map<string, Intent>()
  const charges = new Map<string, Charge>()
  const transfers = new Map<string, Json>()
  const idempotent = new Map<string, { status: number; body: Json }>()
  const requests: FakeRequest[] = []

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    res.end(JSON.stringify(body))
  }
  const error = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    send(res, status, { error: { type, message } })

  function expanded(intent: Intent, expand: unknown): Json {
    const wants = Array.isArray(expand) && expand.includes('latest_charge')
    return wants && intent.latest_charge
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : intent
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount)
      if (!Number.isInteger(amount) || amount < 50)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid amount' } } }
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: String(body.currency),
        status: 'requires_payment_method',
        metadata: (body.metadata as Record<string, string>) ?? {},
        description: body.description ?? null,
        latest_charge: null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      }
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`
      intents.set(intent.id, intent)
      return { status: 200, body: intent }
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1]!)
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        }
      return { status: 200, body: expanded(intent, body.expand) }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent))
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined
      if (!intent || !charge || intent.status !== 'succeeded')
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Nothing to refund' } },
        }
      charge.refunded = true
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: intent.amount,
          payment_intent: intent.id,
          status: 'succeeded',
        },
      }
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = String(body.destination ?? '')
      if (!destination.startsWith('acct_'))
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'No such destination' } },
        }
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency,
        destination,
        metadata: body.metadata ?? {},
        transfer_group: body.transfer_group ?? null,
      }
      transfers.set(transfer.id, transfer)
      return { status: 200, body: transfer }
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    const body = parseForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'))
    const key = req.headers['idempotency-key'] as string | undefined
    requests.push({ method, path: url.pathname, idempotencyKey: key, body })
    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return error(res, 401, 'Invalid API Key provided', 'authentication_error')
    if (key && method === 'POST') {
      const stored = idempotent.get(`${url.pathname} ${key}`)
      if (stored) return send(res, stored.status, stored.body)
    }
    const answer = route(method, url.pathname, body)
    if (key && method === 'POST') idempotent.set(`${url.pathname} ${key}`, answer)
    send(res, answer.status, answer.body)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => error(res, 500, String(err), 'api_error'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  function event(type: string, object: Json): Json {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    transfers,
    /** The browser's Payment Element confirming `intentId` with a test card: the event Stripe sends. */
    confirm(intentId: string, cardNumber: string): Json {
      const intent = intents.get(intentId)
      const card = CARDS[cardNumber.replace(/\s/g, '')]
      if (!intent || !card) throw new Error(`cannot confirm ${intentId} with ${cardNumber}`)
      const charge: Charge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        payment_intent: intent.id,
        refunded: false,
        paid: !card.decline,
        metadata: intent.metadata,
        payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4 } },
      }
      charges.set(charge.id, charge)
      intent.latest_charge = charge.id
      if (card.decline) {
        intent.status = 'requires_payment_method'
        intent.last_payment_error = card.decline
        return event('payment_intent.payment_failed', { ...intent })
      }
      intent.status = 'succeeded'
      intent.last_payment_error = null
      // Webhook events carry the intent as it is, its charge as an id.
      return event('payment_intent.succeeded', { ...intent })
    },
    /** A refund made in Stripe's dashboard: the `charge.refunded` event. */
    refundEvent(intentId: string): Json {
      const intent = intents.get(intentId)
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined
      if (!charge) throw new Error(`no charge to refund on ${intentId}`)
      charge.refunded = true
      return event('charge.refunded', { ...charge })
    },
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>
