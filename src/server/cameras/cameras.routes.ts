import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client'
import { cameras, restaurants } from '../db/schema'
import { AppError } from '../infra/errors'
import {
  type CameraLabel,
  createCameraStreams,
  PLAYLIST_CONTENT_TYPE,
  SEGMENT_CONTENT_TYPE,
  SEGMENT_NAME,
} from './camera-streams'
import { cameraNotFound, cameraNotStreamedHere, segmentNotFound } from './cameras.errors'

const playlistParams = z.object({ cameraId: z.string() })
const segmentParams = z.object({ cameraId: z.string(), segment: z.string() })

/** HLS for demo cameras under /live/{cameraId}/: the playlist starts the camera's encoder. */
export const cameraStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = createCameraStreams({ ...app.config.cameras, log: app.log })
  app.addHook('onClose', async () => {
    await streams.close()
  })

  app.get(
    '/live/:cameraId/index.m3u8',
    { schema: { hide: true, params: playlistParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined) throw cameraNotFound()
      const camera = await findDemoCamera(app.db, cameraId)
      try {
        const playlist = await streams.playlist(camera)
        return reply.type(PLAYLIST_CONTENT_TYPE).header('cache-control', 'no-cache').send(playlist)
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 503) reply.header('retry-after', '2')
        throw error
      }
    },
  )

  app.get(
    '/live/:cameraId/:segment',
    { schema: { hide: true, params: segmentParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined || !SEGMENT_NAME.test(request.params.segment)) throw segmentNotFound()
      const data = await streams.segment(cameraId, request.params.segment)
      return reply.type(SEGMENT_CONTENT_TYPE).header('cache-control', 'public, max-age=60').send(data)
    },
  )
}

function parseCameraId(raw: string): number | undefined {
  if (!/^\d{1,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id > 0 ? id : undefined
}

async function findDemoCamera(db: Db, cameraId: number): Promise<CameraLabel> {
  const [row] = await db
    .select({
      id: cameras.id,
      name: cameras.name,
      isDemo: cameras.isDemo,
      isActive: cameras.isActive,
      restaurantName: restaurants.name,
    })
    .from(cameras)
    .innerJoin(restaurants, eq(restaurants.id, cameras.restaurantId))
    .where(eq(cameras.id, cameraId))
  if (!row?.isActive) throw cameraNotFound()
  if (!row.isDemo) throw cameraNotStreamedHere()
  return { id: row.id, name: row.name, restaurantName: row.restaurantName }
}
