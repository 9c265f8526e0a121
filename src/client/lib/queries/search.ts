import type { SearchResult } from '@shared/schemas/search'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** Waits this long after the last keystroke before asking. */
export const SEARCH_DEBOUNCE_MS = 120

/** GET /api/search?q=: restaurants and dishes, asked as the diner types (debounced). */
export function useSearch(text: string) {
  const q = text.trim().slice(0, 80)
  const [debounced, setDebounced] = useState(q)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [q])
  return useQuery({
    queryKey: queryKeys.search(debounced.toLowerCase()),
    queryFn: ({ signal }) =>
      api.get<SearchResult>(`/api/search?q=${encodeURIComponent(debounced)}`, { signal }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}
