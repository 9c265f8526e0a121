import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { queryOptions, useQuery } from '@tanstack/react-query'

const PENDING_REFRESH_MS = 3000

/** GET /api/restaurants/{id}/delivery-integrations (owner only). */
export function integrationsQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.integrations(restaurantId),
    queryFn: () => api.get<DeliveryIntegration[]>(`/api/restaurants/${restaurantId}/delivery-integrations`),
    // A new integration is pending until the platform takes its menu (within seconds) or sends a
    // signed order: read again meanwhile, so "Pending" turns into "Connected" or "Error" on screen.
    refetchInterval: (query) =>
      query.state.data?.some((integration) => integration.status === 'pending') ? PENDING_REFRESH_MS : false,
  })
}

export const useIntegrations = (restaurantId: number | undefined) =>
  useQuery({ ...integrationsQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })
