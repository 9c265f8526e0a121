import { z } from 'zod'
import { singleLineText } from './common'
import { menuItemSchema, restaurantSchema } from './restaurants'

export const SEARCH_QUERY_MAX = 80

export const searchQuery = z.object({
  q: singleLineText('Type something to search for')
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
})

const searchRestaurant = restaurantSchema.pick({
  id: true,
  name: true,
  cuisine: true,
  address: true,
  avatar: true,
  rating: true,
  reviewCount: true,
  isLive: true,
  priceRange: true,
})

export const searchResultSchema = z.object({
  restaurants: z.array(searchRestaurant),
  dishes: z.array(
    z.object({
      menuItem: menuItemSchema.pick({
        id: true,
        name: true,
        description: true,
        price: true,
        image: true,
        ingredients: true,
        isAvailable: true,
      }),
      restaurant: searchRestaurant.pick({ id: true, name: true, cuisine: true }),
    }),
  ),
})
export type SearchResult = z.infer<typeof searchResultSchema>
