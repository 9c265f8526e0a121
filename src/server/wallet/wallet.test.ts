import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users, walletTransactions } from '../db/schema'
import { createRestaurant, placeOrder } from '../orders/orders.fixtures'
import { balanceCents, buildTestApp, createUser } from '../testing/build-test-app'
import { ledgerCents, transactionsOf } from './wallet.fixtures'

const app = await buildTestApp()

const addFunds = (
  user: { user: { id: number }; headers: Record<string, string> },
  payload: unknown,
  key?: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/wallet/add-funds`,
    headers: key === undefined ? user.headers : { ...user.headers, 'idempotency-key': key },
    payload: payload as object,
  })

describe('wallet balance', () => {
  it('answers the signed-in diner their balance in dollars', async () => {
    const diner = await createUser(app, { balance: 12.34 })
    const res = await app.inject({
      url: `/api/users/${diner.user.id}/wallet-balance`,
      headers: diner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ balance: 12.34 })
  })

  it('refuses a visitor who is not signed in with 401 and another diner with 403', async () => {
    const diner = await createUser(app, { balance: 5 })
    const other = await createUser(app)
    for (const url of [
      `/api/users/${diner.user.id}/wallet-balance`,
      `/api/users/${diner.user.id}/wallet/transactions`,
    ]) {
      const anonymous = await app.inject({ url })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().message).toBe('Please sign in first')
      const stranger = await app.inject({ url, headers: other.headers })
      expect(stranger.statusCode).toBe(403)
      expect(stranger.json()).not.toHaveProperty('balance')
    }
  })

  it('answers 400 for a user id that is not a number', async () => {
    const diner = await createUser(app)
    const res = await app.inject({ url: '/api/users/abc/wallet-balance', headers: diner.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.id).toBe('Must be a number')
  })
})

describe('wallet transactions', () => {
  it('lists transactions newest first with signed dollar amounts', async () => {
    const diner = await createUser(app, { balance: 10 })
    const { restaurant, items } = await createRestaurant(app, {
      items: [{ name: 'Garlic Bread', priceCents: 499 }],
    })
    await addFunds(diner, { amount: 2.5 })
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: diner.headers,
      payload: { restaurantId: restaurant.id, items: [{ menuItemId: items[0]!.id, quantity: 1 }] },
    })
    expect(order.statusCode).toBe(201)

    const res = await app.inject({
      url: `/api/users/${diner.user.id}/wallet/transactions`,
      headers: diner.headers,
    })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ['order', -7.98],
      ['deposit', 2.5],
      ['deposit', 10],
    ])
    expect(list[0]).toMatchObject({ userId: diner.user.id, reference: `order:${order.json().id}` })
    expect(list[0].description).toBe(
      `Order #${String(order.json().id).padStart(4, '0')} at ${restaurant.name}`,
    )
    expect(Number.isNaN(Date.parse(list[0].createdAt))).toBe(false)
  })

  it('answers at most the 100 most recent transactions', async () => {
    const diner = await createUser(app)
    await app.db.insert(walletTransactions).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: diner.user.id,
        amountCents: i + 1,
        type: 'deposit',
        description: `Deposit ${i + 1}`,
        createdAt: new Date(Date.now() - (105 - i) * 1000),
      })),
    )
    const res = await app.inject({
      url: `/api/users/${diner.user.id}/wallet/transactions`,
      headers: diner.headers,
    })
    const list = res.json()
    expect(list).toHaveLength(100)
    expect(list[0].description).toBe('Deposit 105')
    expect(list[99].description).toBe('Deposit 6')
  })
})

