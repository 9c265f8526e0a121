import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams, messageResponse } from '../../shared/schemas/common'
import {
  deviceCreatedSchema,
  deviceCreateSchema,
  deviceSchema,
  ingestResponseSchema,
  ingestSchema,
} from '../../shared/schemas/devices'
import { signedIn, userOf } from '../auth/access'
import type { DeviceIdentity } from './devices.repository'
import type { DevicesService } from './devices.service'

const errors = { 400: messageResponse, 401: messageResponse, 403: messageResponse, 404: messageResponse }

declare module 'fastify' {
  interface FastifyRequest {
    device?: DeviceIdentity
  }
}

/**
 * Sensors: owners register, list and revoke their restaurant's devices; a device sends readings
 * with its key to /api/telemetry.
 */
export function deviceRoutes(devices: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/restaurants/:id/devices',
      {
        ...signedIn,
        schema: {
          tags: ['devices'],
          summary: 'Register a sensor; the answer shows its key, once',
          params: idParams,
          body: deviceCreateSchema,
          response: { 201: deviceCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        const created = await devices.register(request.params.id, user.id, request.body)
        return reply.code(201).header('cache-control', 'no-store').send(created)
      },
    )

    app.get(
      '/restaurants/:id/devices',
      {
        ...signedIn,
        schema: {
          tags: ['devices'],
          summary: 'The restaurant’s sensors, with when they last reported and what',
          params: idParams,
          response: { 200: z.array(deviceSchema), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request)
        return devices.list(request.params.id, user.id)
      },
    )

    app.delete(
      '/devices/:id',
      {
        ...signedIn,
        schema: {
          tags: ['devices'],
          summary: 'Revoke a sensor’s key; it stops working at once',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        await devices.revoke(request.params.id, user.id)
        return reply.code(204).send(null)
      },
    )

    app.post(
      '/telemetry',
      {
        // The key is checked, and counted against the device's rate, before the body is read.
        onRequest: async (request) => {
          request.device = await devices.authenticate(request.headers.authorization)
        },
        bodyLimit: 256 * 1024,
        schema: {
          tags: ['devices'],
          summary: 'Send sensor readings with a device key',
          body: ingestSchema,
          response: { 202: ingestResponseSchema, ...errors, 429: messageResponse },
        },
      },
      async (request, reply) => {
        const accepted = await devices.ingest(request.device!, request.body.readings)
        return reply.code(202).send({ accepted })
      },
    )
  }
}
