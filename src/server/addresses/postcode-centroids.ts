/**
 * Approximate centres of the ZIP codes of Austin, Texas, where the demo's restaurants are. An
 * address saved without coordinates takes its postcode's centre, so the delivery radius can be
 * checked without a geocoding service. An address elsewhere needs its coordinates (the address
 * form's "Use my location").
 */
const AUSTIN: Record<string, readonly [number, number]> = {
  '78701': [30.2711, -97.7437],
  '78702': [30.2638, -97.7166],
  '78703': [30.2931, -97.7649],
  '78704': [30.2429, -97.7659],
  '78705': [30.294, -97.7385],
  '78712': [30.285, -97.7335],
  '78717': [30.4895, -97.7545],
  '78721': [30.2699, -97.6831],
  '78722': [30.2893, -97.7152],
  '78723': [30.3048, -97.6854],
  '78724': [30.295, -97.615],
  '78725': [30.233, -97.611],
  '78726': [30.43, -97.84],
  '78727': [30.426, -97.719],
  '78728': [30.448, -97.685],
  '78729': [30.453, -97.769],
  '78730': [30.365, -97.839],
  '78731': [30.347, -97.769],
  '78732': [30.378, -97.893],
  '78733': [30.329, -97.87],
  '78734': [30.372, -97.95],
  '78735': [30.25, -97.87],
  '78736': [30.245, -97.91],
  '78737': [30.2, -97.94],
  '78738': [30.33, -97.97],
  '78739': [30.177, -97.878],
  '78741': [30.231, -97.722],
  '78742': [30.242, -97.656],
  '78744': [30.187, -97.739],
  '78745': [30.207, -97.796],
  '78746': [30.296, -97.809],
  '78747': [30.127, -97.743],
  '78748': [30.158, -97.822],
  '78749': [30.216, -97.853],
  '78750': [30.423, -97.798],
  '78751': [30.31, -97.723],
  '78752': [30.332, -97.7],
  '78753': [30.365, -97.678],
  '78754': [30.342, -97.655],
  '78756': [30.322, -97.739],
  '78757': [30.352, -97.733],
  '78758': [30.389, -97.707],
  '78759': [30.404, -97.753],
}

/** The postcode's approximate centre, when it is one we know. */
export function postcodeCentroid(postcode: string): { latitude: number; longitude: number } | undefined {
  const key = postcode.trim().replace(/-\d{4}$/, '')
  const found = AUSTIN[key]
  return found ? { latitude: found[0], longitude: found[1] } : undefined
}
