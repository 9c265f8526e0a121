import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen, KitchenSettings } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/restaurants/{id}/kitchen/settings: age thresholds and the station map. */
export function useUpdateKitchenSettings(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: KitchenSettings) =>
      api.put<Kitchen>(`/api/restaurants/${restaurantId}/kitchen/settings`, settings),
    onSuccess: (kitchen) => queryClient.setQueryData(queryKeys.kitchen(restaurantId), kitchen),
  })
}
