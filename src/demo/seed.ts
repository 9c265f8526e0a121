import { eq, sql } from 'drizzle-orm'
import { timeZoneAt } from '../server/addresses/time-zone'
import { hashPassword } from '../server/auth/auth.service'
import type { Db, Tx } from '../server/db/client'
import {
  addresses,
  cameras,
  chefShouts,
  menuItemAvailability,
  menuItems,
  menuOptionGroups,
  menuOptions,
  orderEvents,
  orders,
  restaurants,
  userAllergenProfiles,
  users,
  walletTransactions,
} from '../server/db/schema'
import { CHEF_SHOUTS, DELIVERY_FEE_CENTS, PROGRESS, TIMELINE_OFFSETS_MIN } from '../shared/constants'
import { toDollars } from '../shared/money'
import type { OrderLine } from '../shared/order-lines'
import { dishImageUrl, restaurantAvatarUrl, restaurantHeroUrl, slugify } from './media/media-urls'
import { SEED_MENUS } from './seed/menus'
import { SEED_OPTIONS } from './seed/options'
import {
  DEMO_ACTIVE_ORDERS,
  DEMO_PAST_ORDERS,
  DEMO_SHOUTS,
  type SeedActiveOrder,
  type SeedLine,
  SHOWCASE_ORDER,
} from './seed/orders'
import { SEED_RESTAURANTS } from './seed/restaurants'

export interface SeedOptions {
  /** How long the kitchen takes for a whole order; places the active orders mid-run. */
  orderMs?: number
  now?: Date
}

/** KITCHEN_ORDER_SECONDS' default. */
const DEFAULT_ORDER_MS = 900_000
const DEMO_BALANCE_CENTS = 5000
const DELIVERY_MINUTES = 40
const MINUTE = 60_000
/** How long after it was placed the demo diner's cancelled order was cancelled. */
const CANCELLED_AFTER_MINUTES = 4
const DAY = 24 * 60 * MINUTE
/** Austin is UTC-5 (CDT) for most of the year; past orders are placed at local meal times. */
const AUSTIN_UTC_OFFSET_HOURS = 5
/** Serialises two instances starting on the same empty database. */
const SEED_LOCK_KEY = 72_640_811

export const DEMO_USER = {
  username: 'demo',
  password: 'demo1234',
  fullName: 'Jordan Rivera',
  email: 'jordan.rivera@example.com',
}
export const DEMO_CHEF = {
  username: 'chef',
  password: 'chef1234',
  fullName: 'Marco Bellini',
  email: 'marco@trattoriabellini.example.com',
}
export const SHOWCASE_USER = {
  username: 'kitchen-showcase',
  fullName: 'Clearplate Kitchen',
  email: 'showcase@clearplate.app',
}

