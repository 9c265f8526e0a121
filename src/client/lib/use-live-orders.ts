import type { Order } from '@shared/schemas/orders'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { liveClient } from './live-client'
import { queryKeys } from './query-keys'

/**
 * Keeps a diner's order list live: each active order's room writes its `status` messages (and a
 * cancellation's reason and refund) into the list's cache entry.
 */
export function useLiveOrders(userId: number | undefined, orderIds: number[]) {
  const queryClient = useQueryClient()
  const key = orderIds.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    if (!userId || orderIds.length === 0) return
    const stops = orderIds.map((orderId) =>
      liveClient.subscribe(orderId, (message) => {
        if (message.type !== 'status') return
        queryClient.setQueryData<Order[]>(queryKeys.orders(userId), (orders) =>
          orders?.map((o) =>
            o.id === orderId
              ? {
                  ...o,
                  status: message.status,
                  progress: message.progress,
                  cancellation: message.cancellation ?? o.cancellation,
                }
              : o,
          ),
        )
        if (message.status === 'cancelled')
          void queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
      }),
    )
    return () => {
      for (const stop of stops) stop()
    }
  }, [userId, key, queryClient])
}
