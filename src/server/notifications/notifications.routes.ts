import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../shared/schemas/common'
import { markReadResponse, markReadSchema, notificationListSchema } from '../../shared/schemas/notifications'
import { self, userOf } from '../auth/access'
import type { NotificationsService } from './notifications.service'

export function notificationRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/notifications',
      {
        ...self(),
        schema: {
          tags: ['notifications'],
          summary: 'What happened to the diner’s orders, newest first, with the unread count',
          params: idParams,
          response: { 200: notificationListSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return notifications.list(user.id)
      },
    )

    app.post(
      '/users/:id/notifications/read',
      {
        ...self(),
        schema: {
          tags: ['notifications'],
          summary: 'Mark notifications read: the ids given, or all of them',
          params: idParams,
          body: markReadSchema,
          response: { 200: markReadResponse },
        },
      },
      async (request) => {
        const user = userOf(request)
        return notifications.markRead(user.id, request.body.ids)
      },
    )
  }
}