describe('adding funds', () => {
  it('credits the wallet as a deposit and answers the new balance and the transaction', async () => {
    const diner = await createUser(app, { balance: 1 })
    const res = await addFunds(diner, { amount: 20.5, description: 'Added funds' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.balance).toBe(21.5)
    expect(body.transaction).toMatchObject({
      userId: diner.user.id,
      type: 'deposit',
      amount: 20.5,
      description: 'Added funds',
    })
    expect(await balanceCents(app, diner.user.id)).toBe(2150)
    expect(await ledgerCents(app, diner.user.id)).toBe(2150)
  })

  it('describes a deposit as "Added funds" unless told otherwise', async () => {
    const diner = await createUser(app)
    expect((await addFunds(diner, { amount: 1 })).json().transaction.description).toBe('Added funds')
    expect(
      (await addFunds(diner, { amount: 1, description: '  Birthday money ' })).json().transaction.description,
    ).toBe('Birthday money')
  })

  it('accepts the limits $0.01 and $1,000.00', async () => {
    const diner = await createUser(app)
    expect((await addFunds(diner, { amount: 0.01 })).statusCode).toBe(200)
    expect((await addFunds(diner, { amount: 1000 })).json().balance).toBe(1000.01)
  })

  it.each([
    [{ amount: 0 }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: -5 }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: 1000.01 }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: 1e308 }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: 1.234 }, 'Amounts have at most two decimals'],
    [{ amount: '10' }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: 'NaN' }, 'Amount must be between $0.01 and $1,000.00'],
    [{ amount: null }, 'Amount must be between $0.01 and $1,000.00'],
    [{}, 'Amount must be between $0.01 and $1,000.00'],
  ])('refuses %o with 400 "%s" and credits nothing', async (payload, message) => {
    const diner = await createUser(app, { balance: 3 })
    const res = await addFunds(diner, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(res.json().errors.amount).toBe(message)
    expect(await balanceCents(app, diner.user.id)).toBe(300)
    expect(await transactionsOf(app, diner.user.id)).toHaveLength(1)
  })

  it('refuses a description longer than 100 characters', async () => {
    const diner = await createUser(app)
    const res = await addFunds(diner, { amount: 5, description: 'x'.repeat(101) })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty('description')
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })

  it('refuses a visitor who is not signed in with 401 and another diner with 403, crediting nobody', async () => {
    const diner = await createUser(app, { balance: 2 })
    const other = await createUser(app, { balance: 2 })
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/add-funds`,
      payload: { amount: 5 },
    })
    expect(anonymous.statusCode).toBe(401)
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/users/${diner.user.id}/wallet/add-funds`,
      headers: other.headers,
      payload: { amount: 5 },
    })
    expect(stranger.statusCode).toBe(403)
    expect(await balanceCents(app, diner.user.id)).toBe(200)
    expect(await balanceCents(app, other.user.id)).toBe(200)
  })

  it('refuses a top-up that would take the wallet past $1,000,000.00 with 409', async () => {
    const diner = await createUser(app)
    await app.db.update(users).set({ walletBalanceCents: 99_999_950 }).where(eq(users.id, diner.user.id))
    const res = await addFunds(diner, { amount: 1 })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('A wallet can hold at most $1,000,000.00')
    expect(await balanceCents(app, diner.user.id)).toBe(99_999_950)
  })
})

