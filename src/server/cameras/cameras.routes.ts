import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../infra/errors'
import { ffmpegForSource } from '../infra/ffmpeg'
import { loadAppSecret } from '../partners/secrets'
import { FORWARDED_HEADER, forwardTarget } from './camera-instances'
import { CameraProxyError, createCameraProxy } from './camera-proxy'
import {
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
  cameraOffline,
  cameraSourceRefused,
  cameraStarting,
  liveVideoUnavailable,
  segmentNotFound,
  tooManyCameraStreams,
} from './cameras.errors'
import { createCamerasService } from './cameras.service'
import { createRestreamer, RESTREAM_SEGMENT, RestreamError } from './restream'
import { createWhep, WhepError } from './whep'

const playlistParams = z.object({ cameraId: z.string() })
const segmentParams = z.object({ cameraId: z.string(), segment: z.string() })
const proxiedParams = z.object({ cameraId: z.string(), token: z.string() })
const whepSessionParams = z.object({ cameraId: z.string(), sessionId: z.string() })
const SDP_CONTENT_TYPE = 'application/sdp'
const MAX_OFFER_BYTES = 64 * 1024

export interface CameraStreamRoutesOptions {
  /** What the demo cameras show; the plain test picture without it. */
  scene?: CameraSceneSource
}

/**
 * Live HLS under /live/{cameraId}/: the demo cameras' generated pictures, and restaurants' own
 * RTSP/RTMP/SRT/HTTP cameras restreamed from their source; both also over WebRTC (WHEP) from the
 * same ffmpeg. The playlist or a WHEP offer starts the camera's ffmpeg; segments never do.
 */
export const cameraStreamRoutes: FastifyPluginAsyncZod<CameraStreamRoutesOptions> = async (app, options) => {
  const { cameras: settings } = app.config
  const playback = createCamerasService(app.db)
  // WebRTC sends what the cameras' encoders make: nothing to send without them.
  const webrtc = { ...app.config.webrtc, enabled: app.config.webrtc.enabled && settings.enabled }
  const whep = createWhep({ ...webrtc, log: app.log })
  // Loaded at start, not with the first viewer: libdatachannel's global set-up belongs before any
  // connection, and the first viewer does not wait for it.
  if (webrtc.enabled) await whep.available()
  // The encoders' side of WebRTC: who watches a camera, and letting its viewers go when it stops.
  const viewersOfEncoders = webrtc.enabled
    ? {
        viewers: (cameraId: number) => whep.viewers(cameraId),
        cameraStopped: (cameraId: number) => whep.endCamera(cameraId),
      }
    : undefined
  const streams = createCameraStreams({
    ...settings,
    scene: options.scene,
    webrtc: viewersOfEncoders,
    log: app.log,
  })
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
    onPictureLost: (cameraId, since) => void app.ownerNotices.cameraStopped(cameraId, since),
    webrtc: viewersOfEncoders,
    idleMs: settings.idleMs,
    maxStreams: settings.maxRestreams,
    log: app.log,
  })
  app.addHook('onClose', async () => {
    whep.close()
    await Promise.all([streams.close(), restreams.close()])
  })
  // Restaurants' own HLS cameras: read from the source on each request, under the address policy.
  const proxy = createCameraProxy({
    appSecret: loadAppSecret(app.config),
    allowPrivateHosts: app.config.outbound.allowPrivateHosts,
  })

  async function proxiedPlaylist(camera: { id: number; streamUrl: string }): Promise<string> {
    try {
      return await proxy.playlist(camera)
    } catch (error) {
      if (!(error instanceof CameraProxyError)) throw error
      throw error.kind === 'refused' ? cameraSourceRefused() : cameraOffline()
    }
  }

  /** A restream's playlist or RTP feed, its problems as the API's errors. */
  async function fromRestream<T>(started: Promise<T>): Promise<T> {
    try {
      return await started
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
      const camera = await playback.playbackCamera(cameraId)
      try {
        const playlist =
          camera.kind === 'demo'
            ? await streams.playlist(camera.label)
            : camera.kind === 'proxy'
              ? await proxiedPlaylist(camera)
              : await fromRestream(restreams.playlist(camera))
        return reply.type(PLAYLIST_CONTENT_TYPE).header('cache-control', 'no-cache').send(playlist)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.statusCode === 503) reply.header('retry-after', '2')
        // The player tells "reconnecting" from a failure by the code.
        return reply.code(error.statusCode).send({ message: error.message, code: error.code })
      }
    },
  )

  // WHEP (RFC 9725): the browser's SDP offer in, the answer with every ICE candidate out.
  app.addContentTypeParser(
    SDP_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: MAX_OFFER_BYTES },
    (_req, body, done) => done(null, body),
  )

  /** Passes a WHEP request to the instance that holds the camera (camera-instances.ts). */
  async function forward(
    target: string,
    request: { method: string; url: string; body?: unknown },
    reply: import('fastify').FastifyReply,
  ) {
    const res = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: { 'content-type': SDP_CONTENT_TYPE, [FORWARDED_HEADER]: '1' },
      body: request.method === 'POST' ? String(request.body ?? '') : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined)
    if (!res) {
      reply.header('retry-after', '2')
      return reply
        .code(503)
        .send({ message: 'The instance holding this camera did not answer', code: 'camera.unavailable' })
    }
    const location = res.headers.get('location')
    if (location) reply.header('location', location)
    const type = res.headers.get('content-type')
    if (type) reply.type(type)
    return reply.code(res.status).send(Buffer.from(await res.arrayBuffer()))
  }

  app.post(
    '/live/:cameraId/whep',
    { schema: { hide: true, params: playlistParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined) throw cameraNotFound()
      const offer = request.body
      if (typeof offer !== 'string' || !request.headers['content-type']?.startsWith(SDP_CONTENT_TYPE))
        return reply.code(415).send({ message: `Send the SDP offer as ${SDP_CONTENT_TYPE}` })
      const target = request.headers[FORWARDED_HEADER]
        ? undefined
        : forwardTarget(cameraId, app.config.webrtc)
      if (target) return forward(target, request, reply)
      const camera = await playback.playbackCamera(cameraId)
      if (!webrtc.enabled) {
        reply.header('retry-after', '60')
        return reply
          .code(503)
          .send({ message: 'WebRTC playback is turned off', code: 'camera.webrtc_unavailable' })
      }
      // A restaurant's own HLS server sends segments, not H.264 this server could forward.
      if (camera.kind === 'proxy')
        return reply
          .code(409)
          .send({ message: 'This camera plays over HLS only', code: 'camera.webrtc_unavailable' })
      try {
        const feed =
          camera.kind === 'demo'
            ? await streams.feed(camera.label)
            : await fromRestream(restreams.feed(camera))
        const { sdp, session } = await whep.answer(cameraId, offer, feed)
        return reply
          .code(201)
          .type(SDP_CONTENT_TYPE)
          .header('location', `/live/${cameraId}/whep/${session.id}`)
          .header('cache-control', 'no-store')
          .send(sdp)
      } catch (error) {
        if (error instanceof WhepError) {
          if (error.kind === 'bad_offer') return reply.code(400).send({ message: error.message })
          reply.header('retry-after', '5')
          return reply.code(503).send({
            message: error.message,
            code: error.kind === 'full' ? 'camera.webrtc_full' : 'camera.webrtc_unavailable',
          })
        }
        if (!(error instanceof AppError)) throw error
        if (error.statusCode === 503) reply.header('retry-after', '2')
        return reply.code(error.statusCode).send({ message: error.message, code: error.code })
      }
    },
  )

  app.delete(
    '/live/:cameraId/whep/:sessionId',
    { schema: { hide: true, params: whepSessionParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined) throw cameraNotFound()
      const target = request.headers[FORWARDED_HEADER]
        ? undefined
        : forwardTarget(cameraId, app.config.webrtc)
      if (target) return forward(target, request, reply)
      if (!whep.end(cameraId, request.params.sessionId))
        return reply
          .code(404)
          .send({ message: 'No such WebRTC session', code: 'camera.webrtc_session_not_found' })
      return reply.code(204).send()
    },
  )

  app.get(
    '/live/:cameraId/r/:token',
    { schema: { hide: true, params: proxiedParams } },
    async (request, reply) => {
      const cameraId = parseCameraId(request.params.cameraId)
      if (cameraId === undefined) throw segmentNotFound()
      const camera = await playback.playbackCamera(cameraId).catch(() => undefined)
      if (camera?.kind !== 'proxy') throw segmentNotFound()
      try {
        const { body, contentType } = await proxy.resource(camera, request.params.token)
        const playlist = contentType.includes('mpegurl')
        return reply
          .type(contentType)
          .header('cache-control', playlist ? 'no-cache' : 'private, max-age=60')
          .send(body)
      } catch (error) {
        if (!(error instanceof CameraProxyError)) throw error
        if (error.kind === 'not_found') throw segmentNotFound()
        const offline = cameraOffline()
        reply.header('retry-after', '2')
        return reply.code(offline.statusCode).send({ message: offline.message, code: offline.code })
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
