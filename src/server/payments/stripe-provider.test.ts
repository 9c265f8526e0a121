import Stripe from 'stripe'
import { afterAll, describe, expect, it } from 'vitest'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { startStripeFake } from '../testing/stripe-fake'
import { ledgerCents, transactionsOf } from '../wallet/wallet.fixtures'

const secretKey = 'sk_test_local_fake_key'
const webhookSecret = 'whsec_local_fake_secret'
const fake = await startStripeFake({ secretKey })
const app = await buildTestApp({
  config: {
    payments: {
      provider: 'stripe',
      commissionPercent: 15,
      stripe: { secretKey, webhookSecret, publishableKey: 'pk_test_local', apiUrl: fake.url },
    },
  },
})
const stripe = new Stripe(secretKey)
afterAll(() => fake.close())

const createTopUp = (user: TestUser, amount: number) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/wallet/top-ups`,
    headers: user.headers,
    payload: { amount },
  })

/** Stripe delivering `event`, signed as Stripe signs it (or with `secret`). */
function deliver(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event)
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret })
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  })
}

async function topUpOf(user: TestUser, id: number) {
  return (await app.inject({ url: `/api/top-ups/${id}`, headers: user.headers })).json()
}

describe('top-ups through Stripe', () => {
  it('creates a PaymentIntent in cents with the top-up in its metadata and the top-up as its idempotency key', async () => {
    const diner = await createUser(app)
    const res = await createTopUp(diner, 25.5)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.topUp).toMatchObject({ status: 'pending', provider: 'stripe', amount: 25.5 })
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/)
    expect(body.publishableKey).toBe('pk_test_local')
    const request = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!
    expect(request.idempotencyKey).toBe(`top-up-${body.topUp.id}`)
    expect(request.body).toMatchObject({
      amount: '2550',
      currency: 'usd',
      metadata: { userId: String(diner.user.id), topUpId: String(body.topUp.id) },
    })
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })

  it('credits the wallet only on the signed payment_intent.succeeded, once, whatever is redelivered', async () => {
    const diner = await createUser(app)
    const { topUp, clientSecret } = (await createTopUp(diner, 30)).json()
    const intentId = clientSecret.split('_secret_')[0]
    const succeeded = fake.confirm(intentId, '4242424242424242')
    expect(await balanceCents(app, diner.user.id)).toBe(0)

    const first = await deliver(succeeded)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true })
    const redelivered = await Promise.all([deliver(succeeded), deliver(succeeded), deliver(succeeded)])
    expect(redelivered.every((r) => r.statusCode === 200)).toBe(true)
    // The same payment told again under a new event id changes nothing either.
    await deliver({ ...succeeded, id: 'evt_another_delivery' })

    expect(await balanceCents(app, diner.user.id)).toBe(3000)
    expect(await ledgerCents(app, diner.user.id)).toBe(3000)
    expect(await topUpOf(diner, topUp.id)).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    })
    expect((await transactionsOf(app, diner.user.id)).map((t) => t.description)).toEqual([
      'Top-up by Visa •••• 4242',
    ])
  })

  it('marks a declined payment failed, and a success that arrives after the failure still credits once', async () => {
    const diner = await createUser(app)
    const { topUp, clientSecret } = (await createTopUp(diner, 20)).json()
    const intentId = clientSecret.split('_secret_')[0]
    const failed = fake.confirm(intentId, '4000000000000002')
    expect((await deliver(failed)).statusCode).toBe(200)
    expect(await topUpOf(diner, topUp.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    })
    expect(await balanceCents(app, diner.user.id)).toBe(0)

    // The diner tries another card; Stripe's events arrive out of order.
    const succeeded = fake.confirm(intentId, '5555555555554444')
    expect((await deliver(succeeded)).statusCode).toBe(200)
    expect((await deliver(failed)).statusCode).toBe(200)
    expect((await deliver({ ...failed, id: 'evt_late_failure' })).statusCode).toBe(200)
    expect(await topUpOf(diner, topUp.id)).toMatchObject({
      status: 'succeeded',
      card: { brand: 'mastercard', last4: '4444' },
    })
    expect(await balanceCents(app, diner.user.id)).toBe(2000)
  })

  it('answers 400 to a bad or missing signature and stores nothing', async () => {
    const diner = await createUser(app)
    const { topUp, clientSecret } = (await createTopUp(diner, 15)).json()
    const succeeded = fake.confirm(clientSecret.split('_secret_')[0], '4242424242424242')
    const forged = await deliver(succeeded, 'whsec_someone_else')
    expect(forged.statusCode).toBe(400)
    expect(forged.json().code).toBe('payments.invalid_signature')
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded),
    })
    expect(unsigned.statusCode).toBe(400)
    expect(await topUpOf(diner, topUp.id)).toMatchObject({ status: 'pending' })
    // Not stored: the genuine delivery afterwards still credits.
    expect((await deliver(succeeded)).statusCode).toBe(200)
    expect(await balanceCents(app, diner.user.id)).toBe(1500)
  })

  it('reverses an unspent top-up on charge.refunded, and a refund that arrives before the success credits nothing', async () => {
    const diner = await createUser(app)
    const { topUp, clientSecret } = (await createTopUp(diner, 50)).json()
    const intentId = clientSecret.split('_secret_')[0]
    await deliver(fake.confirm(intentId, '4242424242424242'))
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
    const refunded = fake.refundEvent(intentId)
    expect((await deliver(refunded)).statusCode).toBe(200)
    expect((await deliver(refunded)).statusCode).toBe(200)
    expect(await topUpOf(diner, topUp.id)).toMatchObject({ status: 'refunded' })
    expect(await balanceCents(app, diner.user.id)).toBe(0)
    expect(await ledgerCents(app, diner.user.id)).toBe(0)

    const other = (await createTopUp(diner, 10)).json()
    const otherIntent = other.clientSecret.split('_secret_')[0]
    const success = fake.confirm(otherIntent, '4242424242424242')
    await deliver(fake.refundEvent(otherIntent))
    await deliver(success)
    expect(await topUpOf(diner, other.topUp.id)).toMatchObject({ status: 'refunded' })
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })

  it('answers the instant add-funds with 409 wallet.use_top_ups and 404 to the test payment page', async () => {
    const diner = await createUser(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/add-funds`,
      headers: diner.headers,
      payload: { amount: 10 },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'wallet.use_top_ups' })
    const { topUp } = (await createTopUp(diner, 10)).json()
    const test = await app.inject({
      method: 'POST',
      url: `/api/top-ups/${topUp.id}/test-payment`,
      headers: diner.headers,
      payload: { cardNumber: '4242424242424242' },
    })
    expect(test.statusCode).toBe(404)
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })
})

