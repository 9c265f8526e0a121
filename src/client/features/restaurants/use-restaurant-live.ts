import { liveClient } from '@client/lib/live-client'
import { queryKeys } from '@client/lib/query-keys'
import { useFirstRenderTime } from '@client/lib/use-now'
import type { ServerMessage } from '@shared/live-messages'
import type { MenuItem, Restaurant } from '@shared/schemas/restaurants'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

type Availability = Extract<ServerMessage, { type: 'menu_availability' }>

/** The menu with one dish, or (with `optionId`) one option of it, sold out or back. */
export function withAvailability(menu: MenuItem[], message: Availability): MenuItem[] {
  return menu.map((item) => {
    if (item.id !== message.menuItemId) return item
    if (message.optionId === undefined) return { ...item, isAvailable: message.isAvailable }
    return {
      ...item,
      optionGroups: (item.optionGroups ?? []).map((group) => ({
        ...group,
        options: group.options.map((o) =>
          o.id === message.optionId ? { ...o, isAvailable: message.isAvailable } : o,
        ),
      })),
    }
  })
}

/**
 * Follows the restaurant's page on the live channel: a dish the kitchen 86'd (or brought back)
 * (or one option of a dish) and the kitchen's pause write into the menu's and the restaurant's cached reads.
 */
export function useRestaurantLive(restaurantId: number | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!restaurantId) return
    return liveClient.subscribeRestaurant(restaurantId, (message) => {
      // Joined (or joined again after a reconnect): what changed before is read once more, so a
      // page rendered ahead, or one that lost its connection, misses nothing.
      if (message.type === 'restaurant_subscribed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.restaurant(restaurantId) })
        void queryClient.invalidateQueries({ queryKey: queryKeys.menu(restaurantId) })
      } else if (message.type === 'menu_availability')
        queryClient.setQueryData<MenuItem[]>(queryKeys.menu(restaurantId), (menu) =>
          menu ? withAvailability(menu, message) : menu,
        )
      else if (message.type === 'restaurant_paused')
        queryClient.setQueryData<Restaurant>(queryKeys.restaurant(restaurantId), (r) =>
          r ? { ...r, pausedUntil: message.pausedUntil } : r,
        )
    })
  }, [restaurantId, queryClient])
}

/** The pause still running, or undefined; re-renders when it runs out. */
export function useRunningPause(pausedUntil: string | null | undefined): string | undefined {
  const [now, setNow] = useState(useFirstRenderTime())
  const until = pausedUntil ? Date.parse(pausedUntil) : Number.NaN
  useEffect(() => {
    setNow(Date.now())
    if (!(until > Date.now())) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until - Date.now() + 50, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [until])
  return until > now ? (pausedUntil ?? undefined) : undefined
}
