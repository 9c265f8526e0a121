import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addressCreateSchema, addressSchema, addressUpdateSchema } from '../../shared/schemas/addresses'
import { idParams } from '../../shared/schemas/common'
import { self, signedIn, userOf } from '../auth/access'
import type { AddressesService } from './addresses.service'

export function addressRoutes(addresses: AddressesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/addresses',
      {
        ...self(),
        schema: {
          tags: ['addresses'],
          summary: 'The diner’s saved delivery addresses, the default first',
          params: idParams,
          response: { 200: z.array(addressSchema) },
        },
      },
      async (request) => {
        const user = userOf(request)
        return addresses.list(user.id)
      },
    )

    app.post(
      '/users/:id/addresses',
      {
        ...self(),
        schema: {
          tags: ['addresses'],
          summary: 'Save a delivery address; the first one, or one sent with isDefault, becomes the default',
          params: idParams,
          body: addressCreateSchema,
          response: { 201: addressSchema },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        return reply.code(201).send(await addresses.create(user.id, request.body))
      },
    )

    app.patch(
      '/addresses/:id',
      {
        ...signedIn,
        schema: {
          tags: ['addresses'],
          summary: 'Change a saved address, or make it the default',
          params: idParams,
          body: addressUpdateSchema,
          response: { 200: addressSchema },
        },
      },
      async (request) => {
        const user = userOf(request)
        return addresses.update(user.id, request.params.id, request.body)
      },
    )

    app.delete(
      '/addresses/:id',
      {
        ...signedIn,
        schema: {
          tags: ['addresses'],
          summary: 'Delete a saved address; deleting the default makes the oldest remaining one the default',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        await addresses.remove(user.id, request.params.id)
        return reply.code(204).send(null)
      },
    )
  }
}
