import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen } from '@shared/schemas/kitchen'
import type { MenuItem } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { setDishAvailability } from '../lib/sold-out'

/** PATCH /api/menu-items/{id} {isAvailable}: 86 a dish from the line, or bring it back. */
export function useSetDishAvailability(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isAvailable }: { id: number; isAvailable: boolean }) =>
      api.patch<MenuItem>(`/api/menu-items/${id}`, { isAvailable }),
    onSuccess: (item) => {
      queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
        k ? setDishAvailability(k, item.id, item.isAvailable) : k,
      )
    },
  })
}
