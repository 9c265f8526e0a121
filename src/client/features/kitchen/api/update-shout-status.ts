import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { ChefShout } from '@shared/schemas/chef'
import type { Kitchen } from '@shared/schemas/kitchen'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** PUT /api/chef-shouts/{id}/status {status}: the kitchen acknowledges a shout, then marks it done. */
export function useUpdateShoutStatus(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ shoutId, status }: { shoutId: number; status: 'acknowledged' | 'done' }) =>
      api.put<ChefShout>(`/api/chef-shouts/${shoutId}/status`, { status }),
    onSuccess: (shout) =>
      queryClient.setQueryData<Kitchen>(queryKeys.kitchen(restaurantId), (k) =>
        k
          ? {
              ...k,
              orders: k.orders.map((o) =>
                o.id === shout.orderId
                  ? {
                      ...o,
                      shouts: o.shouts.map((s) => (s.id === shout.id ? { ...s, status: shout.status } : s)),
                    }
                  : o,
              ),
            }
          : k,
      ),
  })
}
