import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { toDollars } from '../../shared/money'
import type { OptionGroup } from '../../shared/schemas/menu-options'
import type {
  Camera,
  cameraCreateSchema,
  MenuItem,
  Restaurant,
  RestaurantPage,
  RestaurantUpdate,
  restaurantCreateSchema,
} from '../../shared/schemas/restaurants'
import type { Geocoder, GeoPoint } from '../addresses/geocoding'
import { timeZoneAt } from '../addresses/time-zone'
import type { Tx } from '../db/client'
import type { CachedBody } from '../infra/cached-response'
import { tooManyRequests } from '../infra/errors'
import { assertReadableSource } from '../infra/ffmpeg'
import { READ_CACHE_TTL_MS } from '../infra/read-cache'
import { assertSavableSource, playbackUrl } from '../infra/source-policy'
import { readOptionGroups } from './option-groups.repository'
import { type PageRequest, pageRestaurants } from './restaurant-paging'
import {
  menuItemNotFound,
  notReadyToGoLive,
  notRestaurantOwner,
  restaurantNotFound,
  unknownTimeZone,
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
    isDemo: row.isDemo,
    distance,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryRadiusKm: row.deliveryRadiusKm,
    timeZone: row.timeZone,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
  }
}

export function toMenuItem(row: MenuItemRow, optionGroups: OptionGroup[] = []): MenuItem {
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
    optionGroups,
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

/** "a", "a and b", "a, b and c". */
function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
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
export function createRestaurantService(
  app: Pick<FastifyInstance, 'db' | 'cache' | 'config' | 'restaurantAccess'>,
  geocoder: Geocoder,
) {
  const repo = createRestaurantRepository(app.db)

  /**
   * Where a restaurant is: the coordinates the owner gave, else its address as the geocoder
   * places it (null when it cannot); and the time zone it most likely keeps there.
   */
  const place = async (
    address: string,
    given: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  ): Promise<(GeoPoint | { latitude: null; longitude: null }) & { timeZone: string }> => {
    const point: GeoPoint | { latitude: null; longitude: null } =
      typeof given.latitude === 'number' && typeof given.longitude === 'number'
        ? { latitude: given.latitude, longitude: given.longitude }
        : ((await geocoder.locate({ text: address })) ?? { latitude: null, longitude: null })
    return { ...point, timeZone: timeZoneAt(point) }
  }

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
      const rows = await repo.menu(id)
      const groups = await readOptionGroups(
        app.db,
        rows.map((r) => r.id),
      )
      return rows.map((row) => toMenuItem(row, groups.get(row.id)))
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
    place,
    /**
     * Registers a restaurant for `ownerId`, off the air; a limit per user and day keeps one
     * account from filling the public list (429).
     */
    async create(ownerId: number, input: z.output<typeof restaurantCreateSchema>): Promise<Restaurant> {
      const perDay = app.config.limits.restaurantsPerDay
      if ((await repo.countCreatedSince(ownerId, new Date(Date.now() - 24 * 3600_000))) >= perDay)
        throw tooManyRequests(
          `You can create at most ${perDay} restaurants a day. Please try again tomorrow.`,
        )
      const row = await repo.create({
        ownerId,
        name: input.name,
        description: input.description,
        cuisine: input.cuisine,
        address: input.address,
        priceRange: input.priceRange,
        avatar: input.avatar,
        images: input.images,
        features: input.features,
        ...(await place(input.address, input)),
      })
      await this.invalidate()
      return toRestaurant(row)
    },
    /** Every camera of the restaurant, inactive ones too (for its owner). */
    /** Every camera, for its owner: with whether diners get a picture from it, as going live needs. */
    async allCameras(restaurantId: number): Promise<Camera[]> {
      return (await repo.allCameras(restaurantId)).map((row) => ({
        ...toCamera(row),
        pictureChecked: row.isDemo || row.streamVerifiedAt !== null,
      }))
    },
    /** A new camera, once its source is one this server may save and read (400 otherwise). */
    async createCamera(input: z.output<typeof cameraCreateSchema>): Promise<Camera> {
      assertSavableSource(input.streamUrl, app.config.outbound.allowPrivateHosts)
      await assertReadableSource(input.streamUrl, app.config.cameras)
      const row = await repo.createCamera(input)
      await this.invalidate()
      return toCamera(row)
    },
    /** The restaurants `userId` owns. */
    ownedBy(userId: number) {
      return repo.ownedBy(userId)
    },
    /**
     * The owner's changes to the profile and the go-live switch. A new address, or coordinates
     * sent empty, are placed by the geocoder unless coordinates come with them. Going live needs
     * a location, an active camera whose last "Check stream" found a picture (diners would
     * otherwise watch a black player) and a dish that is not sold out (409 says which are
     * missing); going off the air always works.
     */
    async update(restaurantId: number, userId: number, input: RestaurantUpdate): Promise<Restaurant> {
      await app.restaurantAccess(restaurantId, userId, 'manage_restaurant')
      const current = await repo.findById(restaurantId)
      if (!current) throw restaurantNotFound()
      // The insights' days are cut in this zone by the database, which must know it.
      if (input.timeZone !== undefined && !(await repo.knowsTimeZone(input.timeZone)))
        throw unknownTimeZone(undefined, { timeZone: 'Must be a time zone such as America/Chicago' })
      const moved = input.address !== undefined && input.address !== current.address
      const cleared = input.latitude === null || input.longitude === null
      // A move places the restaurant again, its time zone too unless the owner sent one.
      const placed = moved || cleared ? await place(input.address ?? current.address, input) : undefined
      const patch: RestaurantUpdate = placed
        ? { ...input, ...placed, timeZone: input.timeZone ?? placed.timeZone }
        : input
      if (input.isLive === true) {
        const ready = await repo.readiness(restaurantId)
        const latitude = patch.latitude === undefined ? current.latitude : patch.latitude
        const longitude = patch.longitude === undefined ? current.longitude : patch.longitude
        const missing = [
          latitude === null || longitude === null ? 'a location on the map (an address we can place)' : null,
          ready.activeCameras === 0
            ? 'an active camera'
            : ready.verifiedCameras === 0
              ? 'a camera whose “Check stream” found a picture'
              : null,
          ready.availableDishes === 0 ? 'a dish that is not sold out' : null,
        ].filter((m): m is string => m !== null)
        if (missing.length > 0) throw notReadyToGoLive(`To go live, add ${listInWords(missing)}`)
      }
      const row = await repo.update(restaurantId, patch)
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
