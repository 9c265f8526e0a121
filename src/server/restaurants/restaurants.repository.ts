import { and, asc, count, eq } from 'drizzle-orm'
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

    /** What going live needs: active cameras and dishes that are not sold out. */
    async readiness(
      restaurantId: number,
      tx: Tx = db,
    ): Promise<{ activeCameras: number; availableDishes: number }> {
      const [camerasRow] = await tx
        .select({ n: count() })
        .from(cameras)
        .where(and(eq(cameras.restaurantId, restaurantId), eq(cameras.isActive, true)))
      const [dishesRow] = await tx
        .select({ n: count() })
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.isAvailable, true)))
      return { activeCameras: Number(camerasRow?.n ?? 0), availableDishes: Number(dishesRow?.n ?? 0) }
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
          isLive: false,
          rating: null,
          reviewCount: 0,
        })
        .returning()
      return row!
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
