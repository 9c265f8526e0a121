import Stripe from 'stripe'
import type { CardDetails, PaymentEvent, PaymentProvider, PaymentState } from './payment-provider'
import { invalidSignature, payoutDestinationMissing } from './payments.errors'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  publishableKey?: string
  /** Another address for Stripe's API (a local fake in tests). */
  apiUrl?: string
}

/** The SDK, pointed at `apiUrl` when given (host, port and protocol are options of the SDK). */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 2 })
  const url = new URL(settings.apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
  })
}

function cardOf(charge: Stripe.Charge | string | null | undefined): CardDetails | undefined {
  if (!charge || typeof charge === 'string') return undefined
  const card = charge.payment_method_details?.card
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : undefined
}

function topUpIdOf(metadata: Stripe.Metadata | null | undefined): number | undefined {
  const id = Number(metadata?.topUpId)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** A verified Stripe event, reduced to what a top-up needs. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, type: event.type, payload: event }
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object
      return {
        ...base,
        outcome: 'succeeded',
        paymentId: intent.id,
        topUpId: topUpIdOf(intent.metadata),
        card: cardOf(intent.latest_charge),
      }
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object
      return {
        ...base,
        outcome: 'failed',
        paymentId: intent.id,
        topUpId: topUpIdOf(intent.metadata),
        failureReason: intent.last_payment_error?.message ?? 'The payment failed',
      }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const paymentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
      return {
        ...base,
        outcome: 'refunded',
        paymentId: paymentId ?? null,
        topUpId: topUpIdOf(charge.metadata),
      }
    }
    default:
      return { ...base, outcome: 'ignored', paymentId: null }
  }
}

/** Stripe: PaymentIntents for top-ups, signed webhooks, Connect transfers for payouts. */
export function createStripeProvider(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createPayment({ topUpId, userId, amountCents }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          metadata: { userId: String(userId), topUpId: String(topUpId) },
          automatic_payment_methods: { enabled: true },
          description: `Clearplate wallet top-up #${topUpId}`,
        },
        { idempotencyKey: `top-up-${topUpId}` },
      )
      return { paymentId: intent.id, clientSecret: intent.client_secret ?? undefined }
    },

    async readPayment(paymentId): Promise<PaymentState> {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] })
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
      const status =
        charge?.refunded === true
          ? 'refunded'
          : intent.status === 'succeeded'
            ? 'succeeded'
            : intent.status === 'canceled' || intent.last_payment_error
              ? 'failed'
              : 'pending'
      return { paymentId, status, card: cardOf(charge) }
    },

    async refund(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` })
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature']
      if (typeof signature !== 'string' || signature.length === 0) throw invalidSignature()
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret)
      } catch {
        throw invalidSignature()
      }
      return toPaymentEvent(event)
    },

    async transfer({ payoutId, amountCents, destination }) {
      if (!destination) throw payoutDestinationMissing()
      const transfer = await stripe.transfers.create(
        {
          amount: amountCents,
          currency: 'usd',
          destination,
          metadata: { payoutId: String(payoutId) },
          transfer_group: `payout-${payoutId}`,
        },
        { idempotencyKey: `payout-${payoutId}` },
      )
      return { transferId: transfer.id }
    },
  }
}
