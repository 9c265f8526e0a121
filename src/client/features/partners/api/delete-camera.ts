import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/cameras/{id}. */
export function deleteCamera({ id }: { id: number; restaurantId: number }) {
  return api.delete<void>(`/api/cameras/${id}`)
}

export function useDeleteCamera() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCamera,
    onSuccess: (_done, { restaurantId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.cameras(restaurantId) }),
  })
}
