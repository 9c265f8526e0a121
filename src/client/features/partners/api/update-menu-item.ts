import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { MenuItemUpdateInput } from '@shared/schemas/menu'
import type { MenuItem } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

interface MenuItemChange extends MenuItemUpdateInput {
  id: number
  restaurantId: number
}

/** PATCH /api/menu-items/{id}: any field of a dish, including "Sold out" (isAvailable false). */
export function updateMenuItem({ id, restaurantId: _restaurantId, ...changes }: MenuItemChange) {
  return api.patch<MenuItem>(`/api/menu-items/${id}`, changes)
}

/**
 * Applied to the menu at once (the sold-out toggle is one tap); the server's answer or, on
 * failure, the previous menu replaces it.
 */
export function useUpdateMenuItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMenuItem,
    onMutate: async (change) => {
      const key = queryKeys.menu(change.restaurantId)
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<MenuItem[]>(key)
      if (previous && change.isAvailable !== undefined && Object.keys(change).length === 3)
        queryClient.setQueryData<MenuItem[]>(
          key,
          previous.map((item) =>
            item.id === change.id ? { ...item, isAvailable: change.isAvailable! } : item,
          ),
        )
      return { previous }
    },
    onError: (_error, change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.menu(change.restaurantId), context.previous)
    },
    onSettled: (_item, _error, change) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.menu(change.restaurantId) }),
  })
}
