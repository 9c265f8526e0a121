import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Restaurant, RestaurantUpdateInput } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PATCH /api/restaurants/{id}: profile fields and the go-live switch (409 says what is missing). */
export function updateRestaurant({ id, ...changes }: RestaurantUpdateInput & { id: number }) {
  return api.patch<Restaurant>(`/api/restaurants/${id}`, changes)
}

export function useUpdateRestaurant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRestaurant,
    onSuccess: (restaurant) => {
      queryClient.setQueryData(queryKeys.restaurant(restaurant.id), restaurant)
      void queryClient.invalidateQueries({ queryKey: queryKeys.restaurants() })
      void queryClient.invalidateQueries({
        queryKey: ['users'],
        predicate: (q) => q.queryKey[2] === 'restaurants',
      })
    },
  })
}
