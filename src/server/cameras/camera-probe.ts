import { spawn } from 'node:child_process'
import { createDecipheriv } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { CameraCheck } from '../../shared/schemas/restaurants'
import { pinSource, SourceRefusedError } from '../infra/source-policy'
import { resolveFfmpegPath } from './camera-streams'
import { inputProtocols } from './restream'
import {
  fetchSource,
  isPlaylist,
  type NestedSource,
  nestedSource,
  openHttpSource,
  readBody,
  tagAttributes,
} from './source-fetch'

/**
 * "Check stream": reads a camera's address for a few seconds and says whether there is a picture,
 * with its codec and size. Whatever went wrong, the answer is the same ("Could not read a video
 * stream at host:port"): telling a closed port from a web page from an HTTP error would make the
 * check a scanner of the network the server sits in.
 *
 * The check reads the way the restream does, under the address policy (source-fetch.ts): HTTP(S)
 * is fetched by this process without following redirects, an HLS playlist's nested addresses are
 * judged before connecting (the camera's own origin, or a public host), and ffmpeg only ever reads
 * the bytes handed to it on a pipe (`-protocol_whitelist pipe`). RTSP, RTMP and SRT go to the
 * checked address, with ffmpeg allowed only the protocols that scheme needs.
 */
export interface ProbeOptions {
  /** An ffmpeg binary; the one shipped by @ffmpeg-installer/ffmpeg when unset. */
  ffmpegPath?: string | undefined
  /** How long the whole check may take. */
  timeoutMs?: number
  /** The operator's OUTBOUND_PRIVATE_HOSTS: the camera's own host may be on a private network. */
  allowPrivateHosts: boolean
}

const DEFAULT_TIMEOUT_MS = 8000
const MAX_PLAYLIST_BYTES = 1024 * 1024
const MAX_SEGMENT_BYTES = 16 * 1024 * 1024

export async function probeStream(url: string, options: ProbeOptions): Promise<CameraCheck> {
  const where = describeAddress(url)
  const couldNotRead: CameraCheck = { ok: false, message: `Could not read a video stream at ${where}` }
  const ffmpeg = resolveFfmpegPath(options.ffmpegPath)
  if (typeof ffmpeg !== 'string')
    return { ok: false, message: `Streams cannot be checked on this server: ${ffmpeg.problem}` }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return couldNotRead
  }
  try {
    let run: Promise<{ stderr: string; timedOut: boolean }>
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
      const input = await openHttpInput(parsed, options.allowPrivateHosts, deadline)
      run = runFfmpeg(ffmpeg, pipeArgs(), Math.max(500, deadline - Date.now()), input)
    } else {
      // The host is resolved and checked now, and ffmpeg connects to the checked address.
      const pinned = await pinSource(url, options.allowPrivateHosts).catch((error: unknown) => {
        if (error instanceof SourceRefusedError) error.firstHop = true
        throw error
      })
      run = runFfmpeg(ffmpeg, networkArgs(pinned.url, timeoutMs), timeoutMs)
    }
    const { stderr } = await run
    return readProbe(stderr, { where }) ?? couldNotRead
  } catch (error) {
    // The camera's own address refused by the policy: decided before connecting, so it may say so.
    if (error instanceof SourceRefusedError && error.firstHop) return { ok: false, message: error.message }
    return couldNotRead
  }
}

type HttpInput = { kind: 'stream'; first: Buffer; rest: IncomingMessage } | { kind: 'bytes'; data: Buffer }

/**
 * What ffmpeg is given for an HTTP(S) camera: the response itself (MPEG-TS, MP4...), or for an HLS
 * playlist one segment of its first variant (with its init section, decrypted when AES-128).
 */
