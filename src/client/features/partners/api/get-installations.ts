import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Installation } from '@shared/schemas/partners'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/installations: the user's installation requests. */
export function installationsQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.installations(userId),
    queryFn: () => api.get<Installation[]>(`/api/users/${userId}/installations`),
  })
}

export const useInstallations = (userId: number | undefined) =>
  useQuery({ ...installationsQuery(userId ?? 0), enabled: Boolean(userId) })
