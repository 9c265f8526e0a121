import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Restaurant, RestaurantCreateInput } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/restaurants: the signed-in user becomes the owner. */
export function createRestaurant(input: RestaurantCreateInput) {
  return api.post<Restaurant>('/api/restaurants', input)
}

export function useCreateRestaurant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.restaurants() })
      // The creator is its owner: refresh every cached "my restaurants" list.
      void queryClient.invalidateQueries({
        queryKey: ['users'],
        predicate: (q) => q.queryKey[2] === 'restaurants',
      })
    },
  })
}
