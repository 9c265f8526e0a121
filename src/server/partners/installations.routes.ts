import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  type Installation,
  installationCreateSchema,
  installationSchema,
} from '../../shared/schemas/partners'
import { restaurantAccess, self, userOf } from '../auth/access'
import type { InstallationRepository, InstallationRow } from './installations.repository'

function toInstallation(row: InstallationRow): Installation {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    userId: row.userId,
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    secondaryDate: row.secondaryDate,
    secondaryTimeSlot: row.secondaryTimeSlot,
    specialInstructions: row.specialInstructions,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

export function installationRoutes(repo: InstallationRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/installations',
      {
        ...restaurantAccess('manage_restaurant', { body: 'restaurantId' }),
        schema: {
          tags: ['partners'],
          summary: 'Ask for cameras and sensors to be installed in a restaurant you own; starts pending',
          body: installationCreateSchema,
          response: { 201: installationSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        // The client also sends userId, status and createdAt: the schema drops them, the server decides.
        const input = request.body
        const row = await repo.create({
          restaurantId: input.restaurantId,
          userId: user.id,
          preferredDate: input.preferredDate,
          preferredTimeSlot: input.preferredTimeSlot,
          secondaryDate: input.secondaryDate ?? null,
          secondaryTimeSlot: input.secondaryTimeSlot ?? null,
          specialInstructions: input.specialInstructions ?? null,
          contactName: input.contactName,
          contactPhone: input.contactPhone,
          contactEmail: input.contactEmail,
          termsAccepted: input.termsAccepted,
        })
        return reply.code(201).send(toInstallation(row))
      },
    )

    app.get(
      '/users/:id/installations',
      {
        ...self(),
        schema: {
          tags: ['partners'],
          summary: "The user's installation requests, newest first",
          params: idParams,
          response: { 200: z.array(installationSchema) },
        },
      },
      async (request) => {
        const user = userOf(request)
        return (await repo.listForUser(user.id)).map(toInstallation)
      },
    )
  }
}
