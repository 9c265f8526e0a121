/** At most three features on a card. */
export const CARD_FEATURE_LIMIT = 3

export function cardFeatures(features: string[]): string[] {
  return features.slice(0, CARD_FEATURE_LIMIT)
}

/** "301 W 2nd St, Austin, TX 78701" → "301 W 2nd St". */
export function shortAddress(address: string): string {
  return (address.split(',')[0] ?? '').trim()
}

/** "4.8", or "New" for a restaurant nobody has rated yet. */
export function ratingLabel(rating: number | null | undefined): string {
  return rating === null || rating === undefined ? 'New' : rating.toFixed(1)
}

/** "850 m" under a kilometre, else "2.4 km". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`
}
