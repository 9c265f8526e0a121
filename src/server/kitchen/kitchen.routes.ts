import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { chefShoutSchema } from '../../shared/schemas/chef'
import { idParams } from '../../shared/schemas/common'
import {
  advanceOrderSchema,
  kitchenModeResponse,
  kitchenModeSchema,
  kitchenSchema,
  kitchenSettingsSchema,
  lineBumpSchema,
  lineParams,
  shoutStatusSchema,
  ticketSchema,
} from '../../shared/schemas/kitchen'
import { signedIn, userOf } from '../auth/access'
import type { KitchenService } from './kitchen.service'

/** The kitchen console's API: the owner of the order's restaurant (and, for cancel, its diner). */
export function kitchenRoutes(kitchen: KitchenService): FastifyPluginAsyncZod {
  return async (app) => {
    const actor = (request: FastifyRequest) => ({ userId: userOf(request).id })

    app.get(
      '/restaurants/:id/kitchen',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: "The restaurant's kitchen: mode, settings and open tickets, oldest first",
          params: idParams,
          response: { 200: kitchenSchema },
        },
      },
      async (request) => kitchen.getKitchen(actor(request), request.params.id),
    )

    app.put(
      '/restaurants/:id/kitchen/mode',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: 'Switch the kitchen between autopilot and staffed',
          params: idParams,
          body: kitchenModeSchema,
          response: { 200: kitchenModeResponse },
        },
      },
      async (request) => kitchen.setMode(actor(request), request.params.id, request.body.mode),
    )

    app.put(
      '/restaurants/:id/kitchen/settings',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: 'Ticket age thresholds and the station of each menu category',
          params: idParams,
          body: kitchenSettingsSchema,
          response: { 200: kitchenSchema },
        },
      },
      async (request) => kitchen.updateSettings(actor(request), request.params.id, request.body),
    )

    app.post(
      '/orders/:id/advance',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: 'Bump an order to its next status; 409 when it is no longer in `from`',
          params: idParams,
          body: advanceOrderSchema,
          response: { 200: ticketSchema },
        },
      },
      async (request) => kitchen.advance(actor(request), request.params.id, request.body.from),
    )

    app.post(
      '/orders/:id/recall',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: 'Take the last bump back, within 60 seconds',
          params: idParams,
          response: { 200: ticketSchema },
        },
      },
      async (request) => kitchen.recall(actor(request), request.params.id),
    )

    app.put(
      '/orders/:id/lines/:index',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: "A station marks one of the order's lines ready",
          params: lineParams,
          body: lineBumpSchema,
          response: { 200: ticketSchema },
        },
      },
      async (request) =>
        kitchen.bumpLine(actor(request), request.params.id, request.params.index, request.body.done),
    )

    app.put(
      '/chef-shouts/:id/status',
      {
        ...signedIn,
        schema: {
          tags: ['kitchen'],
          summary: 'The kitchen acknowledges a chef shout, then marks it done',
          params: idParams,
          body: shoutStatusSchema,
          response: { 200: chefShoutSchema },
        },
      },
      async (request) => kitchen.setShoutStatus(actor(request), request.params.id, request.body.status),
    )
  }
}
