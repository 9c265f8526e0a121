import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import type { OrderLine } from '../../shared/order-lines'
import type { Db } from '../db/client'
import { menuItems, orders, restaurants, userAllergenProfiles } from '../db/schema'

let counter = 0

export interface DishSpec {
  name: string
  priceCents: number
  allergens?: string[]
  isAvailable?: boolean
}

/** A restaurant of the test's own, with its menu. */
export async function createKitchen(
  db: Db,
  options: { ownerId?: number; dishes?: DishSpec[]; kitchenMode?: 'autopilot' | 'staffed' } = {},
) {
  counter++
  const [restaurant] = await db
    .insert(restaurants)
    .values({
      ownerId: options.ownerId ?? null,
      // The engine cooks test kitchens unless a test asks for a staffed one.
      kitchenMode: options.kitchenMode ?? 'autopilot',
      name: `Live Test Kitchen ${counter}`,
      description: 'A kitchen that exists for one test.',
      cuisine: 'Italian',
      address: '2 Test Street, Austin',
      priceRange: '$$',
      isLive: true,
      latitude: 30.265,
      longitude: -97.746,
    })
    .returning()
  const dishes = options.dishes ?? [
    { name: 'Margherita Pizza', priceCents: 1450, allergens: ['wheat', 'milk'] },
    { name: 'Garlic Bread', priceCents: 499, allergens: ['wheat'] },
    { name: 'Side Salad', priceCents: 699 },
  ]
  const items = await db
    .insert(menuItems)
    .values(
      dishes.map((dish) => ({
        restaurantId: restaurant!.id,
        name: dish.name,
        description: `${dish.name}, made to order.`,
        priceCents: dish.priceCents,
        category: 'Mains',
        isAvailable: dish.isAvailable ?? true,
        ingredients: ['salt', 'olive oil', 'basil', 'pepper'],
        allergens: dish.allergens ?? [],
      })),
    )
    .returning()
  return { restaurant: restaurant!, items }
}

/** An order in the kitchen, written directly so the test controls where it stands. */
export async function createKitchenOrder(
  db: Db,
  input: {
    userId: number
    restaurantId: number
    items?: Array<{ id: number; name: string; priceCents: number }>
    status?: string
    progress?: number
    kitchenStartedAt?: Date
    isShowcase?: boolean
  },
) {
  const lines: OrderLine[] = (input.items ?? []).map((item) => ({
    menuItemId: item.id,
    name: item.name,
    quantity: 1,
    price: toDollars(item.priceCents),
  }))
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      restaurantId: input.restaurantId,
      status: input.status ?? 'preparing',
      progress: input.progress ?? 0,
      kitchenStartedAt: input.kitchenStartedAt ?? new Date(),
      totalPriceCents: (input.items ?? []).reduce((sum, item) => sum + item.priceCents, 299),
      items: lines,
      isShowcase: input.isShowcase ?? false,
    })
    .returning()
  return order!
}

export async function setAllergenProfile(db: Db, userId: number, allergens: string[]) {
  await db.insert(userAllergenProfiles).values({ userId, allergens })
}

/** The ws:// address of a listening app. */
export function liveUrl(server: { address(): AddressInfo | string | null }): string {
  const address = server.address() as AddressInfo
  return `ws://127.0.0.1:${address.port}/ws`
}

export type Viewer = Awaited<ReturnType<typeof connectViewer>>

/**
 * A live-channel client that records every message. `next` reads messages in arrival order;
 * `waitFor` looks at everything received so far and waits for a match.
 */
export async function connectViewer(url: string, options: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.cookie) headers.cookie = options.cookie
  if (options.origin) headers.origin = options.origin
  const ws = new WebSocket(url, { headers })
  const messages: ServerMessage[] = []
  const waiters = new Set<() => void>()
  let cursor = 0
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as ServerMessage)
    for (const wake of waiters) wake()
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })

  function until<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const found = find()
    if (found !== undefined) return Promise.resolve(found)
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(wake)
        reject(
          new Error(`No ${what} within ${timeoutMs} ms; received: ${JSON.stringify(messages.slice(-8))}`),
        )
      }, timeoutMs)
      const wake = () => {
        const hit = find()
        if (hit === undefined) return
        clearTimeout(timer)
        waiters.delete(wake)
        resolve(hit)
      }
      waiters.add(wake)
    })
  }

  return {
    ws,
    messages,
    send(message: unknown) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message))
    },
    /** The next message (after the last one `next` returned) that matches. */
    next<T extends ServerMessage = ServerMessage>(
      match: (m: ServerMessage) => boolean = () => true,
      timeoutMs = 5000,
    ) {
      return until<T>(
        () => {
          for (let i = cursor; i < messages.length; i++) {
            if (match(messages[i]!)) {
              cursor = i + 1
              return messages[i] as T
            }
          }
          return undefined
        },
        timeoutMs,
        'matching message',
      )
    },
    /** Any message received so far, or later, that matches. */
    waitFor<T extends ServerMessage = ServerMessage>(match: (m: ServerMessage) => boolean, timeoutMs = 5000) {
      return until<T>(() => messages.find(match) as T | undefined, timeoutMs, 'matching message')
    },
    /** Sends `message` and returns the first answer of `type` that arrives after it. */
    async request<T extends ServerMessage = ServerMessage>(
      message: unknown,
      match: (m: ServerMessage) => boolean,
    ) {
      cursor = messages.length
      this.send(message)
      return this.next<T>(match)
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return
      const closed = new Promise((resolve) => ws.once('close', resolve))
      ws.close()
      await closed
    },
  }
}

export const ofType =
  <K extends ServerMessage['type']>(type: K, orderId?: number) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: K }> =>
    m.type === type && (orderId === undefined || (m as { orderId?: number }).orderId === orderId)
