import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import { menuItemCreateSchema, menuItemUpdateSchema, menuOrderSchema } from '../../shared/schemas/menu'
import { optionAvailabilitySchema } from '../../shared/schemas/menu-options'
import { menuItemSchema } from '../../shared/schemas/restaurants'
import { signedIn, userOf } from '../auth/access'
import type { MenuService } from './menu.service'

/** The owner's menu. Reading the menu stays public: GET /api/restaurants/{id}/menu. */
export function menuRoutes(menu: MenuService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/restaurants/:id/menu',
      {
        ...signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Add a dish to a restaurant you own; it goes last in its category',
          params: idParams,
          body: menuItemCreateSchema,
          response: { 201: menuItemSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        return reply.code(201).send(await menu.create(request.params.id, user.id, request.body))
      },
    )

    app.patch(
      '/menu-items/:id',
      {
        ...signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Change any field of a dish, including isAvailable (sold out when false)',
          params: idParams,
          body: menuItemUpdateSchema,
          response: { 200: menuItemSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return menu.update(request.params.id, user.id, request.body)
      },
    )

    app.patch(
      '/menu-options/:id',
      {
        ...signedIn,
        schema: {
          tags: ['menu'],
          summary:
            'Sell out ("86") an option of a dish, or bring it back; open restaurant pages hear of it at once. Answers the dish',
          params: idParams,
          body: optionAvailabilitySchema,
          response: { 200: menuItemSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return menu.setOptionAvailability(request.params.id, user.id, request.body.isAvailable)
      },
    )

    app.delete(
      '/menu-items/:id',
      {
        ...signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Remove a dish; orders already placed keep its name and price',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        await menu.delete(request.params.id, user.id)
        return reply.code(204).send(null)
      },
    )

    app.put(
      '/restaurants/:id/menu/order',
      {
        ...signedIn,
        schema: {
          tags: ['menu'],
          summary:
            'Put the whole menu in order: categories in order, each with its dishes in order; a new category name renames or moves',
          params: idParams,
          body: menuOrderSchema,
          response: { 200: z.array(menuItemSchema) },
        },
      },
      async (request) => {
        const user = userOf(request)
        return menu.setOrder(request.params.id, user.id, request.body)
      },
    )
  }
}
