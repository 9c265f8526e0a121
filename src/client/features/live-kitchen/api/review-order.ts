import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Order } from '@shared/schemas/orders'
import type { ReviewCreateInput, reviewCreatedSchema } from '@shared/schemas/reviews'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'

type ReviewCreated = z.infer<typeof reviewCreatedSchema>

/** POST /api/orders/{id}/review: the order shows the review, the restaurant its new figures. */
export function useReviewOrder(orderId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewCreateInput) => api.post<ReviewCreated>(`/api/orders/${orderId}/review`, input),
    onSuccess: async (review) => {
      queryClient.setQueryData<Order>(queryKeys.order(orderId), (order) =>
        order
          ? {
              ...order,
              review: { rating: review.rating, comment: review.comment, createdAt: review.createdAt },
            }
          : order,
      )
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.restaurant(review.restaurantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews(review.restaurantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.restaurants() }),
      ])
    },
  })
}
