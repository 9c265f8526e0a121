import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { StaffMember, StaffUpdate } from '@shared/schemas/staff'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PATCH /api/restaurants/{id}/staff/{userId}: a member's role or stations. */
export function useUpdateMember(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, ...patch }: StaffUpdate & { userId: number }) =>
      api.patch<StaffMember>(`/api/restaurants/${restaurantId}/staff/${userId}`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) }),
  })
}
