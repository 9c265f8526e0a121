import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../db/client'
import { cameras, restaurants } from '../db/schema'
import { AppError } from '../infra/errors'
import { ffmpegForSource } from '../infra/ffmpeg'
import { sourceKind } from '../infra/source-policy'
import {
  type CameraLabel,
  type CameraSceneSource,
  createCameraStreams,
  type Launcher,
  PLAYLIST_CONTENT_TYPE,
  probeLauncher,
  SEGMENT_CONTENT_TYPE,
  SEGMENT_NAME,
} from './camera-streams'
import {
  cameraNotFound,
  cameraNotStreamedHere,
  cameraOffline,
  cameraSourceRefused,
  cameraStarting,
  liveVideoUnavailable,
  segmentNotFound,
  tooManyCameraStreams,
} from './cameras.errors'
import { createRestreamer, RESTREAM_SEGMENT, RestreamError } from './restream'

const playlistParams = z.object({ cameraId: z.string() })
const segmentParams = z.object({ cameraId: z.string(), segment: z.string() })

export interface CameraStreamRoutesOptions {
  /** What the demo cameras show; the plain test picture without it. */
  scene?: CameraSceneSource
}

/**
 * Live HLS under /live/{cameraId}/: the demo cameras' generated pictures, and restaurants' own
 * RTSP/RTMP/SRT/HTTP cameras restreamed from their source. The playlist starts the camera's
 * ffmpeg; segments never do.
 */
export const cameraStreamRoutes: FastifyPluginAsyncZod<CameraStreamRoutesOptions> = async (app, options) => {
  const { cameras: settings } = app.config
  const streams = createCameraStreams({ ...settings, scene: options.scene, log: app.log })
  // One launcher per binary: srt:// sources may need another ffmpeg than the rest.
  const launchers = new Map<string, Promise<Launcher | undefined>>()
  const restreams = createRestreamer({
    launcher: async (sourceUrl) => {
      if (!settings.enabled) return undefined
      const path = await ffmpegForSource(sourceUrl, settings)
      if (typeof path !== 'string') return undefined
      let launcher = launchers.get(path)
      if (!launcher) {
        launcher = probeLauncher(path).then((found) => ('problem' in found ? undefined : found))
        launchers.set(path, launcher)
      }
      return launcher
    },
    allowPrivateHosts: settings.allowPrivateHosts,
    idleMs: settings.idleMs,
    maxStreams: settings.maxRestreams,
    log: app.log,
  })
  app.addHook('onClose', async () => {
    await Promise.all([streams.close(), restreams.close()])
  })

  async function restreamPlaylist(camera: { id: number; streamUrl: string }): Promise<string> {
    try {
      return await restreams.playlist(camera)
    } catch (error) {
      if (!(error instanceof RestreamError)) throw error
      const { problem } = error
      if (problem.kind === 'offline') throw cameraOffline()
      if (problem.kind === 'starting') throw cameraStarting()
      if (problem.kind === 'busy') throw tooManyCameraStreams()
      if (problem.kind === 'refused') throw cameraSourceRefused()
      throw liveVideoUnavailable()
    }
  }

  app.get(
    '/live/:cameraId/index.m3u8',
    { schema: { hide: true, params: playlistParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined) throw cameraNotFound()
      const camera = await findCamera(app.db, cameraId)
      try {
        const playlist =
          camera.kind === 'demo' ? await streams.playlist(camera.label) : await restreamPlaylist(camera)
        return reply.type(PLAYLIST_CONTENT_TYPE).header('cache-control', 'no-cache').send(playlist)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.statusCode === 503) reply.header('retry-after', '2')
        // The player tells "reconnecting" from a failure by the code.
        return reply.code(error.statusCode).send({ message: error.message, code: error.code })
      }
    },
  )

  app.get(
    '/live/:cameraId/:segment',
    { schema: { hide: true, params: segmentParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      const name = request.params.segment
      if (cameraId === undefined || !(SEGMENT_NAME.test(name) || RESTREAM_SEGMENT.test(name)))
        throw segmentNotFound()
      const data = restreams.has(cameraId)
        ? await restreams.segment(cameraId, name)
        : await streams.segment(cameraId, name)
      if (!data) throw segmentNotFound()
      return reply.type(SEGMENT_CONTENT_TYPE).header('cache-control', 'public, max-age=60').send(data)
    },
  )
}

function parseCameraId(raw: string): number | undefined {
  if (!/^\d{1,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id > 0 ? id : undefined
}

/** A camera whose video this server serves: a demo picture, or a source it restreams. */
async function findCamera(
  db: Db,
  cameraId: number,
): Promise<{ kind: 'demo'; label: CameraLabel } | { kind: 'restream'; id: number; streamUrl: string }> {
  const [row] = await db
    .select({
      id: cameras.id,
      name: cameras.name,
      streamUrl: cameras.streamUrl,
      isDemo: cameras.isDemo,
      isActive: cameras.isActive,
      restaurantName: restaurants.name,
    })
    .from(cameras)
    .innerJoin(restaurants, eq(restaurants.id, cameras.restaurantId))
    .where(eq(cameras.id, cameraId))
  if (!row?.isActive) throw cameraNotFound()
  if (row.isDemo)
    return { kind: 'demo', label: { id: row.id, name: row.name, restaurantName: row.restaurantName } }
  if (sourceKind(row.streamUrl) === 'restream')
    return { kind: 'restream', id: row.id, streamUrl: row.streamUrl }
  throw cameraNotStreamedHere()
}
