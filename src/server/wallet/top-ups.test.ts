import { describe, expect, it } from 'vitest'
import { userChannel } from '../infra/bus'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from './wallet.fixtures'

const app = await buildTestApp()

const createTopUp = (user: TestUser, amount: unknown, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/wallet/top-ups`,
    headers: key ? { ...user.headers, 'idempotency-key': key } : user.headers,
    payload: { amount } as object,
  })
const pay = (user: TestUser | undefined, topUpId: number, cardNumber: string) =>
  app.inject({
    method: 'POST',
    url: `/api/top-ups/${topUpId}/test-payment`,
    headers: user?.headers ?? {},
    payload: { cardNumber },
  })

describe('top-ups with the test provider', () => {
  it('starts a pending top-up with our own payment page, and a retry with the key starts no second one', async () => {
    const diner = await createUser(app)
    const res = await createTopUp(diner, 25, 'top-up-1')
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ topUp: { amount: 25, status: 'pending', provider: 'test' } })
    expect(body.payUrl).toBe(`/pay/${body.topUp.id}`)
    expect((await createTopUp(diner, 25, 'top-up-1')).json().topUp.id).toBe(body.topUp.id)
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })

  it('credits the wallet once with 4242…, as a top_up naming the card, and tells the diner’s pages', async () => {
    const diner = await createUser(app, { balance: 1 })
    const { topUp } = (await createTopUp(diner, 40)).json()
    const heard: unknown[] = []
    const stop = await app.bus.subscribe(userChannel(diner.user.id), (m) => heard.push(m))
    const res = await pay(diner, topUp.id, '4242 4242 4242 4242')
    await stop()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } })
    expect(await balanceCents(app, diner.user.id)).toBe(4100)
    expect(await ledgerCents(app, diner.user.id)).toBe(4100)
    const credited = (await transactionsOf(app, diner.user.id)).filter((t) => t.type === 'top_up')
    expect(credited).toEqual([
      expect.objectContaining({
        amountCents: 4000,
        description: 'Top-up by Visa •••• 4242',
        reference: `top_up:${topUp.id}`,
      }),
    ])
    expect(heard).toContainEqual(expect.objectContaining({ type: 'wallet', balance: 41 }))

    const again = await pay(diner, topUp.id, '4242424242424242')
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('wallet.top_up_settled')
    expect(await balanceCents(app, diner.user.id)).toBe(4100)
    const read = await app.inject({ url: `/api/top-ups/${topUp.id}`, headers: diner.headers })
    expect(read.json()).toMatchObject({ id: topUp.id, status: 'succeeded' })
  })

  it('declines 4000…0002 and 4000…9995 with the reason, crediting nothing', async () => {
    const diner = await createUser(app)
    for (const [card, reason] of [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ] as const) {
      const { topUp } = (await createTopUp(diner, 10)).json()
      const res = await pay(diner, topUp.id, card)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'failed', failureReason: reason })
      expect((await pay(diner, topUp.id, '4242424242424242')).statusCode).toBe(409)
    }
    expect(await balanceCents(app, diner.user.id)).toBe(0)
    expect(await transactionsOf(app, diner.user.id)).toEqual([])
  })

  it('credits once when the same top-up is paid many times at once', async () => {
    const diner = await createUser(app)
    const { topUp } = (await createTopUp(diner, 5)).json()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(diner, topUp.id, '4242424242424242')),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9)
    expect(await balanceCents(app, diner.user.id)).toBe(500)
  })

  it('credits each of 50 concurrent top-ups exactly once', async () => {
    const diners = await Promise.all(Array.from({ length: 10 }, () => createUser(app)))
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createTopUp(diners[i % 10]!, 5 + i, `storm-${i}`)),
    )
    expect(created.every((r) => r.statusCode === 201)).toBe(true)
    const paid = await Promise.all(
      created.map((r, i) => pay(diners[i % 10]!, r.json().topUp.id, '4242424242424242')),
    )
    expect(paid.every((r) => r.statusCode === 200)).toBe(true)
    for (const [d, diner] of diners.entries()) {
      const expected = Array.from({ length: 5 }, (_, k) => (5 + d + 10 * k) * 100).reduce((a, b) => a + b)
      expect(await balanceCents(app, diner.user.id)).toBe(expected)
      expect(await ledgerCents(app, diner.user.id)).toBe(expected)
    }
  })

  it('refuses amounts out of range or with fractions of a cent, and a top-up of another diner, moving nothing', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    for (const amount of [4.99, 500.01, 10.005, -5, '20']) {
      const res = await createTopUp(diner, amount)
      expect(res.statusCode).toBe(400)
    }
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/top-ups`,
      headers: other.headers,
      payload: { amount: 10 },
    })
    expect(stranger.statusCode).toBe(403)
    const { topUp } = (await createTopUp(diner, 10)).json()
    expect((await pay(other, topUp.id, '4242424242424242')).statusCode).toBe(404)
    expect((await pay(undefined, topUp.id, '4242424242424242')).statusCode).toBe(401)
    expect((await app.inject({ url: `/api/top-ups/${topUp.id}`, headers: other.headers })).statusCode).toBe(
      404,
    )
    const unknownCard = await pay(diner, topUp.id, '4111 1111 1111 1111')
    expect(unknownCard.statusCode).toBe(400)
    expect(unknownCard.json().code).toBe('payments.unknown_test_card')
    expect(await balanceCents(app, diner.user.id)).toBe(0)
    expect(await balanceCents(app, other.user.id)).toBe(0)
  })

  it('keeps the instant add-funds as demo money with the test provider', async () => {
    const diner = await createUser(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/add-funds`,
      headers: diner.headers,
      payload: { amount: 12 },
    })
    expect(res.statusCode).toBe(200)
    expect(await balanceCents(app, diner.user.id)).toBe(1200)
  })
})

describe("the pages' Content Security Policy with the test provider", () => {
  it('opens nothing to Stripe: the payment page is our own', async () => {
    const csp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy'])
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toContain('stripe.com')
  })
})
