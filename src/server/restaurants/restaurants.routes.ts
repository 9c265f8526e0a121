import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import { pauseResponse, pauseSchema } from '../../shared/schemas/kitchen'
import {
  cameraCreateSchema,
  cameraListQuery,
  cameraSchema,
  menuItemSchema,
  restaurantCreateSchema,
  restaurantPageSchema,
  restaurantSchema,
  restaurantSearchQuery,
  restaurantUpdateSchema,
  userRestaurantSchema,
} from '../../shared/schemas/restaurants'
import { requireRestaurantAccess, restaurantAccess, self, signedIn, userOf } from '../auth/access'
import { sendCached, sendSerialized } from '../infra/cached-response'

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const restaurants = app.restaurants

  app.get(
    '/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary:
          'A page of restaurants, live ones first, then by id; with latitude and longitude, each one’s distance in km, nearest first after live. Filters by cuisine, price and live; `nextCursor` fetches the next page',
        querystring: restaurantSearchQuery,
        response: { 200: restaurantPageSchema },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, radius, cuisine, price, live, limit, cursor } = request.query
      const page = { cuisine, price, live: live === undefined ? undefined : live === 'true', limit, cursor }
      if (latitude === undefined || longitude === undefined) {
        const body = await restaurants.pageBody(page)
        if ('etag' in body) return sendCached(request, reply, body)
        return sendSerialized(reply.header('cache-control', 'no-cache'), JSON.stringify(body))
      }
      const found = await restaurants.pageNear({ ...page, location: { latitude, longitude, radius } })
      return sendSerialized(reply.header('cache-control', 'no-cache'), JSON.stringify(found))
    },
  )

  app.get(
    '/restaurants/:id',
    { schema: { tags: ['restaurants'], params: idParams, response: { 200: restaurantSchema } } },
    async (request, reply) => sendCached(request, reply, await restaurants.restaurantBody(request.params.id)),
  )

  app.get(
    '/restaurants/:id/menu',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'The menu in the owner’s order, sold-out dishes included (isAvailable false)',
        params: idParams,
        response: { 200: z.array(menuItemSchema) },
      },
    },
    async (request, reply) => sendCached(request, reply, await restaurants.menuBody(request.params.id)),
  )

  app.get(
    '/restaurants/:id/cameras',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'The restaurant’s active cameras; with include=inactive (owner only), every camera',
        params: idParams,
        querystring: cameraListQuery,
        response: { 200: z.array(cameraSchema) },
      },
    },
    async (request, reply) => {
      if (request.query.include !== 'inactive')
        return sendCached(request, reply, await restaurants.camerasBody(request.params.id))
      await requireRestaurantAccess(request, request.params.id, 'manage_restaurant')
      reply.header('cache-control', 'private, no-store')
      return restaurants.allCameras(request.params.id)
    },
  )

  app.put(
    '/restaurants/:id/pause',
    {
      ...restaurantAccess('set_kitchen_mode', { param: 'id' }),
      schema: {
        tags: ['restaurants'],
        summary:
          'Stop new orders for 10 to 240 minutes ({minutes}), or take them again ({minutes: null}); checkout answers 409 meanwhile',
        params: idParams,
        body: pauseSchema,
        response: { 200: pauseResponse },
      },
    },
    async (request) => app.pauses.set(request.params.id, request.body.minutes),
  )

  app.patch(
    '/restaurants/:id',
    {
      ...signedIn,
      schema: {
        tags: ['restaurants'],
        summary:
          'Change the profile of a restaurant you own, or switch it live (409 when it has no active camera or no available dish)',
        params: idParams,
        body: restaurantUpdateSchema,
        response: { 200: restaurantSchema },
      },
    },
    async (request) => {
      const user = userOf(request)
      return restaurants.update(request.params.id, user.id, request.body)
    },
  )

  app.post(
    '/restaurants',
    {
      ...signedIn,
      schema: {
        tags: ['restaurants'],
        summary: 'Register a restaurant; the signed-in user becomes its owner and it starts off the air',
        body: restaurantCreateSchema,
        response: { 201: restaurantSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request)
      return reply.code(201).send(await restaurants.create(user.id, request.body))
    },
  )

  app.post(
    '/cameras',
    {
      ...restaurantAccess('manage_restaurant', { body: 'restaurantId' }),
      schema: {
        tags: ['restaurants'],
        summary: 'Add a camera to a restaurant you own',
        body: cameraCreateSchema,
        response: { 201: cameraSchema },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await restaurants.createCamera(request.body))
    },
  )

  app.get(
    '/users/:id/restaurants',
    {
      ...self(),
      schema: {
        tags: ['restaurants'],
        summary: 'The restaurants the user owns',
        params: idParams,
        response: { 200: z.array(userRestaurantSchema) },
      },
    },
    async (request) => {
      const user = userOf(request)
      return restaurants.ownedBy(user.id)
    },
  )
}
