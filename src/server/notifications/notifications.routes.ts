import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../shared/schemas/common'
import { markReadResponse, markReadSchema, notificationListSchema } from '../../shared/schemas/notifications'
import { requireSelf } from '../auth/auth.guard'
import type { NotificationsService } from './notifications.service'

export function notificationRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: 'What happened to the diner’s orders, newest first, with the unread count',
          params: idParams,
          response: { 200: notificationListSchema },
        },
      },
      async (request) => {
        const user = await requireSelf(request, request.params.id)
        return notifications.list(user.id)
      },
    )

    app.post(
      '/users/:id/notifications/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark notifications read: the ids given, or all of them',
          params: idParams,
          body: markReadSchema,
          response: { 200: markReadResponse },
        },
      },
      async (request) => {
        const user = await requireSelf(request, request.params.id)
        return notifications.markRead(user.id, request.body.ids)
      },
    )
  }
}
