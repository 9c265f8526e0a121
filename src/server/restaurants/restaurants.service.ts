import type { FastifyInstance } from 'fastify'
import { toDollars } from '../../shared/money'
import type {
  Camera,
  MenuItem,
  Restaurant,
  RestaurantPage,
  RestaurantUpdate,
} from '../../shared/schemas/restaurants'
import type { Tx } from '../db/client'
import type { CachedBody } from '../infra/cached-response'
import { READ_CACHE_TTL_MS } from '../infra/read-cache'
import { playbackUrl } from '../infra/source-policy'
import { type PageRequest, pageRestaurants } from './restaurant-paging'
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

/** Distinct list pages cached at once (per minute of cache lifetime). */
const MAX_CACHED_PAGES = 256

/** Everything under this prefix is dropped from the read cache when a restaurant, menu or camera changes. */
export const RESTAURANTS_CACHE_PREFIX = 'restaurants'
export const cacheKeys = {
  list: `${RESTAURANTS_CACHE_PREFIX}:list`,
  /** One page of the list without a location: filters, size and cursor, in a fixed order. */
  page: (request: PageRequest) =>
    `${RESTAURANTS_CACHE_PREFIX}:list:${JSON.stringify([
      request.cuisine?.toLowerCase() ?? null,
      request.price ?? null,
      request.live ?? null,
      request.limit,
      request.cursor?.id ?? null,
    ])}`,
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
    deliveryRadiusKm: row.deliveryRadiusKm,
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

export { haversineKm } from './restaurant-paging'

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
  const list = async (): Promise<readonly Restaurant[]> => parsed<Restaurant[]>(await listBody())

  // Pages are cached by their filters, size and cursor; the keys any one minute may add are
  // bounded, so made-up cursors and cuisines cannot fill memory (beyond it, pages are cut from
  // the cached list on each request).
  const pageKeys = new Map<string, number>()
  const admitPage = (key: string): boolean => {
    const now = Date.now()
    if ((pageKeys.get(key) ?? 0) > now) return true
    for (const [k, expiresAt] of pageKeys) if (expiresAt <= now) pageKeys.delete(k)
    if (pageKeys.size >= MAX_CACHED_PAGES) return false
    pageKeys.set(key, now + READ_CACHE_TTL_MS)
    return true
  }
  /** A page without a location: the cached body when it may be cached, else the page itself. */
  const pageBody = async (request: PageRequest): Promise<CachedBody | RestaurantPage> => {
    const key = cacheKeys.page(request)
    const cut = async () => pageRestaurants(await list(), request)
    return admitPage(key) ? app.cache.get(key, cut) : cut()
  }
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
    list,
    pageBody,
    /** A page around a location: distances differ for every point, so it is not cached. */
    async pageNear(request: PageRequest): Promise<RestaurantPage> {
      return pageRestaurants(await list(), request)
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
