import type { NotificationList } from '@shared/schemas/notifications'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '../api-client'
import { liveClient } from '../live-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/notifications: newest first, with the unread count. */
export function notificationsQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: () => api.get<NotificationList>(`/api/users/${userId}/notifications`),
  })
}

/**
 * The signed-in diner's notifications: read once, then kept current by the live channel's
 * `notification` messages (the connection stays open while this is shown), and read again after
 * a reconnection in case some arrived meanwhile.
 */
export function useNotifications(userId: number | undefined) {
  const queryClient = useQueryClient()
  const query = useQuery({ ...notificationsQuery(userId ?? 0), enabled: Boolean(userId) })
  useEffect(() => {
    if (!userId) return
    const key = queryKeys.notifications(userId)
    const release = liveClient.retain()
    const offMessage = liveClient.onMessage((message) => {
      if (message.type !== 'notification') return
      queryClient.setQueryData<NotificationList>(key, (list) => {
        if (!list) return { notifications: [message.notification], unreadCount: message.unreadCount }
        if (list.notifications.some((n) => n.id === message.notification.id)) return list
        return {
          notifications: [message.notification, ...list.notifications].slice(0, 30),
          unreadCount: message.unreadCount,
        }
      })
    })
    let wasOpen = liveClient.state === 'open'
    const offState = liveClient.onState((state) => {
      if (state === 'open' && !wasOpen) void queryClient.invalidateQueries({ queryKey: key })
      wasOpen = state === 'open'
    })
    return () => {
      offMessage()
      offState()
      release()
    }
  }, [userId, queryClient])
  return query
}

/** POST /api/users/{id}/notifications/read: all of them. */
export function useMarkAllRead(userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.post<{ updated: number; unreadCount: number }>(`/api/users/${userId}/notifications/read`, {}),
    onSuccess: ({ unreadCount }) => {
      const now = new Date().toISOString()
      queryClient.setQueryData<NotificationList>(queryKeys.notifications(userId ?? 0), (list) =>
        list
          ? {
              unreadCount,
              notifications: list.notifications.map((n) => (n.readAt ? n : { ...n, readAt: now })),
            }
          : list,
      )
    },
  })
}
