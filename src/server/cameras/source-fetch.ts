import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import {
  guardedLookup,
  hostOf,
  isPrivateAddress,
  outboundAddressProblem,
  PRIVATE_SOURCE_MESSAGE,
  SourceRefusedError,
} from '../infra/source-policy'

/**
 * Reading a restaurant's HTTP(S) camera source in this process, under the address policy: the
 * lookup refuses private addresses (unless allowed) on the very address the socket connects to, a
 * redirect is never followed, and anything but a 2xx is a failure. An HLS playlist's nested
 * addresses (variants, segments, keys, init sections) are judged by `nestedSource` before anything
 * connects to them: the camera's own origin keeps the operator's OUTBOUND_PRIVATE_HOSTS, any other
 * host must be public, so a playlist cannot point the server at another port or host of its network.
 */

export class SourceHttpError extends Error {
  constructor(readonly status: number) {
    super(`the source answered HTTP ${status}`)
    this.name = 'SourceHttpError'
  }
}

/** Opens an HTTP(S) source; resolves once a 2xx has answered, with the body still to read. */
export function openHttpSource(
  url: URL,
  allowPrivate: boolean,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<IncomingMessage> {
  const timeoutMs = options.timeoutMs ?? 8000
  // A socket connects to an IP literal without a lookup: judge it here.
  const host = hostOf(url)
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new SourceRefusedError(PRIVATE_SOURCE_MESSAGE, host))
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new SourceRefusedError('Only http and https addresses can be read here'))
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      lookup: guardedLookup(allowPrivate),
      headers: { 'user-agent': 'Clearplate camera', accept: '*/*', ...options.headers },
      timeout: timeoutMs,
    })
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.destroy()
        reject(new SourceHttpError(status))
        return
      }
      // Silence after the start counts as a drop.
      response.setTimeout(timeoutMs, () => response.destroy(new Error('the source went silent')))
      resolve(response)
    })
    request.on('timeout', () => request.destroy(new Error('the source did not answer in time')))
    request.on('error', (error) => reject(error))
    request.end()
  })
}

/** Reads a whole body, at most `maxBytes` (more is a failure, not a truncation). */
export function readBody(response: IncomingMessage, maxBytes: number, first?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = first ? [first] : []
    let size = first?.length ?? 0
    // The whole body may have come with the first chunk.
    if (response.readableEnded) {
      resolve(Buffer.concat(chunks))
      return
    }
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(new Error(`the source sent more than ${maxBytes} bytes`))
        return
      }
      chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks)))
    response.on('error', reject)
    response.on('close', () => {
      if (!response.complete) reject(new Error('the source hung up'))
    })
    // A response paused after its first chunk flows again.
    response.resume()
  })
}

export async function fetchSource(
  source: NestedSource,
  maxBytes: number,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<{ body: Buffer; contentType: string; headers: IncomingMessage['headers']; status: number }> {
  const response = await openHttpSource(source.url, source.allowPrivate, options)
  const body = await readBody(response, maxBytes)
  return {
    body,
    contentType: String(response.headers['content-type'] ?? ''),
    headers: response.headers,
    status: response.statusCode ?? 200,
  }
}

export interface NestedSource {
  url: URL
  /** What the connection may reach: the operator's switch on the camera's own origin, else public only. */
  allowPrivate: boolean
}

/**
 * An address found inside a camera's playlist, resolved against the playlist's own address and
 * judged before anything connects to it. Throws SourceRefusedError.
 */
export function nestedSource(camera: URL, base: URL, reference: string, allowPrivate: boolean): NestedSource {
  let url: URL
  try {
    url = new URL(reference, base)
  } catch {
    throw new SourceRefusedError('The playlist names an address that cannot be read')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SourceRefusedError('The playlist names an address that cannot be read')
  if (url.origin === camera.origin) return { url, allowPrivate }
  const problem = outboundAddressProblem(url.href, false)
  if (problem) throw new SourceRefusedError(problem, hostOf(url))
  return { url, allowPrivate: false }
}

/** True when the bytes are an HLS playlist (a UTF-8 byte-order mark allowed). */
export function isPlaylist(body: Buffer): boolean {
  return body
    .subarray(0, 16)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('#EXTM3U')
}

const URI_ATTRIBUTE = /URI="([^"]*)"/g

/**
 * Every address in a playlist, given to `map` (segment and variant lines, and the URI="" of keys,
 * init sections, renditions, parts...), replaced by what it answers.
 */
export function rewritePlaylist(text: string, map: (reference: string) => string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim()
      if (!trimmed) return line
      if (!trimmed.startsWith('#')) return map(trimmed)
      if (!trimmed.startsWith('#EXT')) return line
      return line.replace(URI_ATTRIBUTE, (_all, uri: string) => `URI="${map(uri)}"`)
    })
    .join('\n')
}

/** The attributes of a tag line (`#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x..`). */
export function tagAttributes(line: string): Record<string, string> {
  const out: Record<string, string> = {}
  const body = line.slice(line.indexOf(':') + 1)
  for (const match of body.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g))
    out[match[1]!] = match[2]!.replace(/^"|"$/g, '')
  return out
}