/**
 * Seeds the demo data into an empty database, in one transaction: ids are deterministic
 * (demo diner 1, chef 2, showcase user 3; restaurant 1 is the chef's; order 1 is the showcase).
 * Returns false, changing nothing, when any user exists.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const orderMs = options.orderMs ?? DEFAULT_ORDER_MS
  const now = options.now ?? new Date()
  if (await hasUsers(db)) return false
  const [demoHash, chefHash] = await Promise.all([
    hashPassword(DEMO_USER.password),
    hashPassword(DEMO_CHEF.password),
  ])

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`)
    if (await hasUsers(tx)) return false

    const joined = new Date(now.getTime() - 45 * DAY)
    const demo = await insertUser(tx, { ...DEMO_USER, passwordHash: demoHash, createdAt: joined })
    await insertUser(tx, { ...DEMO_CHEF, passwordHash: chefHash, createdAt: joined })
    // Not a scrypt hash: nobody can sign in as the showcase user.
    const showcaseUser = await insertUser(tx, {
      ...SHOWCASE_USER,
      passwordHash: 'disabled',
      createdAt: joined,
    })

    // Home, a couple of kilometres from the first restaurants, where the demo orders go.
    await tx.insert(addresses).values({
      userId: demo.id,
      label: 'Home',
      line1: '1100 E 5th St',
      line2: 'Apt 4B',
      city: 'Austin',
      postcode: '78702',
      latitude: 30.26424,
      longitude: -97.73171,
      isDefault: true,
      createdAt: joined,
    })

    const menuIds = await insertRestaurants(tx, 2)
    const restaurantId = (slug: string) => SEED_RESTAURANTS.findIndex((r) => r.slug === slug) + 1
    const orderLines = (slug: string, lines: SeedLine[]) => toOrderLines(slug, lines, menuIds)

    const ledger: LedgerEntry[] = []

    // Order 1: the showcase.
    await insertActiveOrder(tx, {
      order: SHOWCASE_ORDER,
      userId: showcaseUser.id,
      restaurantId: restaurantId(SHOWCASE_ORDER.restaurant),
      lines: orderLines(SHOWCASE_ORDER.restaurant, SHOWCASE_ORDER.lines),
      now,
      orderMs,
      isShowcase: true,
    })

    // Orders 2 and 3: the demo diner's, one cooking and one just received.
    for (const [index, active] of DEMO_ACTIVE_ORDERS.entries()) {
      const lines = orderLines(active.restaurant, active.lines)
      const order = await insertActiveOrder(tx, {
        order: active,
        userId: demo.id,
        restaurantId: restaurantId(active.restaurant),
        lines,
        now,
        orderMs,
        isShowcase: false,
      })
      ledger.push(orderCharge(order, restaurantName(active.restaurant)))
      if (index === 0) {
        const cookingStarted = order.createdAt.getTime() + 0.3 * orderMs
        for (const shout of DEMO_SHOUTS) {
          const option = CHEF_SHOUTS.find((s) => s.key === shout.type)!
          const at = new Date(
            Math.min(cookingStarted + shout.minutesAfterCookingStarted * MINUTE, now.getTime()),
          )
          const [row] = await tx
            .insert(chefShouts)
            .values({
              orderId: order.id,
              userId: demo.id,
              shoutType: option.key,
              shoutName: option.name,
              priceCents: option.priceCents,
              status: 'done',
              createdAt: at,
              updatedAt: at,
            })
            .returning()
          ledger.push({
            amountCents: -option.priceCents,
            type: 'chef_shout',
            reference: `chef_shout:${row!.id}`,
            description: `Chef shout: ${option.name}`,
            createdAt: at,
          })
        }
      }
    }

    // The demo diner's history.
    for (const past of DEMO_PAST_ORDERS) {
      const createdAt = pastMealTime(now, past.daysAgo, past.hour)
      const lines = orderLines(past.restaurant, past.lines)
      const [order] = await tx
        .insert(orders)
        .values({
          userId: demo.id,
          restaurantId: restaurantId(past.restaurant),
          status: past.status,
          progress: past.status === 'completed' ? 100 : 0,
          createdAt,
          kitchenStartedAt: createdAt,
          updatedAt: createdAt,
          estimatedDelivery: new Date(createdAt.getTime() + DELIVERY_MINUTES * MINUTE),
          totalPriceCents: orderTotalCents(lines),
          items: lines,
          // A cancelled one was cancelled as the app cancels: when, why and its refund in full,
          // as its history event and wallet deposit say.
          ...(past.status === 'cancelled'
            ? {
                cancelReason: 'diner_request',
                cancelledAt: new Date(createdAt.getTime() + CANCELLED_AFTER_MINUTES * MINUTE),
                refundCents: orderTotalCents(lines),
              }
            : {}),
        })
        .returning()
      await insertPastOrderEvents(tx, order!, demo.id)
      const name = restaurantName(past.restaurant)
      ledger.push(orderCharge(order!, name))
      if (past.status === 'cancelled') {
        ledger.push({
          amountCents: order!.totalPriceCents,
          type: 'deposit',
          reference: `order:${order!.id}`,
          description: `Refund for cancelled order #${padOrder(order!.id)}`,
          createdAt: new Date(createdAt.getTime() + CANCELLED_AFTER_MINUTES * MINUTE),
        })
      }
      if (past.tipCents) {
        ledger.push({
          amountCents: -past.tipCents,
          type: 'tip',
          reference: `order:${order!.id}`,
          description: `Tip for the chef at ${name}`,
          createdAt: new Date(createdAt.getTime() + 25 * MINUTE),
        })
      }
    }

    await recordDemoWallet(tx, demo.id, ledger, now)

    await tx.insert(userAllergenProfiles).values({
      userId: demo.id,
      allergens: ['peanuts', 'shellfish'],
      severity: 'severe',
      notificationsEnabled: true,
      createdAt: joined,
      updatedAt: joined,
    })
    return true
  })
}

async function hasUsers(db: Tx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1)
  return row !== undefined
}

async function insertUser(
  tx: Tx,
  values: { username: string; fullName: string; email: string; passwordHash: string; createdAt: Date },
) {
  const [row] = await tx
    .insert(users)
    .values({
      username: values.username,
      fullName: values.fullName,
      email: values.email,
      passwordHash: values.passwordHash,
      createdAt: values.createdAt,
    })
    .returning()
  return row!
}

/** Inserts restaurants, cameras and menus in order; returns menu item ids by restaurant slug and name. */
async function insertRestaurants(tx: Tx, chefId: number): Promise<Map<string, number>> {
  const menuIds = new Map<string, number>()
  for (const seed of SEED_RESTAURANTS) {
    const [restaurant] = await tx
      .insert(restaurants)
      .values({
        ownerId: seed.ownedByChef ? chefId : null,
        // The demo keeps cooking by itself.
        kitchenMode: 'autopilot',
        isDemo: true,
        name: seed.name,
        description: seed.description,
        cuisine: seed.cuisine,
        address: seed.address,
        priceRange: seed.priceRange,
        rating: seed.rating,
        reviewCount: seed.reviewCount,
        ratingTotal: (seed.rating ?? 0) * seed.reviewCount,
        avatar: restaurantAvatarUrl(seed.slug),
        images: Array.from({ length: seed.heroImages }, (_, i) => restaurantHeroUrl(seed.slug, i + 1)),
        features: seed.features,
        isLive: seed.isLive,
        latitude: seed.latitude,
        longitude: seed.longitude,
        timeZone: timeZoneAt({ latitude: seed.latitude, longitude: seed.longitude }),
      })
      .returning({ id: restaurants.id })

    if (seed.cameras.length > 0) {
      const inserted = await tx
        .insert(cameras)
        .values(
          seed.cameras.map((camera) => ({
            restaurantId: restaurant!.id,
            name: camera.name,
            position: camera.position,
            streamUrl: '',
            isActive: true,
            isDemo: true,
          })),
        )
        .returning({ id: cameras.id })
      // The live picture is served under the camera's own id, known only after the insert.
      for (const { id } of inserted) {
        await tx
          .update(cameras)
          .set({ streamUrl: `/live/${id}/index.m3u8` })
          .where(eq(cameras.id, id))
      }
    }

    const menu = SEED_MENUS[seed.slug] ?? []
    if (menu.length === 0) continue
    const items = await tx
      .insert(menuItems)
      .values(
        menu.map((item) => ({
          restaurantId: restaurant!.id,
          name: item.name,
          description: item.description,
          priceCents: item.priceCents,
          category: item.category,
          image: dishImageUrl(slugify(item.name)),
          isAvailable: item.isAvailable,
          ingredients: item.ingredients,
          allergens: item.allergens,
        })),
      )
      .returning({ id: menuItems.id, name: menuItems.name, isAvailable: menuItems.isAvailable })
    for (const item of items) menuIds.set(`${seed.slug}/${item.name}`, item.id)
    for (const item of items) {
      const groups = SEED_OPTIONS[`${seed.slug}/${item.name}`] ?? []
      for (const [position, group] of groups.entries()) {
        const [row] = await tx
          .insert(menuOptionGroups)
          .values({
            menuItemId: item.id,
            name: group.name,
            required: group.required,
            minChoices: group.required ? 1 : 0,
            maxChoices: group.max,
            position,
          })
          .returning({ id: menuOptionGroups.id })
        await tx.insert(menuOptions).values(
          group.options.map((option, optionPosition) => ({
            groupId: row!.id,
            menuItemId: item.id,
            name: option.name,
            priceDeltaCents: option.priceDeltaCents ?? 0,
            allergens: option.allergens ?? [],
            isAvailable: !option.unavailable,
            position: optionPosition,
          })),
        )
      }
    }
    // A dish seeded sold out ran out at lunch today, marked by its owner (insights' 86 list).
    const out = items.filter((item) => !item.isAvailable)
    if (out.length > 0)
      await tx.insert(menuItemAvailability).values(
        out.map((item) => ({
          menuItemId: item.id,
          restaurantId: restaurant!.id,
          isAvailable: false,
          at: new Date(Date.now() - 3 * 3_600_000),
          actorUserId: seed.ownedByChef ? chefId : null,
        })),
      )
  }
  return menuIds
}

