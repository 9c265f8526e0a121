import { RestaurantCard } from '@client/components/restaurants/restaurant-card'
import type { Restaurant } from '@shared/schemas/restaurants'

/** Restaurants 1, 2 and 3 (the next one instead of the restaurant being viewed). */
export const SUGGESTED_RESTAURANT_IDS = [1, 2, 3, 4]

export function AlsoLike({
  currentId,
  restaurants,
}: {
  currentId: number
  restaurants: Restaurant[] | undefined
}) {
  const picks = SUGGESTED_RESTAURANT_IDS.filter((id) => id !== currentId)
    .slice(0, 3)
    .map((id) => restaurants?.find((r) => r.id === id))
    .filter((r): r is Restaurant => Boolean(r))
  if (picks.length === 0) return null
  return (
    <section aria-labelledby="also-like" className="grid gap-4">
      <h2 id="also-like" className="text-2xl font-bold tracking-tight">
        You Might Also Like
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {picks.map((r) => (
          <RestaurantCard key={r.id} restaurant={r} />
        ))}
      </div>
    </section>
  )
}