describe('payouts through Stripe Connect', () => {
  it('needs a linked account, then sends a transfer with the payout id as its idempotency key', async () => {
    const owner = await createUser(app)
    const { restaurant, items } = await createRestaurant(app, {
      ownerId: owner.user.id,
      kitchenMode: 'staffed',
    })
    const diner = await createUser(app, { balance: 100 })
    await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
    const url = `/api/restaurants/${restaurant.id}/payouts`
    const unlinked = await app.inject({ method: 'POST', url, headers: owner.headers })
    expect(unlinked.statusCode).toBe(409)
    expect(unlinked.json().code).toBe('earnings.payout_account_missing')

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurant.id}/payout-account`,
      headers: owner.headers,
      payload: { stripeAccountId: 'not-an-account' },
    })
    expect(bad.statusCode).toBe(400)
    const linked = await app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurant.id}/payout-account`,
      headers: owner.headers,
      payload: { stripeAccountId: 'acct_1TestKitchen' },
    })
    expect(linked.json()).toEqual({ provider: 'stripe', stripeAccountId: 'acct_1TestKitchen' })

    const res = await app.inject({ method: 'POST', url, headers: owner.headers })
    expect(res.statusCode).toBe(201)
    const payout = res.json()
    expect(payout).toMatchObject({ status: 'paid', provider: 'stripe', amount: 12.32 })
    expect(payout.transferId).toMatch(/^tr_/)
    const transfer = fake.requests.find((r) => r.path === '/v1/transfers')!
    expect(transfer.idempotencyKey).toBe(`payout-${payout.id}`)
    expect(transfer.body).toMatchObject({ amount: '1232', currency: 'usd', destination: 'acct_1TestKitchen' })
  })
})

describe("the pages' Content Security Policy with Stripe", () => {
  it("lets the payment page load Stripe.js, its frames and Stripe's API, and nothing else from outside", async () => {
    const csp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' https://js.stripe.com")
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com')
    expect(csp).toContain("connect-src 'self' https://api.stripe.com")
  })
})
