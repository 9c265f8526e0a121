import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { MenuItemCreateInput } from '@shared/schemas/menu'
import type { MenuItem } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/restaurants/{id}/menu: a new dish, last in its category. */
export function createMenuItem({ restaurantId, ...item }: MenuItemCreateInput & { restaurantId: number }) {
  return api.post<MenuItem>(`/api/restaurants/${restaurantId}/menu`, item)
}

export function useCreateMenuItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMenuItem,
    onSuccess: (item) => queryClient.invalidateQueries({ queryKey: queryKeys.menu(item.restaurantId) }),
  })
}
