import { QueryClient } from '@tanstack/react-query'

/** The spec's defaults: data never goes stale, no refetch on focus, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  })
}
