import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Kitchen } from '@shared/schemas/kitchen'
import type { MenuItem } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { setOptionAvailability } from '../lib/sold-out'

/**
 * PATCH /api/menu-options/{id} {isAvailable}, for each option given: 86 an option from the line
 * (one dish's, or one shared by name by several dishes), or bring it back.
 */
export function useSetOptionAvailability(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, isAvailable }: { ids: number[]; isAvailable: boolean }) =>
      Promise.all(ids.map((id) => api.patch<MenuItem>(`/api/menu-options/${id}`, { isAvailable }))),
    onSuccess: (_items, { ids, isAvailable }) => {
      queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
        k ? ids.reduce((next, id) => setOptionAvailability(next, id, isAvailable), k) : k,
      )
    },
  })
}
