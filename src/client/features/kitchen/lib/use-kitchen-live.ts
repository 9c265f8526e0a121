import { liveClient } from '@client/lib/live-client'
import { queryKeys } from '@client/lib/query-keys'
import { useLiveState } from '@client/lib/use-live-order'
import type { ServerMessage } from '@shared/live-messages'
import type { Kitchen, Ticket } from '@shared/schemas/kitchen'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { withLiveAvailability } from './sold-out'
import { hasTicket, queueTicket } from './tickets'

export interface KitchenLiveHandlers {
  /** A ticket the console had not seen. */
  onNewTicket?: (ticket: Ticket) => void
  onMessage?: (message: ServerMessage) => void
  /** The member may no longer see this kitchen (removed from the staff): its messages stopped. */
  onClosed?: (message: string) => void
}

/**
 * Joins the restaurant's kitchen channel: tickets, shouts, tips and upsell answers write into the
 * kitchen's query cache. After the connection comes back, the kitchen is read again so that
 * nothing missed while it was down stays missing.
 */
export function useKitchenLive(restaurantId: number, enabled: boolean, handlers: KitchenLiveHandlers = {}) {
  const queryClient = useQueryClient()
  const state = useLiveState()
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers
  const wasOpen = useRef(false)

  useEffect(() => {
    if (!enabled) return
    return liveClient.subscribeKitchen(restaurantId, (message) => {
      const key = queryKeys.kitchen(restaurantId)
      switch (message.type) {
        case 'kitchen_order': {
          const known = hasTicket(queryClient, restaurantId, message.order.id)
          queueTicket(queryClient, restaurantId, message.order)
          if (!known && message.order.status === 'preparing') handlersRef.current.onNewTicket?.(message.order)
          break
        }
        case 'restaurant_paused':
          queryClient.setQueryData<Kitchen>(key, (k) => (k ? { ...k, pausedUntil: message.pausedUntil } : k))
          break
        case 'menu_availability':
          queryClient.setQueryData<Kitchen>(key, (k) => (k ? withLiveAvailability(k, message) : k))
          break
        case 'kitchen_mode':
          queryClient.setQueryData<Kitchen>(key, (k) => (k ? { ...k, mode: message.mode } : k))
          break
        // The member's role or stations changed: the console narrows (or widens) at once.
        case 'kitchen_access':
          queryClient.setQueryData<Kitchen>(key, (k) =>
            k ? { ...k, access: { role: message.role, stations: message.stations } } : k,
          )
          break
        case 'kitchen_closed':
          handlersRef.current.onClosed?.(message.message)
          break
        case 'chef_shout':
        case 'chef_tip':
        case 'upsell_response':
          // The ticket itself follows as a kitchen_order message.
          break
      }
      handlersRef.current.onMessage?.(message)
    })
  }, [restaurantId, enabled, queryClient])

  useEffect(() => {
    if (state === 'open') {
      if (wasOpen.current === false && enabled)
        void queryClient.invalidateQueries({ queryKey: queryKeys.kitchen(restaurantId) })
      wasOpen.current = true
    } else if (state === 'closed') {
      wasOpen.current = false
    }
  }, [state, enabled, restaurantId, queryClient])

  return { state }
}
