import type { Showcase } from '@shared/schemas/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/showcase: the public Featured Kitchen order anyone may watch. */
export const showcaseQuery = queryOptions({
  queryKey: queryKeys.showcase,
  queryFn: () => api.get<Showcase>('/api/showcase'),
})
export const useShowcase = () => useQuery(showcaseQuery)
