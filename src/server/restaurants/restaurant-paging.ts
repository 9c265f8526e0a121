import {
  encodeRestaurantCursor,
  type Restaurant,
  type RestaurantCursor,
  type RestaurantPage,
} from '../../shared/schemas/restaurants'

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

export interface Location {
  latitude: number
  longitude: number
  radius?: number | undefined
}

/** A restaurant and where it sorts: by `km` (null last) when a location was given, then by id. */
interface Ranked {
  restaurant: Restaurant
  km: number | null
}

/**
 * Restaurants with their distance from a point, nearest first. With a radius, only those within
 * it (restaurants without coordinates cannot be within any radius); without one, restaurants
 * without coordinates follow the others with a null distance.
 */
function rankByDistance(list: readonly Restaurant[], at: Location): Ranked[] {
  const located: Ranked[] = []
  const unlocated: Ranked[] = []
  for (const r of list) {
    if (r.latitude === null || r.longitude === null) {
      if (at.radius === undefined) unlocated.push({ restaurant: { ...r, distance: null }, km: null })
      continue
    }
    const km = haversineKm(at, { latitude: r.latitude, longitude: r.longitude })
    if (at.radius !== undefined && km > at.radius) continue
    located.push({ restaurant: { ...r, distance: Math.round(km * 10) / 10 }, km })
  }
  located.sort((a, b) => (a.km ?? 0) - (b.km ?? 0) || a.restaurant.id - b.restaurant.id)
  return [...located, ...unlocated]
}

/** See `rankByDistance`. */
export function searchByLocation(list: readonly Restaurant[], at: Location): Restaurant[] {
  return rankByDistance(list, at).map((r) => r.restaurant)
}

export interface RestaurantFilters {
  /** Compared without regard to case. */
  cuisine?: string | undefined
  price?: string | undefined
  live?: boolean | undefined
}

export function matchesFilters(r: Restaurant, filters: RestaurantFilters): boolean {
  return (
    (filters.cuisine === undefined || r.cuisine.toLowerCase() === filters.cuisine.toLowerCase()) &&
    (filters.price === undefined || r.priceRange === filters.price) &&
    (filters.live === undefined || r.isLive === filters.live)
  )
}

/** Live restaurants first; among them and among the others, as `rankByDistance` or by id. */
function liveFirst(ranked: Ranked[]): Ranked[] {
  return [...ranked.filter((e) => e.restaurant.isLive), ...ranked.filter((e) => !e.restaurant.isLive)]
}

/** True when `entry` sorts after the cursor: live first, then distance (null = farthest), then id. */
function isAfter(entry: Ranked, cursor: RestaurantCursor): boolean {
  if (entry.restaurant.isLive !== cursor.live) return cursor.live
  if (cursor.km === undefined) return entry.restaurant.id > cursor.id
  const km = entry.km ?? Number.POSITIVE_INFINITY
  const cursorKm = cursor.km ?? Number.POSITIVE_INFINITY
  if (km !== cursorKm) return km > cursorKm
  return entry.restaurant.id > cursor.id
}

export interface PageRequest extends RestaurantFilters {
  location?: Location | undefined
  limit: number
  cursor?: RestaurantCursor | undefined
}

/**
 * One page of the public list (`list` in id order): filtered, live restaurants first (a diner
 * looks for a kitchen to watch), then by id or by distance, and continued after the cursor by its
 * sort key, so restaurants added meanwhile neither repeat nor shift what the next page holds.
 */
export function pageRestaurants(list: readonly Restaurant[], request: PageRequest): RestaurantPage {
  const filtered = list.filter((r) => matchesFilters(r, request))
  const ranked: Ranked[] = liveFirst(
    request.location
      ? rankByDistance(filtered, request.location)
      : filtered.map((restaurant) => ({ restaurant, km: null })),
  )
  const { cursor } = request
  const start = cursor ? ranked.findIndex((entry) => isAfter(entry, cursor)) : 0
  const rest = start === -1 ? [] : ranked.slice(start)
  const page = rest.slice(0, request.limit)
  const last = page.at(-1)
  const more = rest.length > page.length && last !== undefined
  return {
    restaurants: page.map((entry) => entry.restaurant),
    total: ranked.length,
    nextCursor: more
      ? encodeRestaurantCursor(
          request.location
            ? { id: last.restaurant.id, live: last.restaurant.isLive, km: last.km }
            : { id: last.restaurant.id, live: last.restaurant.isLive },
        )
      : null,
  }
}
