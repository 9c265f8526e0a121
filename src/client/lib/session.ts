import type { User } from '@shared/schemas/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from './api-client'
import { queryKeys } from './query-keys'

/** GET /api/user: the signed-in user, or null (a 401 or any failure means signed out). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async (): Promise<User | null> => {
    try {
      return await api.get<User>('/api/user')
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      return null
    }
  },
})

export function useCurrentUser() {
  const query = useQuery(currentUserQuery)
  return { user: query.data ?? null, isLoading: query.isLoading }
}
