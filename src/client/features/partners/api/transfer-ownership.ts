import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { OwnershipTransfer, StaffList } from '@shared/schemas/staff'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/**
 * PUT /api/restaurants/{id}/owner: hands the restaurant to a member; the owner (`userId`, who
 * asks) stays on as a manager. Their restaurants and role are read again, and the money they no
 * longer see is dropped from the cache.
 */
export function useTransferOwnership(restaurantId: number, userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OwnershipTransfer) =>
      api.put<StaffList>(`/api/restaurants/${restaurantId}/owner`, input),
    onSuccess: async (team) => {
      queryClient.setQueryData(queryKeys.staff(restaurantId), team)
      queryClient.removeQueries({ queryKey: queryKeys.money(restaurantId) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userRestaurants(userId) }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.staff(restaurantId), 'activity'] }),
      ])
    },
  })
}
