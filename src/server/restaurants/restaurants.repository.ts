import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { cameras, menuItems, restaurants } from '../db/schema'

export type RestaurantRow = typeof restaurants.$inferSelect
export type MenuItemRow = typeof menuItems.$inferSelect

/** Dishes in the owner's order: categories by their place, then dishes by theirs. */
export const menuOrder = [
  asc(menuItems.categoryPosition),
  asc(menuItems.category),
  asc(menuItems.position),
  asc(menuItems.id),
]
export type CameraRow = typeof cameras.$inferSelect

export interface NewRestaurant {
  ownerId: number
  name: string
  description: string
  cuisine: string
  address: string
  priceRange: string
  avatar?: string | undefined
  images: string[]
  features: string[]
  latitude?: number | null | undefined
  longitude?: number | null | undefined
  /** The IANA zone of its days; UTC when left out. */
  timeZone?: string | undefined
}

export interface NewCamera {
  restaurantId: number
  name: string
  position: string
  streamUrl: string
}

export function createRestaurantRepository(db: Tx) {
  return {
    async list(tx: Tx = db): Promise<RestaurantRow[]> {
      return tx.select().from(restaurants).orderBy(asc(restaurants.id))
    },

    async findById(id: number, tx: Tx = db): Promise<RestaurantRow | undefined> {
      const [row] = await tx.select().from(restaurants).where(eq(restaurants.id, id))
      return row
    },

    async ownerOf(id: number, tx: Tx = db): Promise<{ ownerId: number | null } | undefined> {
      const [row] = await tx
        .select({ ownerId: restaurants.ownerId })
        .from(restaurants)
        .where(eq(restaurants.id, id))
      return row
    },

    async ownedBy(userId: number, tx: Tx = db): Promise<{ id: number; name: string }[]> {
      return tx
        .select({ id: restaurants.id, name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.ownerId, userId))
        .orderBy(asc(restaurants.id))
    },

    async menu(restaurantId: number, tx: Tx = db): Promise<MenuItemRow[]> {
      return tx
        .select()
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurantId))
        .orderBy(...menuOrder)
    },

    async activeCameras(restaurantId: number, tx: Tx = db): Promise<CameraRow[]> {
      return tx
        .select()
        .from(cameras)
        .where(and(eq(cameras.restaurantId, restaurantId), eq(cameras.isActive, true)))
        .orderBy(asc(cameras.id))
    },

    async allCameras(restaurantId: number, tx: Tx = db): Promise<CameraRow[]> {
      return tx.select().from(cameras).where(eq(cameras.restaurantId, restaurantId)).orderBy(asc(cameras.id))
    },

    /** Whether the database can work in this time zone: its list can lag the browser's. */
    async knowsTimeZone(name: string, tx: Tx = db): Promise<boolean> {
      const result = await tx.execute<{ known: boolean }>(
        sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
      )
      return result.rows[0]?.known === true
    },

    /** What going live needs: active cameras and dishes that are not sold out. */
    async readiness(
      restaurantId: number,
      tx: Tx = db,
    ): Promise<{ activeCameras: number; verifiedCameras: number; availableDishes: number }> {
      const [camerasRow] = await tx
        .select({
          n: count(),
          // A demo camera's picture is made here; another camera's by a check that found one.
          verified: count(
            sql`case when ${cameras.isDemo} or ${cameras.streamVerifiedAt} is not null then 1 end`,
          ),
        })
        .from(cameras)
        .where(and(eq(cameras.restaurantId, restaurantId), eq(cameras.isActive, true)))
      const [dishesRow] = await tx
        .select({ n: count() })
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.isAvailable, true)))
      return {
        activeCameras: Number(camerasRow?.n ?? 0),
        verifiedCameras: Number(camerasRow?.verified ?? 0),
        availableDishes: Number(dishesRow?.n ?? 0),
      }
    },

    async update(
      id: number,
      patch: Partial<Omit<RestaurantRow, 'id' | 'ownerId' | 'createdAt'>>,
      tx: Tx = db,
    ) {
      const [row] = await tx
        .update(restaurants)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(restaurants.id, id))
        .returning()
      return row
    },

    async create(input: NewRestaurant, tx: Tx = db): Promise<RestaurantRow> {
      const [row] = await tx
        .insert(restaurants)
        .values({
          ownerId: input.ownerId,
          name: input.name,
          description: input.description,
          cuisine: input.cuisine,
          address: input.address,
          priceRange: input.priceRange,
          avatar: input.avatar ?? null,
          images: input.images,
          features: input.features,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          timeZone: input.timeZone ?? 'UTC',
          isLive: false,
          rating: null,
          reviewCount: 0,
        })
        .returning()
      return row!
    },

    /** How many restaurants `ownerId` created after `since`. */
    async countCreatedSince(ownerId: number, since: Date, tx: Tx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(restaurants)
        .where(and(eq(restaurants.ownerId, ownerId), gt(restaurants.createdAt, since)))
      return row?.n ?? 0
    },

    async createCamera(input: NewCamera, tx: Tx = db): Promise<CameraRow> {
      const [row] = await tx
        .insert(cameras)
        .values({ ...input, isActive: true, isDemo: false })
        .returning()
      return row!
    },
  }
}
export type RestaurantRepository = ReturnType<typeof createRestaurantRepository>
