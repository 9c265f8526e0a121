import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import {
  deliveryPlatformIntegrations,
  integrationActivity,
  menuItems,
  orders,
  platformEvents,
  restaurants,
  users,
} from '../db/schema'

export type IntegrationRow = typeof deliveryPlatformIntegrations.$inferSelect
export type PlatformEventRow = typeof platformEvents.$inferSelect
export type ActivityKind =
  | 'received'
  | 'duplicate'
  | 'accepted'
  | 'denied'
  | 'missed'
  | 'cancelled'
  | 'bad_signature'
  | 'failed'
  | 'menu_synced'
  | 'menu_failed'
  | 'checked'

/**
 * What the inbox keeps of a webhook: the verified body, the order it is about, and the host it
 * came to. `kitchen_cancel` goes the other way: the kitchen cancelled the platform's order, and
 * the platform is told from the same queue, with the same retries.
 */
export interface StoredEvent {
  kind: 'order' | 'cancel' | 'other' | 'kitchen_cancel'
  externalId: string | null
  resourceHref?: string
  body: unknown
  origin: string
}

/** The outbox row of the kitchen's cancel of an order: one per order, however often it is asked. */
export const kitchenCancelEventId = (orderId: number) => `kitchen-cancel:${orderId}`

/** The longest wait between two attempts of an inbox event. */
export const MAX_RETRY_MS = 5 * 60_000

