/**
 * Top-ups: a diner asks for one (pending), pays it through the payment provider, and the wallet
 * is credited only when the provider confirms: a `PaymentEvent` from Stripe's signed webhook, or
 * from the test provider's own page. Every event is stored first in the inbox (unique on its id:
 * a redelivery changes nothing), then processed under the top-up's row lock, so that the wallet is
 * credited once per succeeded payment whatever the order in which events arrive:
 * - succeeded: a pending or failed top-up is credited as a `top_up` naming the card;
 * - failed: a pending top-up is marked failed (a later success still credits it);
 * - refunded: a succeeded top-up is taken back from the wallet when the balance still holds it;
 *   one refunded before its success arrived is never credited.
 */
import { toCents, toDollars } from '../../shared/money'
import type { CreatedTopUp, TopUp, TopUpStatus } from '../../shared/schemas/wallet'
import { AppError, insufficientFunds } from '../infra/errors'
import { type IdempotentResult, runIdempotent } from '../infra/idempotency'
import type { Logger } from '../infra/logger'
import type { PaymentEvent, PaymentProvider } from '../payments/payment-provider'
import { testCardEvent } from '../payments/test-provider'
import { createTopUpsRepository, type TopUpRow } from './top-ups.repository'
import { topUpNotFound, topUpSettled } from './wallet.errors'
import { runWalletMovement, type WalletMovementDeps } from './wallet-movement'

export const TOP_UP_SCOPE = 'POST /api/users/:id/wallet/top-ups'

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
}

