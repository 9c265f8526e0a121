import { and, count, eq, gt } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
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
import { requireSelf, requireUser } from '../auth/auth.guard'
import { restaurants as restaurantsTable } from '../db/schema'
import { sendCached, sendSerialized } from '../infra/cached-response'
import { tooManyRequests } from '../infra/errors'
import { assertReadableSource } from '../infra/ffmpeg'
import { assertSavableSource } from '../infra/source-policy'
import { toCamera, toRestaurant } from './restaurants.service'

const signedIn = async (request: FastifyRequest) => {
  await requireUser(request)
}

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const restaurants = app.restaurants

  app.get(
    '/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary:
          'A page of restaurants by id; with latitude and longitude, each one’s distance in km, nearest first. Filters by cuisine, price and live; `nextCursor` fetches the next page',
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
      const user = await requireUser(request)
      await restaurants.requireOwner(request.params.id, user.id)
      reply.header('cache-control', 'private, no-store')
      return (await restaurants.repo.allCameras(request.params.id)).map(toCamera)
    },
  )

  app.patch(
    '/restaurants/:id',
    {
      preValidation: signedIn,
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
      const user = await requireUser(request)
      return restaurants.update(request.params.id, user.id, request.body)
    },
  )

  app.post(
    '/restaurants',
    {
      preValidation: signedIn,
      schema: {
        tags: ['restaurants'],
        summary: 'Register a restaurant; the signed-in user becomes its owner and it starts off the air',
        body: restaurantCreateSchema,
        response: { 201: restaurantSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const input = request.body
      // A limit per user and day keeps one account from filling the public list.
      const [made] = await app.db
        .select({ n: count() })
        .from(restaurantsTable)
        .where(
          and(
            eq(restaurantsTable.ownerId, user.id),
            gt(restaurantsTable.createdAt, new Date(Date.now() - 24 * 3600_000)),
          ),
        )
      if ((made?.n ?? 0) >= app.config.limits.restaurantsPerDay)
        throw tooManyRequests(
          `You can create at most ${app.config.limits.restaurantsPerDay} restaurants a day. Please try again tomorrow.`,
        )
      const row = await restaurants.repo.create({
        ownerId: user.id,
        name: input.name,
        description: input.description,
        cuisine: input.cuisine,
        address: input.address,
        priceRange: input.priceRange,
        avatar: input.avatar,
        images: input.images,
        features: input.features,
        latitude: input.latitude,
        longitude: input.longitude,
      })
      await restaurants.invalidate()
      return reply.code(201).send(toRestaurant(row))
    },
  )

  app.post(
    '/cameras',
    {
      preValidation: signedIn,
      schema: {
        tags: ['restaurants'],
        summary: 'Add a camera to a restaurant you own',
        body: cameraCreateSchema,
        response: { 201: cameraSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      const input = request.body
      await restaurants.requireOwner(input.restaurantId, user.id)
      assertSavableSource(input.streamUrl, app.config.cameras.allowPrivateHosts)
      await assertReadableSource(input.streamUrl, app.config.cameras)
      const row = await restaurants.repo.createCamera(input)
      await restaurants.invalidate()
      return reply.code(201).send(toCamera(row))
    },
  )

  app.get(
    '/users/:id/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'The restaurants the user owns',
        params: idParams,
        response: { 200: z.array(userRestaurantSchema) },
      },
    },
    async (request) => {
      const user = await requireSelf(request, request.params.id)
      return restaurants.repo.ownedBy(user.id)
    },
  )
}
