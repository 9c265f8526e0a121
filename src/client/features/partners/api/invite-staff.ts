import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { StaffInvite, StaffInviteCreate } from '@shared/schemas/staff'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/restaurants/{id}/staff/invites: the link comes back this once. */
export function useInviteStaff(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: StaffInviteCreate) =>
      api.post<{ invite: StaffInvite; link: string }>(
        `/api/restaurants/${restaurantId}/staff/invites`,
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) }),
  })
}
