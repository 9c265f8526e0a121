import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeliveryIntegration, IntegrationUpdateInput } from '@shared/schemas/partners'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/delivery-integrations/{id} with the changed fields, e.g. {syncEnabled}. */
export function updateIntegration(id: number, input: IntegrationUpdateInput) {
  return api.put<DeliveryIntegration>(`/api/delivery-integrations/${id}`, input)
}

export function useUpdateIntegration(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: IntegrationUpdateInput }) =>
      updateIntegration(id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData<DeliveryIntegration[]>(queryKeys.integrations(restaurantId), (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      )
    },
  })
}
