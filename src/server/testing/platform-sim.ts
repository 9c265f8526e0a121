/**
 * The sending half of a platform simulator: signed order webhooks built from the restaurant's
 * published menu (the last menu the server published to the fake marketplace, else its public
 * menu), delivered to the server's inbound URL with the platform's retry schedule, plus switches
 * for chaos. `npm run platform-sim` drives it; the demo can run one against a demo restaurant.
 */
import type { Platform } from '../platforms/adapter'
import {
  doorDashWebhook,
  type FakeLine,
  genericWebhook,
  type Marketplace,
  type SignedWebhook,
  uberEnvelope,
  uberOrderWebhook,
} from './marketplace-fake'

/** Seconds between a delivery's attempts after the first: Uber Eats resends a non-200 up to 7 times. */
export const RETRY_SCHEDULES: Record<'ubereats' | 'doordash' | 'generic', number[]> = {
  ubereats: [1, 2, 4, 8, 16, 32, 64],
  doordash: [5, 30, 120],
  // Standard Webhooks' (Svix's) schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
  generic: [5, 300, 1800, 7200, 18000, 36000, 36000],
}

export interface SimChaos {
  /** Send every webhook twice. */
  duplicate?: boolean
  /** Send an order's cancel before the order (then the order). */
  outOfOrder?: boolean
  /** One webhook in this many carries a wrong signature. */
  badSignatureEvery?: number
  /** Share of orders cancelled by the customer a few seconds later (0 to 1). */
  cancelRate?: number
}

export interface SimOptions {
  platform: Platform
  integrationId: number
  /** The server, e.g. http://localhost:5000. */
  url: string
  /** Uber Eats: the client secret; DoorDash and the generic scheme: the API key. */
  secret: string
  /** Uber Eats: the store ID the integration has. */
  storeId?: string
  market: Marketplace
  /** The restaurant whose public menu is used before the server has published one. */
  restaurantId?: number
  chaos?: SimChaos
  /** Compress the retry schedule (tests, benchmarks): 0.001 turns seconds into milliseconds. */
  timeScale?: number
  log?: (line: string) => void
}

const NAMES = ['Jordan', 'Sam', 'Riley', 'Avery', 'Casey', 'Morgan', 'Quinn', 'Jamie', 'Taylor', 'Robin']
const NOTES = [
  undefined,
  undefined,
  undefined,
  'Extra napkins please',
  'No onions',
  'Peanut allergy!',
  'Ring the bell',
]

type MenuLine = { id?: number; name: string; priceCents: number; available: boolean }

/** Dishes from the last menu the server published to the fake, in any platform's shape. */
export function publishedDishes(market: Marketplace): MenuLine[] {
  for (const call of [...market.calls].reverse()) {
    const body = call.json as Record<string, unknown> | null
    if (!body) continue
    if (call.method === 'PUT' && call.path.endsWith('/menus') && Array.isArray(body.items))
      return (
        body.items as {
          id: string
          title: { translations: { en_us: string } }
          price_info: { price: number }
          suspension_info: unknown
        }[]
      ).map((i) => ({
        id: Number(i.id),
        name: i.title.translations.en_us,
        priceCents: i.price_info.price,
        available: !i.suspension_info,
      }))
    if (call.path === '/marketplace/api/v1/menus' && body.menu)
      return (
        body.menu as {
          categories: {
            items: { merchant_supplied_id: string; name: string; price: number; is_active: boolean }[]
          }[]
        }
      ).categories.flatMap((c) =>
        c.items.map((i) => ({
          id: Number(i.merchant_supplied_id),
          name: i.name,
          priceCents: i.price,
          available: i.is_active,
        })),
      )
    if (call.path.startsWith('/generic/') && body.type === 'menu.updated')
      return (
        body.menu as {
          categories: { items: { id: string; name: string; price: number; available: boolean }[] }[]
        }
      ).categories.flatMap((c) =>
        c.items.map((i) => ({
          id: Number(i.id),
          name: i.name,
          priceCents: Math.round(i.price * 100),
          available: i.available,
        })),
      )
  }
  return []
}

