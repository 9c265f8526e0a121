import { RestaurantCard, RestaurantCardSkeleton } from '@client/components/restaurants/restaurant-card'
import type { Restaurant } from '@shared/schemas/restaurants'

/** One restaurant in the spotlight: its live cameras, its menu, and the way to every restaurant. */
export function RestaurantSpotlight({ restaurant }: { restaurant: Restaurant | undefined }) {
  if (!restaurant) return <RestaurantCardSkeleton variant="spotlight" />
  return <RestaurantCard restaurant={restaurant} variant="spotlight" />
}
