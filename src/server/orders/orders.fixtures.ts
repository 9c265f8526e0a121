import { asc, eq } from 'drizzle-orm'
import { DELIVERY_FEE_CENTS } from '../../shared/constants'
import type { ServerMessage } from '../../shared/live-messages'
import { menuItems, orders, restaurants, upsells } from '../db/schema'
import { publishActiveOrdersChanged } from '../infra/active-orders-cache'
import { orderChannel } from '../infra/bus'
import { createUser, type TestApp, type TestUser } from '../testing/build-test-app'

let counter = 0

/** A restaurant of its own for a test, with a menu priced in cents. */
export async function createRestaurant(
  app: TestApp,
  options: {
    ownerId?: number
    /** The engine cooks test restaurants unless a test asks for a staffed kitchen. */
    kitchenMode?: 'autopilot' | 'staffed'
    items?: Array<{ name: string; priceCents: number; isAvailable?: boolean; allergens?: string[] }>
  } = {},
) {
  counter++
  const [restaurant] = await app.db
    .insert(restaurants)
    .values({
      ownerId: options.ownerId ?? null,
      kitchenMode: options.kitchenMode ?? 'autopilot',
      name: `Test Kitchen ${counter}`,
      description: 'A kitchen that exists for one test file.',
      cuisine: 'Italian',
      address: '1 Test Street, Austin',
      priceRange: '$$',
      isLive: true,
      // Downtown Austin: test diners' default address is within its delivery radius.
      latitude: 30.265,
      longitude: -97.746,
    })
    .returning()
  const items = await app.db
    .insert(menuItems)
    .values(
      (
        options.items ?? [
          { name: 'Margherita Pizza', priceCents: 1450 },
          { name: 'Tiramisu', priceCents: 899 },
        ]
      ).map((item) => ({
        restaurantId: restaurant!.id,
        name: item.name,
        description: `${item.name}, made to order.`,
        priceCents: item.priceCents,
        category: 'Mains',
        isAvailable: item.isAvailable ?? true,
        ingredients: ['flour', 'tomato', 'basil', 'olive oil'],
        ...(item.allergens ? { allergens: item.allergens } : {}),
      })),
    )
    .returning()
  return { restaurant: restaurant!, items }
}

/** Places an order through the API, as a diner would. */
export async function placeOrder(
  app: TestApp,
  user: TestUser,
  restaurantId: number,
  items: Array<{ menuItemId: number; quantity: number }>,
  extra: { fulfilment?: 'delivery' | 'pickup' } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { restaurantId, items, ...extra },
  })
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number; totalPrice: number; items: string; status: string }
}

/** Moves an order along as the kitchen would. */
export async function setOrderState(
  app: TestApp,
  orderId: number,
  state: { status: string; progress: number },
) {
  const [row] = await app.db
    .update(orders)
    .set(state)
    .where(eq(orders.id, orderId))
    .returning({ userId: orders.userId })
  if (row) await publishActiveOrdersChanged(app.bus, [row.userId])
}

/**
 * A diner with `spare` dollars left after ordering one `item` (fee included), and that order,
 * already at `state`.
 */
export async function cookingOrder(
  app: TestApp,
  restaurantId: number,
  item: { id: number; priceCents: number },
  spare: number,
  state = { status: 'cooking', progress: 40 },
) {
  const diner = await createUser(app, { balance: spare + (item.priceCents + DELIVERY_FEE_CENTS) / 100 })
  const order = await placeOrder(app, diner, restaurantId, [{ menuItemId: item.id, quantity: 1 }])
  await setOrderState(app, order.id, state)
  return { diner, order }
}

/** Every live message published for an order from now on, until `stop`. */
export async function listenToOrder(app: TestApp, orderId: number) {
  const messages: ServerMessage[] = []
  const stop = await app.bus.subscribe(orderChannel(orderId), (m) => messages.push(m as ServerMessage))
  return { messages, stop }
}

export async function offerUpsell(app: TestApp, orderId: number, menuItemId: number, shown = true) {
  const [row] = await app.db
    .insert(upsells)
    .values({ orderId, menuItemId, shown, shownAt: shown ? new Date() : null })
    .returning()
  return row!
}

/** The showcase order: the seeded one, or one made here when the database has none. */
export async function showcaseOrder(app: TestApp) {
  const [existing] = await app.db
    .select()
    .from(orders)
    .where(eq(orders.isShowcase, true))
    .orderBy(asc(orders.id))
    .limit(1)
  if (existing) return existing
  const owner = await createUser(app, { balance: 100 })
  const { restaurant, items } = await createRestaurant(app, { ownerId: owner.user.id })
  const order = await placeOrder(app, owner, restaurant.id, [{ menuItemId: items[0]!.id, quantity: 1 }])
  const [row] = await app.db
    .update(orders)
    .set({ isShowcase: true })
    .where(eq(orders.id, order.id))
    .returning()
  return row!
}
