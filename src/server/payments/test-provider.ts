import type { CardDetails, PaymentEvent, PaymentProvider } from './payment-provider'
import { invalidSignature, unknownTestCard } from './payments.errors'

/** Stripe's published test cards and what they do. */
const TEST_CARDS: Record<string, { card: CardDetails; outcome: 'succeeded' | 'failed'; reason?: string }> = {
  '4242424242424242': { card: { brand: 'visa', last4: '4242' }, outcome: 'succeeded' },
  '4000000000000002': {
    card: { brand: 'visa', last4: '0002' },
    outcome: 'failed',
    reason: 'Your card was declined.',
  },
  '4000000000009995': {
    card: { brand: 'visa', last4: '9995' },
    outcome: 'failed',
    reason: 'Your card has insufficient funds.',
  },
}

export const testPaymentId = (topUpId: number) => `test_pay_${topUpId}`

/**
 * The event a test card produces for a top-up: the same shape the Stripe provider parses out of a
 * signed webhook, so the wallet is credited by one path.
 */
export function testCardEvent(topUpId: number, cardNumber: string): PaymentEvent {
  const known = TEST_CARDS[cardNumber.replace(/[\s-]/g, '')]
  if (!known) throw unknownTestCard(undefined, { cardNumber: unknownTestCard().message })
  return {
    // One payment per top-up: a second one is the same event, and changes nothing.
    eventId: `test_evt_${topUpId}`,
    type: known.outcome === 'succeeded' ? 'test_payment.succeeded' : 'test_payment.failed',
    outcome: known.outcome,
    paymentId: testPaymentId(topUpId),
    topUpId,
    card: known.card,
    failureReason: known.reason,
    payload: { topUpId, card: known.card, outcome: known.outcome },
  }
}

/** The offline provider: our own `/pay/{topUpId}` page; payouts are marked paid at once. */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createPayment({ topUpId }) {
      return { paymentId: testPaymentId(topUpId), payUrl: `/pay/${topUpId}` }
    },
    async readPayment(paymentId) {
      return { paymentId, status: 'pending' }
    },
    async refund() {},
    parseWebhook() {
      // The test provider has no webhook: its page calls the API directly.
      throw invalidSignature()
    },
    async transfer({ payoutId }) {
      return { transferId: `test_tr_${payoutId}` }
    },
  }
}
