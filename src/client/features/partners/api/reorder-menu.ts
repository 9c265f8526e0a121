import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { MenuOrder } from '@shared/schemas/menu'
import type { MenuItem } from '@shared/schemas/restaurants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/restaurants/{id}/menu/order: the whole menu's order; also renames and moves categories. */
export function reorderMenu({ restaurantId, order }: { restaurantId: number; order: MenuOrder }) {
  return api.put<MenuItem[]>(`/api/restaurants/${restaurantId}/menu/order`, order)
}

/** The new order shows at once; the server's answer (or the old menu, on failure) replaces it. */
export function useReorderMenu() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorderMenu,
    onMutate: async ({ restaurantId, order }) => {
      const key = queryKeys.menu(restaurantId)
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<MenuItem[]>(key)
      if (previous) {
        const byId = new Map(previous.map((item) => [item.id, item]))
        queryClient.setQueryData<MenuItem[]>(
          key,
          order.flatMap((group) =>
            group.itemIds.flatMap((id) => {
              const item = byId.get(id)
              return item ? [{ ...item, category: group.category }] : []
            }),
          ),
        )
      }
      return { previous }
    },
    onSuccess: (menu, { restaurantId }) => queryClient.setQueryData(queryKeys.menu(restaurantId), menu),
    onError: (_error, { restaurantId }, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.menu(restaurantId), context.previous)
    },
  })
}
