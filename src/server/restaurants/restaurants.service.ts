import type { FastifyInstance } from 'fastify'
import { toDollars } from '../../shared/money'
import type { Camera, MenuItem, Restaurant, RestaurantUpdate } from '../../shared/schemas/restaurants'
import type { Tx } from '../db/client'
import type { CachedBody } from '../infra/cached-response'
import { playbackUrl } from '../infra/source-policy'
import {
  menuItemNotFound,
  notReadyToGoLive,
  notRestaurantOwner,
  restaurantNotFound,
} from './restaurants.errors'
import {
  type CameraRow,
  createRestaurantRepository,
  type MenuItemRow,
  type RestaurantRow,
} from './restaurants.repository'

export type { CachedBody } from '../infra/cached-response'

/** Everything under this prefix is dropped from the read cache when a restaurant, menu or camera changes. */
export const RESTAURANTS_CACHE_PREFIX = 'restaurants'
export const cacheKeys = {
  list: `${RESTAURANTS_CACHE_PREFIX}:list`,
  restaurant: (id: number) => `${RESTAURANTS_CACHE_PREFIX}:${id}`,
  menu: (id: number) => `${RESTAURANTS_CACHE_PREFIX}:${id}:menu`,
  cameras: (id: number) => `${RESTAURANTS_CACHE_PREFIX}:${id}:cameras`,
}

export function toRestaurant(row: RestaurantRow, distance: number | null = null): Restaurant {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cuisine: row.cuisine,
    address: row.address,
    priceRange: row.priceRange,
    rating: row.rating,
    reviewCount: row.reviewCount,
    avatar: row.avatar,
    images: row.images,
    features: row.features,
    isLive: row.isLive,
    distance,
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

export function toMenuItem(row: MenuItemRow): MenuItem {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    name: row.name,
    description: row.description,
    price: toDollars(row.priceCents),
    category: row.category,
    image: row.image,
    isAvailable: row.isAvailable,
    ingredients: row.ingredients,
    allergens: row.allergens,
  }
}

export function toCamera(row: CameraRow): Camera {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    name: row.name,
    position: row.position,
    streamUrl: row.streamUrl,
    isActive: row.isActive,
  }
}

/** A camera as diners see it: a restreamed camera's source address (and its credentials) stays here. */
export function toPublicCamera(row: CameraRow): Camera {
  return { ...toCamera(row), streamUrl: playbackUrl(row) }
}

const EARTH_RADIUS_KM = 6371.0088
const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/**
 * Restaurants with their distance from a point, nearest first. With a radius, only those within
 * it (restaurants without coordinates cannot be within any radius); without one, restaurants
 * without coordinates follow the others with a null distance.
 */
export function searchByLocation(
  list: readonly Restaurant[],
  at: { latitude: number; longitude: number; radius?: number | undefined },
): Restaurant[] {
  const located: { restaurant: Restaurant; km: number }[] = []
  const unlocated: Restaurant[] = []
  for (const r of list) {
    if (r.latitude === null || r.longitude === null) {
      if (at.radius === undefined) unlocated.push({ ...r, distance: null })
      continue
    }
    const km = haversineKm(at, { latitude: r.latitude, longitude: r.longitude })
    if (at.radius !== undefined && km > at.radius) continue
    located.push({ restaurant: { ...r, distance: Math.round(km * 10) / 10 }, km })
  }
  located.sort((a, b) => a.km - b.km || a.restaurant.id - b.restaurant.id)
  return [...located.map((l) => l.restaurant), ...unlocated]
}

/** Parsed once per cached body; callers treat the result as read-only. */
const parsedBodies = new WeakMap<CachedBody, unknown>()
function parsed<T>(entry: CachedBody): T {
  if (!parsedBodies.has(entry)) parsedBodies.set(entry, JSON.parse(entry.body))
  return parsedBodies.get(entry) as T
}

/**
 * Restaurant reads served from the read cache as serialized bodies, and the ownership rule that
 * every write to a restaurant's cameras, integrations and installations obeys.
 */
export function createRestaurantService(app: Pick<FastifyInstance, 'db' | 'cache'>) {
  const repo = createRestaurantRepository(app.db)

  const requireExists = async (id: number) => {
    if (!(await repo.ownerOf(id))) throw restaurantNotFound()
  }

  const listBody = () =>
    app.cache.get(cacheKeys.list, async () => (await repo.list()).map((row) => toRestaurant(row)))
  const restaurantBody = (id: number) =>
    app.cache.get(cacheKeys.restaurant(id), async () => {
      const row = await repo.findById(id)
      if (!row) throw restaurantNotFound()
      return toRestaurant(row)
    })
  const menuBody = (id: number) =>
    app.cache.get(cacheKeys.menu(id), async () => {
      await requireExists(id)
      return (await repo.menu(id)).map(toMenuItem)
    })
  const camerasBody = (id: number) =>
    app.cache.get(cacheKeys.cameras(id), async () => {
      await requireExists(id)
      return (await repo.activeCameras(id)).map(toPublicCamera)
    })

  return {
    repo,
    listBody,
    restaurantBody,
    menuBody,
    camerasBody,
    async list(): Promise<readonly Restaurant[]> {
      return parsed<Restaurant[]>(await listBody())
    },
    async menu(restaurantId: number): Promise<readonly MenuItem[]> {
      return parsed<MenuItem[]>(await menuBody(restaurantId))
    },
    async menuItem(restaurantId: number, menuItemId: number): Promise<MenuItem> {
      const item = (await this.menu(restaurantId)).find((m) => m.id === menuItemId)
      if (!item) throw menuItemNotFound()
      return item
    },
    /** 404 for an unknown restaurant, 403 when `userId` does not own it. */
    async requireOwner(restaurantId: number, userId: number, tx?: Tx): Promise<void> {
      const row = await repo.ownerOf(restaurantId, tx)
      if (!row) throw restaurantNotFound()
      if (row.ownerId !== userId) throw notRestaurantOwner()
    },
    /**
     * The owner's changes to the profile and the go-live switch. Going live needs an active camera
     * and a dish that is not sold out (409 says which is missing); going off the air always works.
     */
    async update(restaurantId: number, userId: number, input: RestaurantUpdate): Promise<Restaurant> {
      await this.requireOwner(restaurantId, userId)
      if (input.isLive === true) {
        const ready = await repo.readiness(restaurantId)
        const missing = [
          ready.activeCameras === 0 ? 'an active camera' : null,
          ready.availableDishes === 0 ? 'a dish that is not sold out' : null,
        ].filter(Boolean)
        if (missing.length > 0) throw notReadyToGoLive(`To go live, add ${missing.join(' and ')}`)
      }
      const row = await repo.update(restaurantId, input)
      if (!row) throw restaurantNotFound()
      await this.invalidate()
      return toRestaurant(row)
    },
    /** Call after every committed write to restaurants, menus or cameras. */
    invalidate(): Promise<void> {
      return app.cache.invalidate(RESTAURANTS_CACHE_PREFIX)
    },
  }
}
export type RestaurantService = ReturnType<typeof createRestaurantService>