function toOrderLines(slug: string, lines: SeedLine[], menuIds: Map<string, number>): OrderLine[] {
  const menu = SEED_MENUS[slug] ?? []
  return lines.map(([name, quantity]) => {
    const item = menu.find((m) => m.name === name)
    const menuItemId = menuIds.get(`${slug}/${name}`)
    if (!item || menuItemId === undefined)
      throw new Error(`Seed order names an unknown dish: ${slug}/${name}`)
    return { menuItemId, name, quantity, price: toDollars(item.priceCents) }
  })
}

function orderTotalCents(lines: OrderLine[]): number {
  return (
    lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) + DELIVERY_FEE_CENTS
  )
}

async function insertActiveOrder(
  tx: Tx,
  input: {
    order: SeedActiveOrder
    userId: number
    restaurantId: number
    lines: OrderLine[]
    now: Date
    orderMs: number
    isShowcase: boolean
  },
) {
  const { order: seed, now, orderMs } = input
  const startedAt = new Date(now.getTime() - seed.elapsed * orderMs)
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      restaurantId: input.restaurantId,
      status: seed.status,
      progress: Math.round(seed.elapsed * 100),
      createdAt: startedAt,
      kitchenStartedAt: startedAt,
      updatedAt: now,
      estimatedDelivery: new Date(startedAt.getTime() + DELIVERY_MINUTES * MINUTE),
      totalPriceCents: orderTotalCents(input.lines),
      items: input.lines,
      isShowcase: input.isShowcase,
    })
    .returning()
  // Its history: received (by its diner; the showcase by the system), then the autopilot's steps.
  const events: (typeof orderEvents.$inferInsert)[] = [
    input.isShowcase
      ? { orderId: order!.id, status: 'preparing', at: startedAt, actor: 'system' }
      : { orderId: order!.id, status: 'preparing', at: startedAt, actor: 'diner', actorUserId: input.userId },
  ]
  if (seed.status === 'cooking') {
    const at = new Date(startedAt.getTime() + (PROGRESS.cooking / 100) * orderMs)
    events.push({ orderId: order!.id, status: 'cooking', at, actor: 'autopilot' })
  }
  await tx.insert(orderEvents).values(events)
  return order!
}