export function createPlatformsRepository(db: Db | Tx) {
  return {
    async integration(id: number): Promise<IntegrationRow | undefined> {
      const [row] = await db
        .select()
        .from(deliveryPlatformIntegrations)
        .where(eq(deliveryPlatformIntegrations.id, id))
      return row
    },

    async restaurant(id: number) {
      const [row] = await db
        .select({ id: restaurants.id, name: restaurants.name, kitchenMode: restaurants.kitchenMode })
        .from(restaurants)
        .where(eq(restaurants.id, id))
      return row
    },

    /**
     * Stores a verified event once, in one statement that also checks the integration still
     * exists with sync on; undefined when it does not, or when this event id was stored before.
     */
    async storeEventIfSynced(values: {
      integrationId: number
      eventId: string
      type: string
      payload: StoredEvent
    }): Promise<{ id: number } | undefined> {
      const result = await db.execute(sql`
        insert into ${platformEvents} (integration_id, event_id, type, kind, external_id, payload)
        select ${values.integrationId}, ${values.eventId}, ${values.type}, ${values.payload.kind},
               ${values.payload.externalId}, ${JSON.stringify(values.payload)}::jsonb
        where exists (select 1 from ${deliveryPlatformIntegrations}
                      where id = ${values.integrationId} and sync_enabled)
        on conflict (integration_id, event_id) do nothing
        returning id`)
      const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
        id: unknown
      }[]
      return rows[0] ? { id: Number(rows[0].id) } : undefined
    },

    /** Stores a verified event once; undefined when this event id was stored before. */
    async storeEvent(values: { integrationId: number; eventId: string; type: string; payload: StoredEvent }) {
      const [row] = await db
        .insert(platformEvents)
        .values({ ...values, kind: values.payload.kind, externalId: values.payload.externalId })
        .onConflictDoNothing({ target: [platformEvents.integrationId, platformEvents.eventId] })
        .returning({ id: platformEvents.id })
      return row
    },

    /** Where telling the platform of the kitchen's cancel of each order stands (the ticket shows it). */
    kitchenCancels(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([])
      return db
        .select({
          eventId: platformEvents.eventId,
          processedAt: platformEvents.processedAt,
          lastError: platformEvents.lastError,
        })
        .from(platformEvents)
        .where(
          and(
            eq(platformEvents.kind, 'kitchen_cancel'),
            inArray(
              platformEvents.eventId,
              orderIds.map((id) => kitchenCancelEventId(id)),
            ),
          ),
        )
    },

    /**
     * Claims up to `limit` due events for one attempt each, in one statement, oldest first:
     * `attempts` counts this one, and the next is due after the backoff (1 s, 2 s, 4 s… up to
     * 5 min) unless this attempt marks the event processed. Rows another instance is claiming
     * are skipped, so no two instances process one event at once.
     */
    async claimDue(now: Date, limit: number): Promise<PlatformEventRow[]> {
      const due = db
        .select({ id: platformEvents.id })
        .from(platformEvents)
        .where(and(isNull(platformEvents.processedAt), lte(platformEvents.nextAttemptAt, now)))
        .orderBy(asc(platformEvents.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(platformEvents)
        .set({
          attempts: sql`${platformEvents.attempts} + 1`,
          nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(${MAX_RETRY_MS}, 1000 * power(2, ${platformEvents.attempts})) * interval '1 millisecond'`,
        })
        .where(inArray(platformEvents.id, due))
        .returning()
      return rows.sort((a, b) => a.id - b.id)
    },

    async markProcessed(id: number, error: string | null = null) {
      await db
        .update(platformEvents)
        .set({ processedAt: new Date(), lastError: error })
        .where(eq(platformEvents.id, id))
    },

    /** Many events processed at once (a batch of orders). */
    async markAllProcessed(ids: number[]) {
      if (ids.length === 0) return
      await db
        .update(platformEvents)
        .set({ processedAt: new Date(), lastError: null })
        .where(inArray(platformEvents.id, ids))
    },

    async markFailed(id: number, error: string) {
      await db
        .update(platformEvents)
        .set({ lastError: error.slice(0, 500) })
        .where(eq(platformEvents.id, id))
    },

    /** The platform orders of a batch that have a cancel in the inbox already, as `integration:externalId`. */
    async cancelsStored(pairs: { integrationId: number; externalId: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set()
      const rows = await db
        .select({ integrationId: platformEvents.integrationId, externalId: platformEvents.externalId })
        .from(platformEvents)
        .where(
          and(
            // Both columns, so the (integration, external id) index answers.
            inArray(platformEvents.integrationId, [...new Set(pairs.map((p) => p.integrationId))]),
            inArray(
              platformEvents.externalId,
              pairs.map((p) => p.externalId),
            ),
            eq(platformEvents.kind, 'cancel'),
          ),
        )
      return new Set(rows.map((r) => `${r.integrationId}:${r.externalId}`))
    },

    /** Orders already made from these platform orders, by `integration:externalId`. */
    async ordersByExternalIds(pairs: { integrationId: number; externalId: string }[]) {
      if (pairs.length === 0) return new Map<string, typeof orders.$inferSelect>()
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.integrationId, [...new Set(pairs.map((p) => p.integrationId))]),
            inArray(
              orders.externalId,
              pairs.map((p) => p.externalId),
            ),
          ),
        )
      return new Map(rows.map((r) => [`${r.integrationId}:${r.externalId}`, r]))
    },

    async integrations(ids: number[]): Promise<IntegrationRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(deliveryPlatformIntegrations)
        .where(inArray(deliveryPlatformIntegrations.id, ids))
    },

    async restaurants(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: restaurants.id, name: restaurants.name, kitchenMode: restaurants.kitchenMode })
        .from(restaurants)
        .where(inArray(restaurants.id, ids))
    },

    /** Several activity lines in one statement. */
    async activities(
      rows: { integrationId: number; kind: ActivityKind; message: string; orderId?: number }[],
    ) {
      if (rows.length === 0) return
      await db
        .insert(integrationActivity)
        .values(rows.map((r) => ({ ...r, message: r.message.slice(0, 300) })))
    },

    /** A cancel for this order already in the inbox (a platform's events can arrive out of order). */
    async cancelStored(integrationId: number, externalId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: platformEvents.id })
        .from(platformEvents)
        .where(
          and(
            eq(platformEvents.integrationId, integrationId),
            eq(platformEvents.externalId, externalId),
            eq(platformEvents.kind, 'cancel'),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async orderByExternalId(integrationId: number, externalId: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.integrationId, integrationId), eq(orders.externalId, externalId)))
      return row
    },

    async activity(integrationId: number, kind: ActivityKind, message: string, orderId?: number) {
      await db
        .insert(integrationActivity)
        .values({ integrationId, kind, message: message.slice(0, 300), orderId })
    },

    recentActivity(integrationId: number, limit = 20) {
      return db
        .select()
        .from(integrationActivity)
        .where(eq(integrationActivity.integrationId, integrationId))
        .orderBy(desc(integrationActivity.id))
        .limit(limit)
    },

    /** Keeps the newest `keep` rows of an integration's activity. */
    async trimActivity(integrationId: number, keep = 200) {
      const [edge] = await db
        .select({ id: integrationActivity.id })
        .from(integrationActivity)
        .where(eq(integrationActivity.integrationId, integrationId))
        .orderBy(desc(integrationActivity.id))
        .offset(keep)
        .limit(1)
      if (edge)
        await db
          .delete(integrationActivity)
          .where(
            and(
              eq(integrationActivity.integrationId, integrationId),
              lt(integrationActivity.id, edge.id + 1),
            ),
          )
    },

    async setIntegrationState(
      id: number,
      values: Partial<
        Pick<IntegrationRow, 'status' | 'lastError' | 'lastSyncedAt' | 'lastCheckedAt' | 'publishedMenuHash'>
      >,
    ) {
      await db
        .update(deliveryPlatformIntegrations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deliveryPlatformIntegrations.id, id))
    },

    /** The account that stands for a platform's customers, created the first time it is needed. */
    async platformGuest(platform: string): Promise<number> {
      const [found] = await db.select({ id: users.id }).from(users).where(eq(users.platformGuest, platform))
      if (found) return found.id
      const suffix = Math.random().toString(36).slice(2, 10)
      const [created] = await db
        .insert(users)
        .values({
          username: `platform-${platform}-${suffix}`,
          // Not a hash of anything: no password signs in to this account.
          passwordHash: '!platform-guest',
          email: `${platform}-${suffix}@platform-guests.invalid`,
          fullName: `${platform} customer`,
          platformGuest: platform,
        })
        .onConflictDoNothing({ target: users.platformGuest })
        .returning({ id: users.id })
      if (created) return created.id
      const [raced] = await db.select({ id: users.id }).from(users).where(eq(users.platformGuest, platform))
      return raced!.id
    },

    /** The menu as platforms receive it, and a fingerprint of it. */
    async menu(restaurantId: number) {
      return db
        .select({
          id: menuItems.id,
          name: menuItems.name,
          description: menuItems.description,
          priceCents: menuItems.priceCents,
          category: menuItems.category,
          isAvailable: menuItems.isAvailable,
          allergens: menuItems.allergens,
        })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurantId))
        .orderBy(
          asc(menuItems.categoryPosition),
          asc(menuItems.category),
          asc(menuItems.position),
          asc(menuItems.id),
        )
    },

    /** Synced integrations whose restaurant's menu differs from what was last published to them. */
    async menusToPublish(): Promise<{ id: number; restaurantId: number; hash: string }[]> {
      const result = await db.execute(sql`
        with fingerprints as (
          select restaurant_id,
                 md5(string_agg(concat_ws('|', id, name, description, price_cents, category, is_available,
                                          array_to_string(allergens, ','), category_position, position),
                                ';' order by id)) as hash
          from ${menuItems}
          where restaurant_id in (select restaurant_id from ${deliveryPlatformIntegrations} where sync_enabled)
          group by restaurant_id
        )
        select i.id, i.restaurant_id, coalesce(f.hash, 'empty') as hash
        from ${deliveryPlatformIntegrations} i
        left join fingerprints f on f.restaurant_id = i.restaurant_id
        where i.sync_enabled and i.published_menu_hash is distinct from coalesce(f.hash, 'empty')
        order by i.id
        limit 50`)
      const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
        id: number
        restaurant_id: number
        hash: string
      }[]
      return rows.map((r) => ({ id: Number(r.id), restaurantId: Number(r.restaurant_id), hash: r.hash }))
    },

    /** Received platform orders whose acceptance deadline has passed. */
    overdueOrders(now: Date) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'received'), lte(orders.acceptBy, now)))
        .orderBy(asc(orders.acceptBy))
        .limit(50)
    },
  }
}
export type PlatformsRepository = ReturnType<typeof createPlatformsRepository>
