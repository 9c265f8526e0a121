import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { SourceRefusedError } from '../infra/source-policy'
import {
  fetchSource,
  isPlaylist,
  type NestedSource,
  nestedSource,
  openHttpSource,
  readBody,
  rewritePlaylist,
} from './source-fetch'

/**
 * A restaurant's own HLS camera, served to diners by the app under /live/{cameraId}/: the browser
 * may only connect to the app (`connect-src 'self'`), and the owner's address (with any credentials
 * in it) stays on the server. The playlist is read from the source on each request and every
 * address in it (variants, segments, keys, init sections) is replaced by
 * `/live/{cameraId}/r/{token}`, where the token is the address sealed with the app's secret (bound
 * to the camera and its source, so it cannot be made up, altered or used on another camera). The
 * address policy is applied when the server reads the source, as for "Check stream": the
 * camera's own origin under OUTBOUND_PRIVATE_HOSTS, any other host only when public, no redirects.
 */

const MAX_PLAYLIST_BYTES = 1024 * 1024
const MAX_RESOURCE_BYTES = 32 * 1024 * 1024
const TIMEOUT_MS = 8000
const TOKEN = /^[A-Za-z0-9_-]{40,4000}$/

export interface ProxiedCamera {
  id: number
  streamUrl: string
}

export interface ProxyAnswer {
  body: Buffer | string
  contentType: string
}

/** Why a proxied camera cannot be served now: the source is down or refused. */
export class CameraProxyError extends Error {
  constructor(readonly kind: 'offline' | 'not_found' | 'refused') {
    super(kind)
    this.name = 'CameraProxyError'
  }
}

export function createCameraProxy(options: { appSecret: string; allowPrivateHosts: boolean }) {
  const key = Buffer.from(hkdfSync('sha256', options.appSecret, 'clearplate', 'camera-proxy/v1', 32))
  const bound = (camera: ProxiedCamera) => Buffer.from(`${camera.id}\n${camera.streamUrl}`)

  function seal(camera: ProxiedCamera, url: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', key, iv)
    cipher.setAAD(bound(camera))
    const sealed = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
  }

  function open(camera: ProxiedCamera, token: string): string | undefined {
    if (!TOKEN.test(token)) return undefined
    try {
      const bytes = Buffer.from(token, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
      decipher.setAAD(bound(camera))
      decipher.setAuthTag(bytes.subarray(12, 28))
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
    } catch {
      return undefined
    }
  }

  /** The playlist with every address it names replaced by this camera's own paths. */
  function rewrite(camera: ProxiedCamera, text: string, base: URL): string {
    const cameraUrl = new URL(camera.streamUrl)
    return rewritePlaylist(text, (reference) => {
      try {
        const nested = nestedSource(cameraUrl, base, reference, options.allowPrivateHosts)
        return `/live/${camera.id}/r/${seal(camera, nested.url.href)}`
      } catch {
        // Refused by the policy: the player gets an address that answers 404.
        return `/live/${camera.id}/r/refused`
      }
    })
  }

  async function read(source: NestedSource, maxBytes: number) {
    try {
      return await fetchSource(source, maxBytes, { timeoutMs: TIMEOUT_MS })
    } catch (error) {
      if (error instanceof SourceRefusedError) throw new CameraProxyError('not_found')
      throw new CameraProxyError('offline')
    }
  }

  return {
    /** The camera's playlist, read from its source now. */
    async playlist(camera: ProxiedCamera): Promise<string> {
      const url = new URL(camera.streamUrl)
      let body: Buffer
      try {
        const response = await openHttpSource(url, options.allowPrivateHosts, { timeoutMs: TIMEOUT_MS })
        body = await readBody(response, MAX_PLAYLIST_BYTES)
      } catch (error) {
        throw new CameraProxyError(error instanceof SourceRefusedError ? 'refused' : 'offline')
      }
      if (!isPlaylist(body)) throw new CameraProxyError('offline')
      return rewrite(camera, body.toString('utf8'), url)
    },

    /** A variant playlist, segment, key or init section the camera's playlists named. */
    async resource(camera: ProxiedCamera, token: string): Promise<ProxyAnswer> {
      const address = open(camera, token)
      if (!address) throw new CameraProxyError('not_found')
      const url = new URL(address)
      let source: NestedSource
      try {
        // Judged again now: the operator's switch may have changed since the playlist was read.
        source = nestedSource(new URL(camera.streamUrl), url, url.href, options.allowPrivateHosts)
      } catch {
        throw new CameraProxyError('not_found')
      }
      const { body, contentType } = await read(source, MAX_RESOURCE_BYTES)
      if (isPlaylist(body))
        return {
          body: rewrite(camera, body.toString('utf8'), url),
          contentType: 'application/vnd.apple.mpegurl',
        }
      return { body, contentType: safeContentType(contentType, url) }
    },
  }
}
export type CameraProxy = ReturnType<typeof createCameraProxy>

/** Only media types go back to the browser, never the source's HTML or script. */
function safeContentType(declared: string, url: URL): string {
  const type = declared.split(';')[0]!.trim().toLowerCase()
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(type)) return type
  if (/\.(mp4|m4s|m4v)$/i.test(url.pathname)) return 'video/mp4'
  if (/\.aac$/i.test(url.pathname)) return 'audio/aac'
  return type === 'application/octet-stream' && /key/i.test(url.pathname) ? type : 'video/mp2t'
}
