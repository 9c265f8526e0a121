import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { ActivityPage } from '@shared/schemas/staff'
import { useInfiniteQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/activity: who did what, newest first, a page at a time. */
export const useActivity = (restaurantId: number) =>
  useInfiniteQuery({
    // Under the team's key: a change to the team shows in the log at once.
    queryKey: [...queryKeys.staff(restaurantId), 'activity'],
    queryFn: ({ pageParam }) =>
      api.get<ActivityPage>(
        `/api/restaurants/${restaurantId}/activity?limit=20${pageParam ? `&before=${pageParam}` : ''}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  })
