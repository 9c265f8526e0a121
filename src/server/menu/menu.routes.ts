import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import { menuItemCreateSchema, menuItemUpdateSchema, menuOrderSchema } from '../../shared/schemas/menu'
import { menuItemSchema } from '../../shared/schemas/restaurants'
import { requireUser } from '../auth/auth.guard'
import type { MenuService } from './menu.service'

const signedIn = async (request: FastifyRequest) => {
  await requireUser(request)
}

/** The owner's menu. Reading the menu stays public: GET /api/restaurants/{id}/menu. */
export function menuRoutes(menu: MenuService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/restaurants/:id/menu',
      {
        preValidation: signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Add a dish to a restaurant you own; it goes last in its category',
          params: idParams,
          body: menuItemCreateSchema,
          response: { 201: menuItemSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        return reply.code(201).send(await menu.create(request.params.id, user.id, request.body))
      },
    )

    app.patch(
      '/menu-items/:id',
      {
        preValidation: signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Change any field of a dish, including isAvailable (sold out when false)',
          params: idParams,
          body: menuItemUpdateSchema,
          response: { 200: menuItemSchema },
        },
      },
      async (request) => {
        const user = await requireUser(request)
        return menu.update(request.params.id, user.id, request.body)
      },
    )

    app.delete(
      '/menu-items/:id',
      {
        preValidation: signedIn,
        schema: {
          tags: ['menu'],
          summary: 'Remove a dish; orders already placed keep its name and price',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request)
        await menu.delete(request.params.id, user.id)
        return reply.code(204).send(null)
      },
    )

    app.put(
      '/restaurants/:id/menu/order',
      {
        preValidation: signedIn,
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
        const user = await requireUser(request)
        return menu.setOrder(request.params.id, user.id, request.body)
      },
    )
  }
}
