import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushPreferencesPatchSchema,
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../shared/schemas/push'
import { self, userOf } from '../auth/access'
import type { PushService } from './push.service'

export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/public-key',
      {
        schema: {
          tags: ['push'],
          summary: 'The VAPID public key a browser subscribes with (applicationServerKey)',
          response: { 200: pushPublicKeySchema },
        },
      },
      async () => ({ publicKey: push.publicKey }),
    )

    app.get(
      '/users/:id/push-subscriptions',
      {
        ...self(),
        schema: {
          tags: ['push'],
          summary: 'The diner’s devices that receive pushes',
          params: idParams,
          response: { 200: pushDeviceListSchema },
        },
      },
      async (request) => push.list(userOf(request).id),
    )

    app.post(
      '/users/:id/push-subscriptions',
      {
        ...self(),
        schema: {
          tags: ['push'],
          summary:
            'Receive pushes on this browser (its PushSubscription); the same endpoint again updates it',
          params: idParams,
          body: pushSubscriptionSchema,
          response: { 200: pushDeviceSchema, 201: pushDeviceSchema },
        },
      },
      async (request, reply) => {
        const { device, created } = await push.subscribe(userOf(request).id, request.body)
        return reply.code(created ? 201 : 200).send(device)
      },
    )

    app.delete(
      '/users/:id/push-subscriptions',
      {
        ...self(),
        schema: {
          tags: ['push'],
          summary: 'Stop pushes to the device with this endpoint',
          params: idParams,
          body: pushUnsubscribeSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await push.unsubscribe(userOf(request).id, request.body.endpoint)
        return reply.code(204).send(null)
      },
    )

    app.get(
      '/users/:id/push-preferences',
      {
        ...self(),
        schema: {
          tags: ['push'],
          summary: 'Which kinds of notice the diner wants pushed',
          params: idParams,
          response: { 200: pushPreferencesSchema },
        },
      },
      async (request) => push.preferences(userOf(request).id),
    )

    app.patch(
      '/users/:id/push-preferences',
      {
        ...self(),
        schema: {
          tags: ['push'],
          summary: 'Turn kinds of push on or off; the kinds left out stay as they are',
          params: idParams,
          body: pushPreferencesPatchSchema,
          response: { 200: pushPreferencesSchema },
        },
      },
      async (request) => push.updatePreferences(userOf(request).id, request.body),
    )
  }
}
