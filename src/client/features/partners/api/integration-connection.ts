import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { ConnectionCheck, IntegrationActivity } from '@shared/schemas/partners'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

const eventsKey = (integrationId: number) => ['delivery-integrations', integrationId, 'events'] as const

/** GET /api/delivery-integrations/{id}/events: the last 20 events, newest first (refreshed every 15 s). */
export function integrationEventsQuery(integrationId: number) {
  return queryOptions({
    queryKey: eventsKey(integrationId),
    queryFn: () => api.get<IntegrationActivity[]>(`/api/delivery-integrations/${integrationId}/events`),
    refetchInterval: 15_000,
  })
}

export function useIntegrationEvents(integrationId: number, enabled: boolean) {
  return useQuery({ ...integrationEventsQuery(integrationId), enabled })
}

/**
 * POST /api/delivery-integrations/{id}/check or /sync: asks the platform, then refreshes the
 * integration (its status and last error) and its events.
 */
export function useIntegrationAction(restaurantId: number, integrationId: number, action: 'check' | 'sync') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<ConnectionCheck>(`/api/delivery-integrations/${integrationId}/${action}`, {}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations(restaurantId) })
      await queryClient.invalidateQueries({ queryKey: eventsKey(integrationId) })
    },
  })
}
