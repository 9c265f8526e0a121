import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/delivery-integrations (owner only). */
export function integrationsQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.integrations(restaurantId),
    queryFn: () => api.get<DeliveryIntegration[]>(`/api/restaurants/${restaurantId}/delivery-integrations`),
  })
}

export const useIntegrations = (restaurantId: number | undefined) =>
  useQuery({ ...integrationsQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })
