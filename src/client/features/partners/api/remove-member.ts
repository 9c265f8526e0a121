import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/restaurants/{id}/staff/{userId}: their console closes at once. */
export function useRemoveMember(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: number) => api.delete<unknown>(`/api/restaurants/${restaurantId}/staff/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) }),
  })
}
