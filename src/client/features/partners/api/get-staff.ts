import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { StaffList } from '@shared/schemas/staff'
import { useQuery } from '@tanstack/react-query'

/** GET /api/restaurants/{id}/staff: members, pending invitations, the kitchen's stations. */
export const useStaff = (restaurantId: number) =>
  useQuery({
    queryKey: queryKeys.staff(restaurantId),
    queryFn: () => api.get<StaffList>(`/api/restaurants/${restaurantId}/staff`),
  })
