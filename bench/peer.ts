/**
 * The comparison peer for the signed-in reads: a plain Express 5 + `pg` server, written the way a
 * small service usually is. Each request looks its session up in PostgreSQL (joined with the
 * user), checks that the user may read what it asks for, then runs the read. Same routes, same
 * cookie, same JSON as the app.
 *
 *   node --import tsx bench/peer.ts postgres://postgres@127.0.0.1:5432/somedb   # prints its URL
 */
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express, { type Request, type Response } from 'express'
import pg from 'pg'

const SESSION_COOKIE = 'clearplate_session'
const dollars = (cents: number) => Math.round(cents) / 100

function sessionToken(req: Request): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

export interface Peer {
  url: string
  close(): Promise<void>
}

export async function startPeer(databaseUrl: string, poolSize = 10): Promise<Peer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  pool.on('error', () => {})

  async function signedIn(req: Request, res: Response) {
    const token = sessionToken(req)
    if (!token) {
      res.status(401).json({ message: 'Not signed in' })
      return undefined
    }
    const id = createHash('sha256').update(token).digest('base64url')
    const { rows } = await pool.query(
      `select u.id, u.wallet_balance_cents from sessions s join users u on u.id = s.user_id
       where s.id = $1 and s.expires_at > now()`,
      [id],
    )
    if (rows.length === 0) {
      res.status(401).json({ message: 'Not signed in' })
      return undefined
    }
    return rows[0] as { id: number; wallet_balance_cents: number }
  }

  async function self(req: Request, res: Response) {
    const user = await signedIn(req, res)
    if (!user) return undefined
    if (user.id !== Number(req.params.id)) {
      res.status(403).json({ message: 'Forbidden' })
      return undefined
    }
    return user
  }

  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')

  app.get('/api/users/:id/wallet-balance', async (req, res) => {
    const user = await self(req, res)
    if (user) res.json({ balance: dollars(user.wallet_balance_cents) })
  })

  app.get('/api/users/:id/wallet/transactions', async (req, res) => {
    const user = await self(req, res)
    if (!user) return
    const { rows } = await pool.query(
      `select id, user_id, type, amount_cents, description, reference, created_at
       from wallet_transactions where user_id = $1 order by created_at desc, id desc limit 100`,
      [user.id],
    )
    res.json(
      rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        type: r.type,
        amount: dollars(r.amount_cents),
        description: r.description,
        reference: r.reference,
        createdAt: r.created_at.toISOString(),
      })),
    )
  })

  app.get('/api/users/:id/active-orders', async (req, res) => {
    const user = await self(req, res)
    if (!user) return
    const { rows } = await pool.query(
      `select * from orders where user_id = $1 and status not in ('completed', 'cancelled')
       order by created_at desc, id desc`,
      [user.id],
    )
    res.json(
      rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        restaurantId: r.restaurant_id,
        status: r.status,
        progress: r.progress,
        createdAt: r.created_at.toISOString(),
        estimatedDelivery: r.estimated_delivery?.toISOString() ?? null,
        totalPrice: dollars(r.total_price_cents),
        items: JSON.stringify(r.items ?? []),
      })),
    )
  })

  app.get('/api/orders/:orderId/chef-shouts', async (req, res) => {
    const user = await signedIn(req, res)
    if (!user) return
    const { rows: found } = await pool.query(
      `select o.user_id, o.is_showcase, r.owner_id from orders o join restaurants r on r.id = o.restaurant_id
       where o.id = $1`,
      [Number(req.params.orderId)],
    )
    const order = found[0]
    if (!order || !(order.is_showcase || order.user_id === user.id || order.owner_id === user.id)) {
      res.status(404).json({ message: 'Order not found' })
      return
    }
    const { rows } = await pool.query(
      `select * from chef_shouts where order_id = $1 order by created_at desc, id desc`,
      [Number(req.params.orderId)],
    )
    res.json(
      rows.map((r) => ({
        id: r.id,
        orderId: r.order_id,
        userId: r.user_id,
        shoutType: r.shout_type,
        shoutName: r.shout_name,
        price: dollars(r.price_cents),
        status: r.status,
        createdAt: r.created_at.toISOString(),
      })),
    )
  })

  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await pool.end()
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2]
  if (!url) {
    console.error('Usage: node --import tsx bench/peer.ts <postgres url>')
    process.exit(1)
  }
  const peer = await startPeer(url)
  console.log(`Express + pg peer on ${peer.url}`)
}
