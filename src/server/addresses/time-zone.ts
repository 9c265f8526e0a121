import zipcodes from 'zipcodes'
import type { GeoPoint } from './geocoding'

/** The zone most of each US state keeps (an owner in a state's other zone changes it in the profile). */
const STATE_ZONES: Record<string, string> = {
  AK: 'America/Anchorage',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DC: 'America/New_York',
  DE: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  IA: 'America/Chicago',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  MA: 'America/New_York',
  MD: 'America/New_York',
  ME: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  MT: 'America/Denver',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  NE: 'America/Chicago',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NV: 'America/Los_Angeles',
  NY: 'America/New_York',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VA: 'America/New_York',
  VT: 'America/New_York',
  WA: 'America/Los_Angeles',
  WI: 'America/Chicago',
  WV: 'America/New_York',
  WY: 'America/Denver',
}

/** Farther than this from every US ZIP code's centre, a place is not in the US. */
const NEAREST_ZIP_MILES = 60

/**
 * The time zone a restaurant at `point` most likely keeps: its US state's, from the nearest ZIP
 * code's centre; UTC when it is not placed or not in the US.
 */
export function timeZoneAt(point: GeoPoint | { latitude: null; longitude: null }): string {
  if (point.latitude === null || point.longitude === null) return 'UTC'
  const nearest = zipcodes.lookupByCoords(point.latitude, point.longitude)
  if (!nearest) return 'UTC'
  const dLat = ((nearest.latitude - point.latitude) * Math.PI) / 180
  const dLon = ((nearest.longitude - point.longitude) * Math.PI) / 180
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((point.latitude * Math.PI) / 180) *
      Math.cos((nearest.latitude * Math.PI) / 180) *
      Math.sin(dLon / 2) ** 2
  // Miles from the point to that centre (haversine).
  const away = 3959 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a))
  if (away > NEAREST_ZIP_MILES) return 'UTC'
  return STATE_ZONES[nearest.state] ?? 'UTC'
}