export function createPlatformSimulator(options: SimOptions) {
  const { platform, market, chaos = {} } = options
  const log = options.log ?? (() => undefined)
  const scale = options.timeScale ?? 1
  const inbound = `${options.url}/api/integrations/${options.integrationId}/webhook`
  const schedule = RETRY_SCHEDULES[platform === 'ubereats' || platform === 'doordash' ? platform : 'generic']
  let sent = 0
  let seed = 7
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const stats = { delivered: 0, retried: 0, refused: 0, gaveUp: 0 }

  async function menu(): Promise<MenuLine[]> {
    const published = publishedDishes(market).filter((d) => d.available)
    if (published.length > 0) return published
    if (options.restaurantId !== undefined) {
      const res = await fetch(`${options.url}/api/restaurants/${options.restaurantId}/menu`)
      if (res.ok) {
        const items = (await res.json()) as {
          id: number
          name: string
          price: number
          isAvailable: boolean
        }[]
        const dishes = items
          .filter((i) => i.isAvailable)
          .map((i) => ({ id: i.id, name: i.name, priceCents: Math.round(i.price * 100), available: true }))
        if (dishes.length > 0) return dishes
      }
    }
    return [{ name: 'House Burger', priceCents: 1400, available: true }]
  }

  /** One delivery with the platform's retries: answers the final status (0: never answered). */
  async function deliver(hook: SignedWebhook, label: string): Promise<number> {
    const badSignature = chaos.badSignatureEvery && ++sent % chaos.badSignatureEvery === 0
    const headers = { ...hook.headers }
    if (badSignature) {
      for (const name of ['x-uber-signature', 'webhook-signature', 'authorization'])
        if (headers[name])
          headers[name] =
            name === 'authorization'
              ? 'Bearer wrong-key'
              : name === 'webhook-signature'
                ? 'v1,AAAA'
                : '0'.repeat(64)
    }
    for (let attempt = 0; ; attempt++) {
      let status = 0
      try {
        const res = await fetch(inbound, { method: 'POST', headers, body: hook.body })
        status = res.status
      } catch {
        status = 0
      }
      log(
        `${label} → ${status || 'no answer'}${attempt > 0 ? ` (retry ${attempt})` : ''}${badSignature ? ' [bad signature]' : ''}`,
      )
      if (status === 200) {
        stats.delivered++
        return status
      }
      // A refused signature is not retried by the platforms: the receiver said no.
      if (status === 401 || status === 404 || status === 409 || status === 400) {
        stats.refused++
        return status
      }
      const wait = schedule[attempt]
      if (wait === undefined) {
        stats.gaveUp++
        return status
      }
      stats.retried++
      await new Promise((r) => setTimeout(r, wait * 1000 * scale))
    }
  }

  function orderHook(lines: FakeLine[]): SignedWebhook & { orderId: string } {
    const firstName = pick(NAMES)
    const notes = pick(NOTES)
    const pickup = random() < 0.2
    if (platform === 'ubereats')
      return uberOrderWebhook(market, {
        clientSecret: options.secret,
        storeId: options.storeId,
        firstName,
        lines,
        notes,
        pickup,
      })
    if (platform === 'doordash')
      return doorDashWebhook({ apiKey: options.secret, type: 'OrderCreate', firstName, lines, notes, pickup })
    return genericWebhook({
      apiKey: options.secret,
      type: 'order.created',
      customerName: `${firstName} ${pick(['Lee', 'Park', 'Diaz', 'Chen'])}`,
      lines,
      notes,
      pickup,
    })
  }

  function cancelHook(orderId: string): SignedWebhook {
    if (platform === 'ubereats')
      return uberEnvelope(market, {
        clientSecret: options.secret,
        storeId: options.storeId,
        orderId,
        type: 'orders.cancel',
      })
    if (platform === 'doordash')
      return doorDashWebhook({ apiKey: options.secret, type: 'OrderCancel', orderId })
    return genericWebhook({ apiKey: options.secret, type: 'order.cancelled', orderId })
  }

  return {
    stats,
    /** One order from the menu: 1 to 3 dishes. */
    async sendOrder(): Promise<{ orderId: string; status: number }> {
      const dishes = await menu()
      const count = 1 + Math.floor(random() * 3)
      const lines: FakeLine[] = Array.from({ length: count }, () => {
        const dish = pick(dishes)
        return {
          menuItemId: dish.id,
          name: dish.name,
          quantity: 1 + Math.floor(random() * 2),
          priceCents: dish.priceCents,
        }
      })
      const hook = orderHook(lines)
      const cancel = chaos.cancelRate && random() < chaos.cancelRate
      if (chaos.outOfOrder && cancel)
        await deliver(cancelHook(hook.orderId), `cancel ${hook.orderId} (ahead of its order)`)
      const status = await deliver(hook, `order ${hook.orderId}`)
      if (chaos.duplicate) await deliver(hook, `order ${hook.orderId} (again)`)
      if (cancel && !chaos.outOfOrder)
        setTimeout(
          () => void deliver(cancelHook(hook.orderId), `cancel ${hook.orderId}`),
          3000 * Math.max(scale, 0.01),
        ).unref()
      return { orderId: hook.orderId, status }
    },
    sendCancel: (orderId: string) => deliver(cancelHook(orderId), `cancel ${orderId}`),
  }
}
