import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeliveryIntegration, IntegrationCreateInput } from '@shared/schemas/partners'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/restaurants/{id}/delivery-integrations: starts as pending. */
export function createIntegration(restaurantId: number, input: IntegrationCreateInput) {
  return api.post<DeliveryIntegration>(`/api/restaurants/${restaurantId}/delivery-integrations`, input)
}

export function useCreateIntegration(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: IntegrationCreateInput) => createIntegration(restaurantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations(restaurantId) }),
  })
}
