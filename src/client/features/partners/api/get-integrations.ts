import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { queryOptions, useQuery } from '@tanstack/react-query'

const PENDING_REFRESH_MS = 3000
/** A platform takes a new menu within seconds: pending longer than this, it is waiting for an order. */
const PENDING_QUICKLY_MS = 2 * 60_000
const STILL_PENDING_REFRESH_MS = 30_000

/**
 * How soon to read the integrations again: every 3 s while one has been pending for less than two
 * minutes (it turns Connected or Error on screen within seconds of the platform's answer), every
 * 30 s while one stays pending longer (sync off, the platform silent), not at all otherwise.
 */
export function integrationsRefreshMs(
  list: DeliveryIntegration[] | undefined,
  now = Date.now(),
): number | false {
  const pendingSince = (list ?? [])
    .filter((integration) => integration.status === 'pending')
    .map((integration) => Date.parse(integration.updatedAt))
  if (pendingSince.length === 0) return false
  return now - Math.max(...pendingSince) < PENDING_QUICKLY_MS ? PENDING_REFRESH_MS : STILL_PENDING_REFRESH_MS
}

/** GET /api/restaurants/{id}/delivery-integrations (owner only). */
export function integrationsQuery(restaurantId: number) {
  return queryOptions({
    queryKey: queryKeys.integrations(restaurantId),
    queryFn: () => api.get<DeliveryIntegration[]>(`/api/restaurants/${restaurantId}/delivery-integrations`),
    refetchInterval: (query) => integrationsRefreshMs(query.state.data),
  })
}

export const useIntegrations = (restaurantId: number | undefined) =>
  useQuery({ ...integrationsQuery(restaurantId ?? 0), enabled: Boolean(restaurantId) })
