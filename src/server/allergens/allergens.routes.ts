import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  allergenCheckQuery,
  allergenCheckSchema,
  allergenProfileInputSchema,
  allergenProfilePatchSchema,
  allergenProfileSchema,
} from '../../shared/schemas/allergens'
import { idParam, idParams } from '../../shared/schemas/common'
import { self, userOf } from '../auth/access'
import { allergenProfileExists, allergenProfileNotFound } from './allergens.errors'
import type { AllergenRepository } from './allergens.repository'
import { findAllergenMatches, toAllergenProfile } from './allergens.service'

export function allergenRoutes(repo: AllergenRepository): FastifyPluginAsyncZod {
  return async (app) => {
    const restaurants = app.restaurants

    app.get(
      '/users/:id/allergen-profile',
      {
        ...self(),
        schema: {
          tags: ['allergens'],
          summary: "The user's allergen profile; 404 when there is none yet",
          params: idParams,
          response: { 200: allergenProfileSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        const row = await repo.findForUser(user.id)
        if (!row) throw allergenProfileNotFound()
        return toAllergenProfile(row)
      },
    )

    app.post(
      '/users/:id/allergen-profile',
      {
        ...self(),
        schema: {
          tags: ['allergens'],
          summary: 'Create the allergen profile (409 when one exists)',
          params: idParams,
          body: allergenProfileInputSchema,
          response: { 201: allergenProfileSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const row = await repo.create(user.id, request.body)
        if (!row) throw allergenProfileExists()
        return reply.code(201).send(toAllergenProfile(row))
      },
    )

    app.patch(
      '/users/:id/allergen-profile',
      {
        ...self(),
        schema: {
          tags: ['allergens'],
          summary: 'Update the allergen profile; fields left out keep their value (404 when there is none)',
          params: idParams,
          body: allergenProfilePatchSchema,
          response: { 200: allergenProfileSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined))
        const row = await repo.update(user.id, changes)
        if (!row) throw allergenProfileNotFound()
        return toAllergenProfile(row)
      },
    )

    app.get(
      '/users/:id/allergen-check/:restaurantId',
      {
        ...self(),
        schema: {
          tags: ['allergens'],
          summary: "The restaurant's dishes (or one dish) that contain an allergen of the user's profile",
          params: z.object({ id: idParam(), restaurantId: idParam() }),
          querystring: allergenCheckQuery,
          response: { 200: allergenCheckSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        const { restaurantId } = request.params
        const { menuItemId } = request.query
        const items =
          menuItemId === undefined
            ? await restaurants.menu(restaurantId)
            : [await restaurants.menuItem(restaurantId, menuItemId)]
        const profile = await repo.findForUser(user.id)
        return { matches: profile ? findAllergenMatches(items, profile.allergens) : [] }
      },
    )
  }
}
