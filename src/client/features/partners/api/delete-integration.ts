import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** DELETE /api/delivery-integrations/{id}. */
export function deleteIntegration(id: number) {
  return api.delete<unknown>(`/api/delivery-integrations/${id}`)
}

export function useDeleteIntegration(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations(restaurantId) }),
  })
}
