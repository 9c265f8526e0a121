import NodeGeocoder from 'node-geocoder'
import zipcodes from 'zipcodes'
import type { Logger } from '../infra/logger'

export interface GeoPoint {
  latitude: number
  longitude: number
}

/** An address to place: the whole of it on one line, and its postcode when it has its own field. */
export interface AddressQuery {
  text: string
  postcode?: string | undefined
}

/** Places an address on the map; null when it cannot. Never throws for an address it cannot place. */
export interface Geocoder {
  locate(query: AddressQuery): Promise<GeoPoint | null>
}

/** Seconds a geocoding service has to answer before the postcode's centre is used instead. */
export const GEOCODER_TIMEOUT_MS = 5000

const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/g

/** The address's US ZIP code: its postcode field, else the last ZIP code written in the text. */
export function zipCodeOf(query: AddressQuery): string | undefined {
  const fromField = query.postcode?.trim().match(/^(\d{5})(?:-\d{4})?$/)?.[1]
  if (fromField) return fromField
  return [...query.text.matchAll(US_ZIP)].at(-1)?.[1]
}

/**
 * Offline: the centre of the address's ZIP code, from the `zipcodes` dataset (every US ZIP code).
 * Close enough for a delivery radius; addresses outside the US are not placed.
 */
export function createZipCodeGeocoder(): Geocoder {
  return {
    async locate(query) {
      const zip = zipCodeOf(query)
      const found = zip ? zipcodes.lookup(zip) : undefined
      return found ? { latitude: found.latitude, longitude: found.longitude } : null
    },
  }
}

/**
 * A Nominatim-compatible service (OpenStreetMap's, or one's own) at `url`, through node-geocoder.
 * Whatever it cannot place, or when it fails or is slow, `fallback` places.
 */
export function createNominatimGeocoder(options: {
  url: string
  fallback: Geocoder
  timeoutMs?: number
  userAgent?: string
  log?: Pick<Logger, 'warn'>
}): Geocoder {
  const { url, fallback, log } = options
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS
  const userAgent = options.userAgent ?? 'Clearplate (restaurant and delivery addresses)'
  const fetchWithTimeout = (input: unknown, init?: { headers?: Record<string, string> }) =>
    fetch(String(input), {
      headers: { ...init?.headers, 'user-agent': userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  return {
    async locate(query) {
      try {
        // node-geocoder keeps the OpenStreetMap endpoint on its prototype, so each instance made
        // elsewhere with another server would move this one: one instance per look-up.
        const geocoder = NodeGeocoder({
          provider: 'openstreetmap',
          osmServer: url.replace(/\/+$/, ''),
          fetch: fetchWithTimeout as never,
        })
        const [first] = await geocoder.geocode({ q: query.text, limit: 1 } as never)
        const { latitude, longitude } = first ?? {}
        if (
          typeof latitude === 'number' &&
          typeof longitude === 'number' &&
          Number.isFinite(latitude) &&
          Number.isFinite(longitude)
        )
          return { latitude, longitude }
      } catch (err) {
        log?.warn({ err }, 'the geocoding service did not answer; placing the address by its postcode')
      }
      return fallback.locate(query)
    },
  }
}

/** The geocoder the configuration asks for: a service at GEOCODER_URL, else the ZIP code dataset. */
export function createGeocoder(
  config: { url: string | undefined; timeoutMs?: number },
  log?: Pick<Logger, 'warn'>,
): Geocoder {
  const offline = createZipCodeGeocoder()
  if (!config.url) return offline
  return createNominatimGeocoder({
    url: config.url,
    fallback: offline,
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
    ...(log ? { log } : {}),
  })
}
