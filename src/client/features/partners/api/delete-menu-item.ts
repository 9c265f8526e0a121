import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/menu-items/{id}: past orders keep the dish's name and price. */
export function deleteMenuItem({ id }: { id: number; restaurantId: number }) {
  return api.delete<void>(`/api/menu-items/${id}`)
}

export function useDeleteMenuItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMenuItem,
    onSuccess: (_done, { restaurantId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.menu(restaurantId) }),
  })
}
