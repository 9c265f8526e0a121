import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { ReviewPage } from '@shared/schemas/reviews'
import { useInfiniteQuery } from '@tanstack/react-query'

export const REVIEWS_PAGE = 5

/** GET /api/restaurants/{id}/reviews, newest first, a page at a time. */
export function useRestaurantReviews(restaurantId: number | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.reviews(restaurantId ?? 0),
    queryFn: ({ pageParam }) =>
      api.get<ReviewPage>(
        `/api/restaurants/${restaurantId}/reviews?limit=${REVIEWS_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: Boolean(restaurantId),
  })
}
