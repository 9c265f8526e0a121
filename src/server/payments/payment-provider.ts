/**
 * One interface in front of whatever takes the diner's card: create a payment for a top-up, read
 * it, refund it, and verify and parse its webhook. `test` is the offline default (our own payment
 * page with Stripe's published test cards); `stripe` is the real processor when STRIPE_SECRET_KEY
 * is set. The wallet is credited only from a parsed event (`PaymentEvent`), whichever provider
 * sent it: the test page's payment goes through the same path as Stripe's signed webhook.
 */

export type ProviderName = 'test' | 'stripe'

export interface CardDetails {
  brand: string
  last4: string
}

/** What a provider told us about a payment, reduced to what a top-up needs. */
export interface PaymentEvent {
  /** Unique per provider: a redelivered event id changes nothing. */
  eventId: string
  /** The provider's own event type (payment_intent.succeeded, ...). */
  type: string
  outcome: 'succeeded' | 'failed' | 'refunded' | 'ignored'
  /** The processor's payment id (pi_... with Stripe). */
  paymentId: string | null
  /** From the payment's metadata, when present. */
  topUpId?: number
  card?: CardDetails
  failureReason?: string
  /** The raw event, stored in the inbox. */
  payload: unknown
}

export interface CreatedPayment {
  paymentId: string
  /** Stripe: what the Payment Element confirms with. */
  clientSecret?: string
  /** Test provider: our own page that takes the test cards. */
  payUrl?: string
}

export interface PaymentState {
  paymentId: string
  status: 'pending' | 'succeeded' | 'failed' | 'refunded'
  card?: CardDetails
}

export interface PaymentProvider {
  name: ProviderName
  /** Stripe's publishable key for the browser; undefined for the test provider. */
  publishableKey?: string
  createPayment(input: { topUpId: number; userId: number; amountCents: number }): Promise<CreatedPayment>
  readPayment(paymentId: string): Promise<PaymentState>
  refund(paymentId: string): Promise<void>
  /** Checks the signature on the raw bytes and parses the event; throws `invalidSignature` when wrong. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent
  /** Sends a restaurant's payout (Stripe Connect transfer); the payout id is the idempotency key. */
  transfer(input: { payoutId: number; amountCents: number; destination: string | null }): Promise<{
    transferId: string
  }>
}