/**
 * A past order's history: a completed one passed every step at the usual minutes; a cancelled one
 * was cancelled by its diner four minutes in, while it was still being prepared.
 */
async function insertPastOrderEvents(tx: Tx, order: typeof orders.$inferSelect, userId: number) {
  const start = order.createdAt.getTime()
  const events: (typeof orderEvents.$inferInsert)[] = [
    { orderId: order.id, status: 'preparing', at: order.createdAt, actor: 'diner', actorUserId: userId },
  ]
  if (order.status === 'cancelled') {
    events.push({
      orderId: order.id,
      status: 'cancelled',
      at: new Date(start + CANCELLED_AFTER_MINUTES * MINUTE),
      actor: 'diner',
      actorUserId: userId,
      reason: 'Ordered by mistake',
    })
  } else {
    const steps = ['cooking', 'plating', 'delivering', 'completed'] as const
    for (const [i, status] of steps.entries()) {
      const at = new Date(start + TIMELINE_OFFSETS_MIN[i]! * MINUTE)
      events.push({ orderId: order.id, status, at, actor: 'autopilot' })
    }
  }
  await tx.insert(orderEvents).values(events)
}

interface LedgerEntry {
  amountCents: number
  type: string
  reference: string
  description: string
  createdAt: Date
}

function orderCharge(
  order: { id: number; totalPriceCents: number; createdAt: Date },
  restaurant: string,
): LedgerEntry {
  return {
    amountCents: -order.totalPriceCents,
    type: 'order',
    reference: `order:${order.id}`,
    description: `Order #${padOrder(order.id)} at ${restaurant}`,
    createdAt: order.createdAt,
  }
}

/** Deposits before the computed top-up: the wallet never dips below zero along the way. */
const DEMO_DEPOSITS = [
  { daysAgo: 44, cents: 10_000 },
  { daysAgo: 18, cents: 10_000 },
]

/**
 * Writes the demo wallet: a few deposits, every charge, and a top-up two days ago sized so that
 * the transactions add up to exactly the demo balance.
 */
async function recordDemoWallet(tx: Tx, userId: number, ledger: LedgerEntry[], now: Date) {
  const deposit = (cents: number, at: Date): LedgerEntry => ({
    amountCents: cents,
    type: 'deposit',
    reference: 'seed',
    description: 'Added funds',
    createdAt: at,
  })
  const known = [
    ...DEMO_DEPOSITS.map((d) => deposit(d.cents, new Date(now.getTime() - d.daysAgo * DAY))),
    ...ledger,
  ]
  const topUp = DEMO_BALANCE_CENTS - known.reduce((sum, entry) => sum + entry.amountCents, 0)
  if (topUp <= 0) throw new Error('The demo wallet does not add up: adjust DEMO_DEPOSITS')
  const entries = [...known, deposit(topUp, new Date(now.getTime() - 2 * DAY))].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  )
  let running = 0
  for (const entry of entries) {
    running += entry.amountCents
    if (running < 0) throw new Error('The demo wallet would go below zero: adjust DEMO_DEPOSITS')
  }
  await tx.insert(walletTransactions).values(entries.map((entry) => ({ userId, ...entry })))
  await tx.update(users).set({ walletBalanceCents: running }).where(eq(users.id, userId))
}

function restaurantName(slug: string): string {
  return SEED_RESTAURANTS.find((r) => r.slug === slug)?.name ?? slug
}

function pastMealTime(now: Date, daysAgo: number, localHour: number): Date {
  const day = new Date(now.getTime() - daysAgo * DAY)
  day.setUTCHours(localHour + AUSTIN_UTC_OFFSET_HOURS, 12, 0, 0)
  return day
}

function padOrder(id: number): string {
  return String(id).padStart(4, '0')
}