describe('idempotent top-ups', () => {
  it('credits once for a retried request with the same Idempotency-Key and answers the same body', async () => {
    const diner = await createUser(app)
    const first = await addFunds(diner, { amount: 7.25 }, 'topup-1')
    const second = await addFunds(diner, { amount: 7.25 }, 'topup-1')
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await balanceCents(app, diner.user.id)).toBe(725)
    expect(await transactionsOf(app, diner.user.id)).toHaveLength(1)
  })

  it('credits once for concurrent duplicates', async () => {
    const diner = await createUser(app)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => addFunds(diner, { amount: 3 }, 'same-click')),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    const bodies = new Set(answers.map((r) => r.body))
    expect(bodies.size).toBe(1)
    expect(await balanceCents(app, diner.user.id)).toBe(300)
    expect(await ledgerCents(app, diner.user.id)).toBe(300)
  })

  it('credits again for a new key, and keys of different diners do not collide', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    await addFunds(diner, { amount: 1 }, 'k-1')
    await addFunds(diner, { amount: 1 }, 'k-2')
    await addFunds(other, { amount: 4 }, 'k-1')
    expect(await balanceCents(app, diner.user.id)).toBe(200)
    expect(await balanceCents(app, other.user.id)).toBe(400)
  })

  it('does not remember a failed request: the same key may be retried with a valid one', async () => {
    const diner = await createUser(app)
    expect((await addFunds(diner, { amount: 0 }, 'retry-me')).statusCode).toBe(400)
    const ok = await addFunds(diner, { amount: 2 }, 'retry-me')
    expect(ok.statusCode).toBe(200)
    expect(await balanceCents(app, diner.user.id)).toBe(200)
  })

  it('refuses a key reused with a different amount with 409 and credits nothing more', async () => {
    const diner = await createUser(app)
    expect((await addFunds(diner, { amount: 5 }, 'one-click')).statusCode).toBe(200)
    const changed = await addFunds(diner, { amount: 500 }, 'one-click')
    expect(changed.statusCode).toBe(409)
    expect(changed.json().message).toBe('This Idempotency-Key was used for a different request')
    expect(await balanceCents(app, diner.user.id)).toBe(500)
    expect(await transactionsOf(app, diner.user.id)).toHaveLength(1)
  })

  it('refuses a key reused on a different route with 409', async () => {
    const diner = await createUser(app, { balance: 50 })
    const { restaurant, items } = await createRestaurant(app)
    expect((await addFunds(diner, { amount: 5 }, 'shared-key')).statusCode).toBe(200)
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...diner.headers, 'idempotency-key': 'shared-key' },
      payload: { restaurantId: restaurant.id, items: [{ menuItemId: items[0]!.id, quantity: 1 }] },
    })
    expect(order.statusCode).toBe(409)
    expect(order.json().message).toBe('This Idempotency-Key was used for a different request')
    expect(await balanceCents(app, diner.user.id)).toBe(5500)
  })

  it.each([
    ['', 'empty'],
    ['k'.repeat(201), 'longer than 200 characters'],
  ])('refuses an Idempotency-Key that is %s (%s) with 400', async (key) => {
    const diner = await createUser(app)
    const res = await addFunds(diner, { amount: 5 }, key)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Idempotency-Key must be 1 to 200 characters')
    expect(await balanceCents(app, diner.user.id)).toBe(0)
  })
})

describe('wallet reads kept between movements', () => {
  const read = async (diner: { user: { id: number }; headers: Record<string, string> }) => {
    const [balance, transactions] = await Promise.all([
      app.inject({ url: `/api/users/${diner.user.id}/wallet-balance`, headers: diner.headers }),
      app.inject({ url: `/api/users/${diner.user.id}/wallet/transactions`, headers: diner.headers }),
    ])
    expect(balance.statusCode).toBe(200)
    expect(transactions.statusCode).toBe(200)
    return { balance: balance.json().balance as number, count: (transactions.json() as unknown[]).length }
  }

  it('answers the new balance and transactions right after a top-up and after an order', async () => {
    const diner = await createUser(app, { balance: 50 })
    const { restaurant, items } = await createRestaurant(app)
    const before = await read(diner)
    expect(before.balance).toBe(50)
    // Read twice: the second answer comes from what the first kept.
    expect(await read(diner)).toEqual(before)

    expect((await addFunds(diner, { amount: 2.5 })).statusCode).toBe(200)
    const topped = await read(diner)
    expect(topped).toEqual({ balance: 52.5, count: before.count + 1 })

    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }], {
      fulfilment: 'pickup',
    })
    const after = await read(diner)
    expect(after.balance).toBeCloseTo(52.5 - order.totalPrice, 2)
    expect(after.count).toBe(topped.count + 1)
    expect(after.balance * 100).toBeCloseTo(await balanceCents(app, diner.user.id), 0)
  })

  it('keeps one diner’s answers apart from another’s, and marks them private', async () => {
    const first = await createUser(app, { balance: 1 })
    const second = await createUser(app, { balance: 2 })
    expect((await read(first)).balance).toBe(1)
    expect((await read(second)).balance).toBe(2)
    expect((await addFunds(second, { amount: 1 })).statusCode).toBe(200)
    expect((await read(first)).balance).toBe(1)
    expect((await read(second)).balance).toBe(3)
    const res = await app.inject({
      url: `/api/users/${first.user.id}/wallet-balance`,
      headers: first.headers,
    })
    expect(res.headers['cache-control']).toBe('private, no-cache')
    const again = await app.inject({
      url: `/api/users/${first.user.id}/wallet-balance`,
      headers: { ...first.headers, 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })
})
