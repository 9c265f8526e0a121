import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen, PauseState } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/restaurants/{id}/pause: no new orders for `minutes` (10 to 240), or take them again (null). */
export function useSetPause(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (minutes: number | null) =>
      api.put<PauseState>(`/api/restaurants/${restaurantId}/pause`, { minutes }),
    onSuccess: ({ pausedUntil }) => {
      queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
        k ? { ...k, pausedUntil } : k,
      )
    },
  })
}