async function openHttpInput(camera: URL, allowPrivate: boolean, deadline: number): Promise<HttpInput> {
  const remaining = () => Math.max(500, deadline - Date.now())
  let response: IncomingMessage
  try {
    response = await openHttpSource(camera, allowPrivate, { timeoutMs: remaining() })
  } catch (error) {
    if (error instanceof SourceRefusedError) error.firstHop = true
    throw error
  }
  const first = await firstChunk(response)
  if (!isPlaylist(first)) return { kind: 'stream', first, rest: response }

  let playlistUrl = camera
  let text = (await readBody(response, MAX_PLAYLIST_BYTES, first)).toString('utf8')
  const lines = () => text.split(/\r?\n/).map((l) => l.trim())
  const nested = (reference: string): NestedSource =>
    nestedSource(camera, playlistUrl, reference, allowPrivate)

  if (text.includes('#EXT-X-STREAM-INF')) {
    const all = lines()
    const at = all.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF'))
    const variant = all.slice(at + 1).find((l) => l && !l.startsWith('#'))
    if (!variant) throw new Error('a master playlist without variants')
    const source = nested(variant)
    text = (await fetchSource(source, MAX_PLAYLIST_BYTES, { timeoutMs: remaining() })).body.toString('utf8')
    playlistUrl = source.url
  }

  // The newest segment, with the key and init section in force for it.
  let key: Record<string, string> | undefined
  let map: string | undefined
  let segment: { uri: string; sequence: number; key?: Record<string, string>; map?: string } | undefined
  let next = 0
  for (const line of lines()) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) next = Number(line.split(':')[1]) || 0
    else if (line.startsWith('#EXT-X-KEY:')) key = tagAttributes(line)
    else if (line.startsWith('#EXT-X-MAP:')) map = tagAttributes(line).URI
    else if (line && !line.startsWith('#')) segment = { uri: line, sequence: next++, key, map }
  }
  if (!segment) throw new Error('a playlist without segments')
  // Every address is judged before any is read.
  const segmentSource = nested(segment.uri)
  const method = segment.key?.METHOD ?? 'NONE'
  if (method !== 'NONE' && method !== 'AES-128') throw new Error(`${method} encryption cannot be checked`)
  const keySource = method === 'AES-128' ? nested(segment.key?.URI ?? '') : undefined
  const mapSource = segment.map ? nested(segment.map) : undefined

  let data = (await fetchSource(segmentSource, MAX_SEGMENT_BYTES, { timeoutMs: remaining() })).body
  if (keySource) {
    const keyBytes = (await fetchSource(keySource, 64, { timeoutMs: remaining() })).body
    if (keyBytes.length !== 16) throw new Error('an AES-128 key is 16 bytes')
    const iv = segment.key?.IV
      ? Buffer.from(segment.key.IV.replace(/^0x/i, '').padStart(32, '0'), 'hex')
      : sequenceIv(segment.sequence)
    const decipher = createDecipheriv('aes-128-cbc', keyBytes, iv)
    data = Buffer.concat([decipher.update(data), decipher.final()])
  }
  if (mapSource) {
    const init = (await fetchSource(mapSource, MAX_PLAYLIST_BYTES * 4, { timeoutMs: remaining() })).body
    data = Buffer.concat([init, data])
  }
  return { kind: 'bytes', data }
}

function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16)
  iv.writeBigUInt64BE(BigInt(sequence), 8)
  return iv
}

function firstChunk(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      response.pause()
      cleanup()
      resolve(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.alloc(0))
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const cleanup = () => {
      response.off('data', onData)
      response.off('end', onEnd)
      response.off('error', onError)
    }
    response.on('data', onData)
    response.once('end', onEnd)
    response.once('error', onError)
  })
}

const ANALYSE = ['-analyzeduration', '3000000', '-probesize', '5000000']
const FIRST_FRAME = ['-map', '0:v:0?', '-frames:v', '1', '-f', 'null', '-']

/** ffmpeg reading only its standard input: a playlist in it could not make ffmpeg fetch anything. */
function pipeArgs(): string[] {
  return ['-hide_banner', '-protocol_whitelist', 'pipe', ...ANALYSE, '-i', 'pipe:0', ...FIRST_FRAME]
}

function networkArgs(url: string, timeoutMs: number): string[] {
  const ioTimeoutUs = String(Math.max(1000, timeoutMs - 1500) * 1000)
  const protocol = new URL(url).protocol
  const timeout =
    protocol === 'rtsp:' ? ['-rtsp_transport', 'tcp', '-stimeout', ioTimeoutUs] : ['-rw_timeout', ioTimeoutUs]
  return [
    '-hide_banner',
    '-nostdin',
    '-protocol_whitelist',
    inputProtocols(protocol),
    ...timeout,
    ...ANALYSE,
    '-i',
    url,
    ...FIRST_FRAME,
  ]
}

/** The picture ffmpeg found, from its report; undefined when there is none. Exported for its tests. */
export function readProbe(stderr: string, { where }: { where: string }): CameraCheck | undefined {
  const video = /Stream #\d+:\d+[^:]*: Video: ([a-z0-9_]+)[^\n]*?\b(\d{2,5})x(\d{2,5})\b/i.exec(stderr)
  if (!video) return undefined
  return {
    ok: true,
    codec: video[1]!.toLowerCase(),
    width: Number(video[2]),
    height: Number(video[3]),
    message: `Found a ${video[2]}x${video[3]} ${video[1]!.toUpperCase()} picture at ${where}`,
  }
}

/** "cam.example.com:8554" for messages: the host and port, never the credentials or path. */
export function describeAddress(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.host || url
  } catch {
    return 'that address'
  }
}

function runFfmpeg(
  path: string,
  args: string[],
  timeoutMs: number,
  input?: HttpInput,
): Promise<{ stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(path, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] })
    let stderr = ''
    let timedOut = false
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      // The header is all that matters; keep memory bounded however chatty ffmpeg is.
      if (stderr.length < 64 * 1024) stderr += chunk
    })
    if (input && child.stdin) {
      child.stdin.on('error', () => {})
      if (input.kind === 'bytes') child.stdin.end(input.data)
      else {
        child.stdin.write(input.first)
        // The whole body may have come with the first chunk.
        if (input.rest.readableEnded) child.stdin.end()
        else input.rest.pipe(child.stdin)
        input.rest.on('error', () => child.stdin?.end())
        input.rest.resume()
      }
    }
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    const done = () => {
      clearTimeout(timer)
      if (input?.kind === 'stream') input.rest.destroy()
      resolve({ stderr, timedOut })
    }
    child.on('error', (error) => {
      stderr += `\n${error.message}`
      done()
    })
    child.on('close', done)
  })
}