export function toTopUp(row: TopUpRow): TopUp {
  return {
    id: row.id,
    amount: toDollars(row.amountCents),
    status: row.status as TopUpStatus,
    provider: row.provider as TopUp['provider'],
    failureReason: row.failureReason,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** "Top-up by Visa •••• 4242" */
export function topUpDescription(row: Pick<TopUpRow, 'cardBrand' | 'cardLast4'>): string {
  if (!row.cardLast4) return 'Top-up by card'
  const brand = BRANDS[row.cardBrand ?? ''] ?? row.cardBrand ?? 'card'
  return `Top-up by ${brand} •••• ${row.cardLast4}`
}

export function createTopUpsService(
  deps: WalletMovementDeps & { provider: PaymentProvider; log?: Pick<Logger, 'warn' | 'error'> },
) {
  const { db, provider, log } = deps
  const repo = createTopUpsRepository(db)

  /** Applies one stored event; true when it changed the top-up. */
  async function apply(event: PaymentEvent): Promise<boolean> {
    if (event.outcome === 'ignored' || !event.paymentId) return false
    const paymentId = event.paymentId
    const result = await runWalletMovement(
      deps,
      // Not keyed: the inbox's unique event id and the row lock make this run once.
      { userId: 0, key: undefined, scope: 'payment event', statusCode: 200, request: null },
      async (tx, wallet) => {
        const txRepo = createTopUpsRepository(tx)
        const topUp = await txRepo.lockByPayment(provider.name, paymentId)
        if (!topUp) {
          log?.warn({ paymentId, eventId: event.eventId }, 'a payment event for no known top-up')
          return false
        }
        const card = event.card
        switch (event.outcome) {
          case 'succeeded': {
            if (topUp.status !== 'pending' && topUp.status !== 'failed') return false
            const settled = await txRepo.update(topUp.id, {
              status: 'succeeded',
              failureReason: null,
              cardBrand: card?.brand ?? topUp.cardBrand,
              cardLast4: card?.last4 ?? topUp.cardLast4,
              settledAt: new Date(),
            })
            await wallet.credit({
              userId: topUp.userId,
              cents: topUp.amountCents,
              type: 'top_up',
              description: topUpDescription(settled),
              reference: `top_up:${topUp.id}`,
            })
            return true
          }
          case 'failed': {
            if (topUp.status !== 'pending') return false
            await txRepo.update(topUp.id, {
              status: 'failed',
              failureReason: event.failureReason ?? 'The payment failed',
              cardBrand: card?.brand ?? topUp.cardBrand,
              cardLast4: card?.last4 ?? topUp.cardLast4,
              settledAt: new Date(),
            })
            return true
          }
          case 'refunded': {
            if (topUp.status === 'refunded') return false
            if (topUp.status === 'succeeded') {
              try {
                await wallet.debit({
                  userId: topUp.userId,
                  cents: topUp.amountCents,
                  type: 'top_up_refund',
                  description: `Refund of ${topUpDescription(topUp).toLowerCase()}`,
                  reference: `top_up:${topUp.id}`,
                })
              } catch (err) {
                if (!(err instanceof AppError && err.code === insufficientFunds.code)) throw err
                // Spent already: the wallet keeps what it paid for; the operator settles it.
                log?.error({ topUpId: topUp.id }, 'a top-up was refunded by the processor after it was spent')
                await txRepo.update(topUp.id, {
                  failureReason: 'Refunded by the processor after it was spent',
                })
                return false
              }
            }
            await txRepo.update(topUp.id, { status: 'refunded', settledAt: new Date() })
            return true
          }
        }
        return false
      },
    )
    return result.body
  }

  /** Stripe's events name the charge, not its card: the card is read from the payment. */
  async function withCard(event: PaymentEvent): Promise<PaymentEvent> {
    if (event.outcome !== 'succeeded' || event.card || !event.paymentId) return event
    try {
      const { card } = await provider.readPayment(event.paymentId)
      return card ? { ...event, card } : event
    } catch (err) {
      log?.warn({ err, paymentId: event.paymentId }, 'could not read the card of a payment')
      return event
    }
  }

  /** Stores the event (once), then applies it; a failure leaves it stored for `processInbox`. */
  async function receive(event: PaymentEvent): Promise<{ duplicate: boolean }> {
    const stored = await repo.storeEvent({
      provider: provider.name,
      eventId: event.eventId,
      type: event.type,
      payload: event as object,
    })
    if (!stored) return { duplicate: true }
    await apply(await withCard(event))
    await repo.markProcessed(stored.id)
    return { duplicate: false }
  }

  return {
    provider,
    receive,

    /** Applies events stored but not processed before a restart. */
    async processInbox(): Promise<number> {
      let done = 0
      for (const row of await repo.unprocessed()) {
        try {
          await apply(await withCard(row.payload as PaymentEvent))
          await repo.markProcessed(row.id)
          done++
        } catch (err) {
          log?.error({ err, eventId: row.eventId }, 'could not process a stored payment event')
        }
      }
      return done
    },

    async create(input: {
      userId: number
      amount: number
      idempotencyKey?: string
    }): Promise<IdempotentResult<CreatedTopUp>> {
      const { userId, amount, idempotencyKey } = input
      const amountCents = toCents(amount)
      return runIdempotent<CreatedTopUp>(
        db,
        { userId, key: idempotencyKey, scope: TOP_UP_SCOPE, statusCode: 201, request: { amount } },
        async (tx) => {
          const txRepo = createTopUpsRepository(tx)
          const row = await txRepo.insert({ userId, amountCents, provider: provider.name })
          // The top-up's id is the processor's idempotency key: a retry creates no second payment.
          const payment = await provider.createPayment({ topUpId: row.id, userId, amountCents })
          const updated = await txRepo.setPayment(row.id, payment.paymentId)
          return {
            topUp: toTopUp(updated),
            ...(payment.payUrl ? { payUrl: payment.payUrl } : {}),
            ...(payment.clientSecret ? { clientSecret: payment.clientSecret } : {}),
            ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
          }
        },
      )
    },

    /** The diner's own top-up; 404 for anyone else's. */
    async get(userId: number, topUpId: number): Promise<TopUp> {
      const row = await repo.find(topUpId)
      if (!row || row.userId !== userId) throw topUpNotFound()
      return toTopUp(row)
    },

    /**
     * The test provider's payment page: a test card settles the top-up through the same path as
     * a processor's event. 404 for another diner's top-up or with another provider; 409 once settled.
     */
    async testPayment(userId: number, topUpId: number, cardNumber: string): Promise<TopUp> {
      const row = await repo.find(topUpId)
      if (!row || row.userId !== userId || provider.name !== 'test' || row.provider !== 'test')
        throw topUpNotFound()
      if (row.status !== 'pending') throw topUpSettled()
      const event = testCardEvent(topUpId, cardNumber)
      const { duplicate } = await receive(event)
      if (duplicate) throw topUpSettled()
      return toTopUp((await repo.find(topUpId))!)
    },
  }
}
export type TopUpsService = ReturnType<typeof createTopUpsService>
