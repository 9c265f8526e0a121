import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { MyWorkplace } from '@shared/schemas/staff'
import { queryOptions, useQuery } from '@tanstack/react-query'

/** GET /api/users/{id}/workplaces: the restaurants where the user works, owned ones first. */
export function workplacesQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.workplaces(userId),
    queryFn: () => api.get<MyWorkplace[]>(`/api/users/${userId}/workplaces`),
    staleTime: 60_000,
  })
}

export const useWorkplaces = (userId: number | undefined) =>
  useQuery({ ...workplacesQuery(userId ?? 0), enabled: Boolean(userId) })

/** The restaurant whose kitchen the header's "Kitchen" opens: the first one the user works in as staff. */
export function staffKitchen(workplaces: MyWorkplace[] | undefined): MyWorkplace | undefined {
  return workplaces?.find((w) => w.role !== 'owner')
}
