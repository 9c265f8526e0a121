import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen, KitchenMode } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/restaurants/{id}/kitchen/mode. */
export function useSetKitchenMode(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mode: KitchenMode) =>
      api.put<{ restaurantId: number; mode: KitchenMode }>(`/api/restaurants/${restaurantId}/kitchen/mode`, {
        mode,
      }),
    onSuccess: ({ mode }) => {
      queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) => (k ? { ...k, mode } : k))
    },
  })
}
