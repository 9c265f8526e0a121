import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Insights } from '@shared/schemas/insights'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

interface InsightsRange {
  from: string
  to: string
  tz: string
}

/** GET /api/restaurants/{id}/insights (owner only): a range of local dates beside the one before. */
export function insightsQuery(restaurantId: number, range: InsightsRange) {
  const q = new URLSearchParams({ from: range.from, to: range.to, tz: range.tz })
  return queryOptions({
    queryKey: queryKeys.insights(restaurantId, range),
    queryFn: () => api.get<Insights>(`/api/restaurants/${restaurantId}/insights?${q}`),
    staleTime: 60_000,
  })
}

/** Keeps the range shown until the next one has arrived, so switching does not flash empty. */
export const useInsights = (restaurantId: number, range: InsightsRange) =>
  useQuery({ ...insightsQuery(restaurantId, range), placeholderData: keepPreviousData })
