import { toDollars } from '../../shared/money'
import type { SearchResult } from '../../shared/schemas/search'
import type { Db } from '../db/client'
import { createSearchRepository, searchWords } from './search.repository'

export const SEARCH_LIMITS = { restaurants: 5, dishes: 8 }

export function createSearchService({ db }: { db: Db }) {
  const repo = createSearchRepository(db)
  return {
    async search(q: string): Promise<SearchResult> {
      // Punctuation alone matches nothing.
      if (searchWords(q).length === 0) return { restaurants: [], dishes: [] }
      const found = await repo.search(q, SEARCH_LIMITS)
      // Typos are for when nothing matches as typed: a restaurant's or a dish's name that does
      // ("Rosa") is not followed by dishes that merely look alike.
      const anyExact = found.restaurants.some((r) => r.exact) || found.dishes.some((d) => d.exact)
      const restaurants = anyExact ? found.restaurants.filter((r) => r.exact) : found.restaurants
      const dishes = anyExact ? found.dishes.filter((d) => d.exact) : found.dishes
      return {
        restaurants: restaurants.map((r) => ({
          id: Number(r.id),
          name: r.name,
          cuisine: r.cuisine,
          address: r.address,
          avatar: r.avatar,
          rating: r.rating === null ? null : Number(r.rating),
          reviewCount: Number(r.review_count),
          isLive: Boolean(r.is_live),
          priceRange: r.price_range,
        })),
        dishes: dishes.map((d) => ({
          menuItem: {
            id: Number(d.id),
            name: d.name,
            description: d.description,
            price: toDollars(Number(d.price_cents)),
            image: d.image,
            ingredients: d.ingredients,
            isAvailable: Boolean(d.is_available),
          },
          restaurant: { id: Number(d.restaurant_id), name: d.restaurant_name, cuisine: d.restaurant_cuisine },
        })),
      }
    },
  }
}
export type SearchService = ReturnType<typeof createSearchService>
