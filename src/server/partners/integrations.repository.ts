import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { deliveryPlatformIntegrations, restaurants } from '../db/schema'

export type IntegrationRow = typeof deliveryPlatformIntegrations.$inferSelect
type StoredFields = Partial<
  Pick<
    IntegrationRow,
    | 'status'
    | 'apiKey'
    | 'clientId'
    | 'clientSecret'
    | 'merchantId'
    | 'storeId'
    | 'webhookUrl'
    | 'syncEnabled'
    | 'streamEnabled'
    | 'autoAccept'
    | 'publishedMenuHash'
  >
>

export function createIntegrationRepository(db: Tx) {
  return {
    async listForRestaurant(restaurantId: number, tx: Tx = db): Promise<IntegrationRow[]> {
      return tx
        .select()
        .from(deliveryPlatformIntegrations)
        .where(eq(deliveryPlatformIntegrations.restaurantId, restaurantId))
        .orderBy(asc(deliveryPlatformIntegrations.id))
    },

    async find(id: number, tx: Tx = db): Promise<IntegrationRow | undefined> {
      const [row] = await tx
        .select()
        .from(deliveryPlatformIntegrations)
        .where(eq(deliveryPlatformIntegrations.id, id))
      return row
    },

    async restaurantOwner(restaurantId: number, tx: Tx = db): Promise<number | null> {
      const [row] = await tx
        .select({ ownerId: restaurants.ownerId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row?.ownerId ?? null
    },

    async create(
      values: StoredFields & { restaurantId: number; platform: string },
      tx: Tx = db,
    ): Promise<IntegrationRow> {
      const [row] = await tx.insert(deliveryPlatformIntegrations).values(values).returning()
      return row!
    },

    async update(id: number, values: StoredFields, tx: Tx = db): Promise<IntegrationRow | undefined> {
      const [row] = await tx
        .update(deliveryPlatformIntegrations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(deliveryPlatformIntegrations.id, id))
        .returning()
      return row
    },

    async delete(id: number, tx: Tx = db): Promise<boolean> {
      const rows = await tx
        .delete(deliveryPlatformIntegrations)
        .where(eq(deliveryPlatformIntegrations.id, id))
        .returning({ id: deliveryPlatformIntegrations.id })
      return rows.length > 0
    },
  }
}
